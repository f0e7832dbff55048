import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { BusyBroadcast } from '@loa/contract';
import { AppProviders } from '../../../app/AppProviders';
import { fakeServer } from '../../../test/fakeServer';
import { fakeSocket } from '../../../test/fakeSocket';
import { makeUser } from '../../../test/fixtures';
import { writeStoredUser } from '../../../lib/userStorage';
import { TakeoverDialog } from './TakeoverDialog';

const STOP = { value: 'dungphatchuongtrinh', quyen: 'Dừng chương trình' };
const bulletin: BusyBroadcast = { idlichphat: 'lp-9', tieude: 'Lũ quét thôn 3', nguoitao: { _id: 'u-9', hoten: 'Trần Bình' }, uutien: 1, ketthuc: Date.UTC(2026, 10, 24, 2, 30), soloa: 2 };
// A live talk's nominal end is four hours away: it is not when it ends.
const talk: BusyBroadcast = { ...bulletin, idlichphat: 'live-1', tieude: 'Phát trực tiếp', ketthuc: Date.UTC(2026, 10, 24, 19, 15), tructiep: true };

function open(busy: BusyBroadcast[], rights = makeUser().quyenhan) {
  fakeServer({});
  writeStoredUser(makeUser({ quyenhan: rights }));
  const onTakeOver = vi.fn();
  render(
    <AppProviders socketFactory={fakeSocket().factory}>
      <TakeoverDialog open busy={busy} onTakeOver={onTakeOver} onCancel={() => undefined} />
    </AppProviders>,
  );
  return screen.getByRole('dialog');
}

describe('TakeoverDialog (issue #32 items 3 and 7)', () => {
  it('tells an officer without the stop right that she cannot interrupt another\'s bulletin, and offers no button that would fail', () => {
    const dialog = open([bulletin]);
    expect(within(dialog).getByTestId('takeover-no-right')).toHaveTextContent('Bạn không có quyền "Dừng chương trình"');
    expect(within(dialog).queryByRole('button', { name: 'Ngắt và phát' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Không ngắt' })).toBeInTheDocument();
  });

  it('names a live talk as one, without the nominal end', () => {
    const dialog = open([talk], [...makeUser().quyenhan, STOP]);
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Ngắt phát trực tiếp của Trần Bình?');
    expect(within(dialog).getByTestId('takeover-item')).toHaveTextContent('đang nói trực tiếp');
    expect(within(dialog).getByTestId('takeover-item')).not.toHaveTextContent('đến');
    expect(within(dialog).getByRole('button', { name: 'Ngắt và phát' })).toBeInTheDocument();
  });
});
