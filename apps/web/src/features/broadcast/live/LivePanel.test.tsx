import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENTS, MSG } from '@loa/contract';
import { fakeServer } from '../../../test/fakeServer';
import { fakeSocket } from '../../../test/fakeSocket';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { playCue } from './cues';
import { makeLive } from './liveFixtures';

vi.mock('./cues', () => ({ playCue: vi.fn() }));

const theirs = makeLive({ idlichphat: 'lp-other', nguoitao: 'u-9', type: 'phatlich', nguonphat: { ...makeLive().nguonphat, tenchuongtrinh: null } });
const playState = (entry: ReturnType<typeof makeLive>, trangthai: boolean) => ({
  trangthai, idlichphat: entry.idlichphat, nguonphat: entry.nguonphat, nguoncho: entry.nguoncho, file: entry.nguondangphat, nguoitao: entry.nguoitao, type: entry.type, lichphat: trangthai ? entry : null,
});

function serve(mine: unknown[] = [], live: unknown[] = [theirs]) {
  return fakeServer({
    'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } },
    'GET /v1/client/lichphat/lichphatdangphat': { status: 200, body: { data: live } },
    'GET /v1/client/phatngay/userdangphat': { status: 200, body: { data: mine } },
    'POST /v1/client/phatngay/dungphatngay': { status: 200, body: { data: null } },
  });
}
const card = (id: string) => screen.queryAllByTestId('live-card').find((c) => c.dataset.id === id);

describe('live broadcasts panel', () => {
  it('loads running broadcasts, then adds, replaces and removes cards from socket events with sounds', async () => {
    serve();
    const socket = fakeSocket();
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    await userEvent.click(await screen.findByRole('button', { name: /^Đang phát/ }));
    await waitFor(() => expect(card('lp-other')).toBeDefined());
    expect(within(card('lp-other')!).getByText(MSG.undefinedProgram)).toBeInTheDocument();
    expect(within(card('lp-other')!).queryByRole('button', { name: 'Dừng' })).not.toBeInTheDocument();
    expect(within(card('lp-other')!).getByRole('button', { name: 'Nghe' })).toBeInTheDocument();

    const mine = makeLive({ idlichphat: 'lp-mine', thoigianketthuc: Date.now() + 3_600_000 });
    await socket.emitSettled(EVENTS.playState, playState(mine, true));
    expect(playCue).toHaveBeenLastCalledWith('start');
    expect(screen.getAllByTestId('live-card')).toHaveLength(2);
    const title = within(card('lp-mine')!).getByRole('heading');
    expect(title).toHaveTextContent(/^Thông báo phòng c\.\.\.$/);
    expect(within(card('lp-mine')!).getByTestId('live-countdown').textContent).toMatch(/^(00:59:59|01:00:0[01])$/);
    expect(within(card('lp-mine')!).getByRole('button', { name: 'Dừng' })).toBeInTheDocument();

    await socket.emitSettled(EVENTS.playState, playState({ ...mine, nguondangphat: 'phan-2.mp3' }, true));
    expect(screen.getAllByTestId('live-card')).toHaveLength(2);
    expect(card('lp-mine')).toHaveTextContent('phan-2.mp3');

    await socket.emitSettled(EVENTS.waitingRepeat, { idlichphat: 'lp-mine', chophatlai: true, thoigianchophatlai: Date.now() + 120_000 });
    expect(within(card('lp-mine')!).getByTestId('live-countdown').textContent).toMatch(/^00:0(1:59|2:0[01])$/);
    expect(card('lp-mine')).toHaveTextContent('Phát lại sau');

    await socket.emitSettled(EVENTS.playState, playState(mine, false));
    expect(playCue).toHaveBeenLastCalledWith('stop');
    expect(card('lp-mine')).toBeUndefined();
    expect(screen.getAllByTestId('live-card')).toHaveLength(1);
  });

  it('says on the card who interrupted it and until when, and clears it when it plays everywhere again', async () => {
    serve();
    const socket = fakeSocket();
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    await userEvent.click(await screen.findByRole('button', { name: /^Đang phát/ }));
    await waitFor(() => expect(card('lp-other')).toBeDefined());
    // 08:15 and 08:40 in Vietnam (UTC+7).
    const luc = Date.UTC(2026, 10, 24, 1, 15);
    const ketthuc = Date.UTC(2026, 10, 24, 1, 40);
    const cut = makeLive({
      idlichphat: 'lp-cut', sothietbi: 5,
      bingat: { kieu: 'ngat', idlichphat: 'lp-x', tieude: 'Lũ quét', nguoitao: { _id: 'u-7', hoten: 'Trần Bình' }, uutien: 1, luc, ketthuc, soloa: 2 },
    });
    await socket.emitSettled(EVENTS.playState, playState(cut, true));
    expect(within(card('lp-cut')!).getByTestId('live-cut')).toHaveTextContent('Bị ngắt bởi "Lũ quét" (Trần Bình) lúc 08:15 trên 2/5 loa; tiếp tục sau khi bản tin đó kết thúc (08:40).');
    await socket.emitSettled(EVENTS.playState, playState({ ...cut, bingat: { ...cut.bingat!, kieu: 'cho' } }, true));
    expect(within(card('lp-cut')!).getByTestId('live-cut')).toHaveTextContent('Đang chờ "Lũ quét" (Trần Bình) kết thúc trên 2/5 loa; sẽ phát ở đó sau 08:40.');
    await socket.emitSettled(EVENTS.playState, playState({ ...cut, bingat: null }, true));
    expect(within(card('lp-cut')!).queryByTestId('live-cut')).not.toBeInTheDocument();
  });

  it("starts the sound on the first click of 'Nghe' and stops it on the second (issue #32)", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    try {
      serve();
      renderApp('/huong-dan', { user: makeUser(), socketFactory: fakeSocket().factory });
      await userEvent.click(await screen.findByRole('button', { name: /^Đang phát/ }));
      await waitFor(() => expect(card('lp-other')).toBeDefined());
      const listen = within(card('lp-other')!).getByRole('button', { name: 'Nghe' });
      await userEvent.click(listen);
      expect(play).toHaveBeenCalledTimes(1);
      const audio = within(card('lp-other')!).getByTestId('live-audio');
      expect(play.mock.contexts[0]).toBe(audio);
      expect(audio).toHaveAttribute('src', '/v1/client/phatngay/nghe/lp-other');
      expect(listen).toHaveAttribute('aria-pressed', 'true');
      expect(within(card('lp-other')!).queryByTestId('live-audio-refused')).not.toBeInTheDocument();
      await userEvent.click(listen);
      expect(within(card('lp-other')!).queryByTestId('live-audio')).not.toBeInTheDocument();
    } finally {
      play.mockRestore();
    }
  });

  it("shows the player with a word on what to press when the browser refuses to start the sound", async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('autoplay', 'NotAllowedError'));
    try {
      serve();
      renderApp('/huong-dan', { user: makeUser(), socketFactory: fakeSocket().factory });
      await userEvent.click(await screen.findByRole('button', { name: /^Đang phát/ }));
      await waitFor(() => expect(card('lp-other')).toBeDefined());
      await userEvent.click(within(card('lp-other')!).getByRole('button', { name: 'Nghe' }));
      expect(play).toHaveBeenCalledTimes(1);
      expect(await within(card('lp-other')!).findByTestId('live-audio-refused')).toHaveTextContent('bấm nút phát (▶) trên trình nghe');
      expect(within(card('lp-other')!).getByTestId('live-audio')).toHaveAttribute('controls');
    } finally {
      play.mockRestore();
    }
  });

  it("shows each card's speakers playing / chosen, and those that failed or are offline, updated live", async () => {
    const reach = { sothietbi: 3, online: 2, dangphat: 1, loi: [], soloi: 0, matketnoi: [{ _id: 'd-3', tenthietbi: 'Loa bến', tendiaban: 'Xã Hải An', lydo: null }], somatketnoi: 1 };
    const mine = makeLive({ idlichphat: 'lp-mine', phamvi: reach });
    serve([mine], [mine]);
    const socket = fakeSocket();
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    await userEvent.click(await screen.findByRole('button', { name: /^Đang phát/ }));
    await waitFor(() => expect(card('lp-mine')).toBeDefined());
    expect(within(card('lp-mine')!).getByTestId('reach-playing')).toHaveTextContent('1 / 3 loa');
    expect(within(card('lp-mine')!).getByTestId('reach-offline')).toHaveTextContent('Mất kết nối (1)Xã Hải An / Loa bến');
    expect(within(card('lp-mine')!).queryByTestId('reach-failed')).not.toBeInTheDocument();

    await socket.emitSettled(EVENTS.reach, {
      idlichphat: 'lp-mine',
      phamvi: { ...reach, online: 3, dangphat: 2, loi: [{ _id: 'd-2', tenthietbi: 'Loa đình', tendiaban: 'Xã Tân Lập', lydo: 'Không tải được âm thanh (máy chủ trả lỗi 404)' }], soloi: 1, matketnoi: [], somatketnoi: 0 },
    });
    expect(within(card('lp-mine')!).getByTestId('reach-playing')).toHaveTextContent('2 / 3 loa');
    expect(within(card('lp-mine')!).getByTestId('reach-failed')).toHaveTextContent('Lỗi phát (1)Xã Tân Lập / Loa đình — Không tải được âm thanh (máy chủ trả lỗi 404)');
    expect(within(card('lp-mine')!).queryByTestId('reach-offline')).not.toBeInTheDocument();
    // The next item's play state (no reach in it) keeps the figures.
    await socket.emitSettled(EVENTS.playState, playState({ ...mine, phamvi: undefined, nguondangphat: 'phan-2.mp3' }, true));
    expect(card('lp-mine')).toHaveTextContent('phan-2.mp3');
    expect(within(card('lp-mine')!).getByTestId('reach-playing')).toHaveTextContent('2 / 3 loa');
  });

  it('says the same of a card waiting to repeat before and after a reload', async () => {
    const repeatAt = Date.now() + 300_000;
    const playing = makeLive({ idlichphat: 'lp-rep', kieulaplai: 2, solanlaplai: 2, nguondangphat: 'phan-cuoi.mp3', nguoncho: [] });
    const cardText = async () => {
      await userEvent.click(await screen.findByRole('button', { name: /^Đang phát/ }));
      await waitFor(() => expect(card('lp-rep')).toBeDefined());
      return () => card('lp-rep')!.textContent!.replace(within(card('lp-rep')!).getByTestId('live-countdown').textContent!, '');
    };
    serve([], [playing]);
    const socket = fakeSocket();
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    const before = await cardText();
    await socket.emitSettled(EVENTS.waitingRepeat, { idlichphat: 'lp-rep', chophatlai: true, thoigianchophatlai: repeatAt });
    const live = before();
    expect(live).toContain('Đang chờ phát lại');
    expect(live).not.toContain('phan-cuoi.mp3');
    cleanup();

    // After a reload the server answers the waiting session as it is: nothing playing, the whole programme queued.
    serve([], [{ ...playing, chophatlai: true, thoigianchophatlai: repeatAt, thoigianketthuc: repeatAt, nguondangphat: null, nguoncho: ['ban-tin-bao.mp3', 'phan-cuoi.mp3'] }]);
    renderApp('/huong-dan', { user: makeUser(), socketFactory: fakeSocket().factory });
    expect((await cardText())()).toBe(live);
  });

  it('turns the header button into Stop broadcast for the user\'s own broadcast and back', async () => {
    const server = serve([makeLive({ idlichphat: 'lp-mine' })]);
    const socket = fakeSocket();
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    await userEvent.click(await screen.findByRole('button', { name: 'Dừng phát' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.stopSuccess));
    expect(server.calls.some((c) => c.path === '/v1/client/phatngay/dungphatngay')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Phát khẩn cấp' })).toBeEnabled();

    await socket.emitSettled(EVENTS.playState, playState(makeLive({ idlichphat: 'lp-2', nguoitao: 'u-1' }), true));
    expect(await screen.findByRole('button', { name: 'Dừng phát' })).toBeInTheDocument();
    await socket.emitSettled(EVENTS.stopImmediate, { trangthai: false });
    expect(await screen.findByRole('button', { name: 'Phát khẩn cấp' })).toBeInTheDocument();

    await socket.emitSettled(EVENTS.playState, playState(makeLive({ idlichphat: 'lp-3', nguoitao: 'u-9' }), true));
    expect(screen.getByRole('button', { name: 'Phát khẩn cấp' })).toBeInTheDocument();
  });

  it('opens the broadcast-now dialog from the header button', async () => {
    serve();
    fakeServer({
      'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } },
      'POST /v1/client/lichphat/danhsachdiaban': { status: 200, body: { data: [] } },
    });
    renderApp('/huong-dan', { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Phát khẩn cấp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Phát khẩn cấp' }, { timeout: 5000 });
    expect(within(dialog).getByLabelText('Tên chương trình')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Thêm nguồn phát' })).toBeInTheDocument();
  });
  // The socket loads after the first screen: a bulletin that starts between the list's read and the
  // socket's connection has no event for this console; the first connection reads the list again.
  it('shows a bulletin that started before the socket connected, and the Stop button for the user\'s own', async () => {
    const mine = makeLive({ idlichphat: 'lp-early', thoigianketthuc: Date.now() + 600_000 });
    let started = false;
    const server = fakeServer({
      'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } },
      'GET /v1/client/lichphat/lichphatdangphat': () => ({ status: 200, body: { data: started ? [mine] : [] } }),
      'GET /v1/client/phatngay/userdangphat': () => ({ status: 200, body: { data: started ? [mine] : [] } }),
    });
    const socket = fakeSocket();
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    expect(await screen.findByRole('button', { name: 'Đang phát: 0' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/v1/client/phatngay/userdangphat')).toHaveLength(1));
    started = true;

    await socket.emitWhenHeard('connect');
    expect(await screen.findByRole('button', { name: 'Đang phát: 1' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dừng phát' })).toBeInTheDocument();
    // Only what the socket keeps is read again, not every screen's data.
    expect(server.calls.filter((c) => c.path === '/v1/client/tongquan').length).toBeLessThanOrEqual(1);
  });
});
