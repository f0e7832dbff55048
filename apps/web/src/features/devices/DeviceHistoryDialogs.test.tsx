import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AppProviders } from '../../app/AppProviders';
import { writeStoredUser } from '../../lib/userStorage';
import { makeSpeaker } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { PlayHistoryDialog } from './DeviceHistoryDialogs';

const entry = { thoigian: 1_763_700_000, idphien: 's-1', thutu: 0, url: '/media/audio/1763700000000-0123456789abcdef-ban-tin-l%C5%A9.mp3', tieude: 'Cảnh báo lũ quét', tenmuc: 'ban-tin-lũ.mp3' };

describe('play history of a device', () => {
  it("shows the bulletin's title, the item's readable name and the reason in Vietnamese", async () => {
    fakeServer({
      'GET /v1/client/thietbi/lichsubantin?id=d-1&page=1&limit=20': {
        status: 200,
        body: { data: { total: 2, items: [
          { ...entry, sukien: 'finished', loi: 'preempted', lydo: 'Bị ngắt bởi bản tin khác' },
          { ...entry, sukien: 'started', loi: null, lydo: null },
        ] } },
      },
    });
    writeStoredUser(makeUser());
    render(<AppProviders socketFactory={fakeSocket().factory}><PlayHistoryDialog device={makeSpeaker()} onClose={() => undefined} /></AppProviders>);
    const dialog = await screen.findByRole('dialog');
    const rows = await within(dialog).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Cảnh báo lũ quét');
    expect(rows[1]).toHaveTextContent('1. ban-tin-lũ.mp3');
    expect(rows[1]).toHaveTextContent('Bị ngắt bởi bản tin khác');
    expect(dialog).not.toHaveTextContent('preempted');
    expect(dialog).not.toHaveTextContent('0123456789abcdef');
  });
});
