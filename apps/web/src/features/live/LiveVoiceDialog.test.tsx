import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_MESSAGES, MSG } from '@loa/contract';
import { AppProviders } from '../../app/AppProviders';
import { AREAS, makeSpeaker } from '../../test/deviceFixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { makeUser } from '../../test/fixtures';
import { writeStoredUser } from '../../lib/userStorage';
import { LiveBroadcastsProvider } from '../broadcast/live/LiveBroadcastsProvider';
import { LiveVoiceDialog } from './LiveVoiceDialog';
import { micErrorMessage } from './micCapture';

const READY = { tieude: 'Thông báo trực tiếp', loaibantin: 2, diabanchon: ['xa-1'], thietbichon: ['tatca'] };

function open(initial?: Partial<typeof READY>) {
  fakeServer({
    'POST /v1/client/lichphat/danhsachdiaban': { status: 200, body: { data: AREAS } },
    'GET /v1/client/thietbi/laythietbi?diaban=xa-1': { status: 200, body: { data: [makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ' })] } },
    'GET /v1/client/lichphat/lichphatdangphat': { status: 200, body: { data: [] } },
    'GET /v1/client/phatngay/userdangphat': { status: 200, body: { data: [] } },
  });
  writeStoredUser(makeUser());
  const socket = fakeSocket();
  render(
    <AppProviders socketFactory={socket.factory}>
      <LiveBroadcastsProvider>
        <LiveVoiceDialog open onClose={() => undefined} onAirChange={() => undefined} initial={initial ? { ...READY, ...initial } : undefined} />
      </LiveBroadcastsProvider>
    </AppProviders>,
  );
  return screen.findByRole('dialog', { name: 'Phát trực tiếp' });
}

/** The browser's microphone answering `name` (a DOMException), and an AudioContext that does nothing. */
function microphone(name: string | null) {
  const getUserMedia = vi.fn(async () => {
    if (name) throw new DOMException('refused', name);
    return { getTracks: () => [] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.stubGlobal('AudioContext', class {
    sampleRate = 48_000;
    resume = async () => undefined;
    close = async () => undefined;
  });
  return getUserMedia;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LiveVoiceDialog', () => {
  it('checks the broadcast rules of spec §5 in order before the microphone is asked for', async () => {
    const getUserMedia = microphone(null);
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bắt đầu phát trực tiếp' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.noMessageType));
    expect(within(dialog).getByLabelText('Loại bản tin')).toHaveAccessibleDescription(MSG.noMessageType);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('says in Vietnamese that the microphone was refused, and stays ready to try again', async () => {
    microphone('NotAllowedError');
    const dialog = await open({});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bắt đầu phát trực tiếp' }));
    expect(await screen.findByText(LIVE_MESSAGES.micDenied)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Bắt đầu phát trực tiếp' })).toBeTruthy();
  });

  it('says so when there is no microphone at all', async () => {
    microphone('NotFoundError');
    const dialog = await open({});
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bắt đầu phát trực tiếp' }));
    expect(await screen.findByText(LIVE_MESSAGES.micAbsent)).toBeTruthy();
  });
});

describe('micErrorMessage', () => {
  it('names what went wrong with the microphone', () => {
    expect(micErrorMessage(new DOMException('x', 'NotAllowedError'))).toBe(LIVE_MESSAGES.micDenied);
    expect(micErrorMessage(new DOMException('x', 'SecurityError'))).toBe(LIVE_MESSAGES.micDenied);
    expect(micErrorMessage(new DOMException('x', 'NotFoundError'))).toBe(LIVE_MESSAGES.micAbsent);
    expect(micErrorMessage(new DOMException('x', 'NotReadableError'))).toBe(LIVE_MESSAGES.micBusy);
    expect(micErrorMessage(new Error('no mediaDevices'))).toBe(LIVE_MESSAGES.micUnsupported);
  });
});
