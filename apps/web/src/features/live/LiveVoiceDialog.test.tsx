import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, LIVE_MESSAGES, MSG, liveEndedByOther } from '@loa/contract';
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

function open(initial?: Partial<typeof READY>, socket = fakeSocket()) {
  fakeServer({
    'POST /v1/client/lichphat/danhsachdiaban': { status: 200, body: { data: AREAS } },
    'GET /v1/client/thietbi/laythietbi?diaban=xa-1': { status: 200, body: { data: [makeSpeaker({ _id: 'd-1', tenthietbi: 'Loa chợ' })] } },
    'GET /v1/client/lichphat/lichphatdangphat': { status: 200, body: { data: [] } },
    'GET /v1/client/phatngay/userdangphat': { status: 200, body: { data: [] } },
  });
  writeStoredUser(makeUser());
  render(
    <AppProviders socketFactory={socket.factory}>
      <LiveBroadcastsProvider>
        <LiveVoiceDialog open onClose={() => undefined} onAirChange={() => undefined} initial={initial ? { ...READY, ...initial } : undefined} />
      </LiveBroadcastsProvider>
    </AppProviders>,
  );
  return screen.findByRole('dialog', { name: 'Phát trực tiếp' });
}

/** A Web Audio graph that does nothing (the microphone's capture is built on it). */
const audioNode = () => ({ connect: () => undefined, disconnect: () => undefined, gain: { value: 1 } });

/** The browser's microphone answering `name` (a DOMException), and an AudioContext that does nothing. */
function microphone(name: string | null) {
  const getUserMedia = vi.fn(async () => {
    if (name) throw new DOMException('refused', name);
    return { getTracks: () => [] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  vi.stubGlobal('AudioContext', class {
    sampleRate = 48_000;
    destination = audioNode();
    resume = async () => undefined;
    close = async () => undefined;
    createMediaStreamSource = audioNode;
    createGain = audioNode;
    audioWorklet = { addModule: async () => undefined };
  });
  // The capture runs in an AudioWorklet (captureWorklet.ts): a node whose port never posts here.
  vi.stubGlobal('AudioWorkletNode', class {
    port = { onmessage: null, close: () => undefined };
    connect = () => undefined;
    disconnect = () => undefined;
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

  it('tells the officer whose live talk was taken over, as a warning that stays in the dialog, who cut her off and when (issue #32 item 3)', async () => {
    microphone(null);
    const socket = fakeSocket({ [LIVE_EVENTS.start]: () => ({ ok: true, data: { idlichphat: 'live-1', batdau: Date.now(), chuong: 0 } }) });
    const dialog = await open({}, socket);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bắt đầu phát trực tiếp' }));
    expect(await within(dialog).findByRole('button', { name: 'Dừng phát trực tiếp' })).toBeTruthy();
    const message = liveEndedByOther({ hoten: 'Quản trị huyện', at: '14:05:09', takenOverBy: 'Cảnh báo bão số 9' });
    await socket.emitWhenHeard(LIVE_EVENTS.ended, { idlichphat: 'live-1', message, canhbao: true });
    // The snackbar says it as a warning, not a green success; the dialog keeps it until the next start.
    const notes = await screen.findAllByText(message);
    expect(notes.map((n) => n.closest('.MuiAlert-root')?.className)).toEqual([expect.stringContaining('Warning'), expect.stringContaining('Warning')]);
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(message).toBe('Phát trực tiếp của bạn đã bị Quản trị huyện ngắt lúc 14:05:09 để phát "Cảnh báo bão số 9"!');
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
