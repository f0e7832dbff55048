import { describe, expect, it, vi } from 'vitest';
import { hardNavigation } from '../../lib/navigation';
import { screen, waitFor } from '@testing-library/react';
import { EVENTS, MSG } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { renderApp } from '../../test/renderApp';

const unchanged = { 'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } } };

describe('an account changed by an administrator while signed in', () => {
  it('takes the new rights at once: the emergency button follows without a new sign-in', async () => {
    const socket = fakeSocket();
    const server = fakeServer({ ...unchanged, 'GET /v1/client/nguoidung/laythongtin': { status: 200, body: { data: makeUser({ quyenhan: [] }) } } });
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    expect(await screen.findByRole('button', { name: 'Phát khẩn cấp' })).toBeEnabled();
    await socket.emitWhenHeard(EVENTS.accountChanged, { lydo: 'capnhat' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Phát khẩn cấp' })).toBeDisabled());
    expect(server.calls.some((c) => c.path === '/v1/client/nguoidung/laythongtin')).toBe(true);
    expect(JSON.parse(localStorage.getItem('loa.user') ?? '{}').quyenhan).toEqual([]);
  });

  it('reads the user again when the real-time connection comes up: a change made before it joined is not missed', async () => {
    const socket = fakeSocket();
    const server = fakeServer({ ...unchanged, 'GET /v1/client/nguoidung/laythongtin': { status: 200, body: { data: makeUser({ quyenhan: [] }) } } });
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    expect(await screen.findByRole('button', { name: 'Phát khẩn cấp' })).toBeEnabled();
    expect(server.calls.some((c) => c.path === '/v1/client/nguoidung/laythongtin')).toBe(false);
    await socket.emitWhenHeard('connect');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Phát khẩn cấp' })).toBeDisabled());
  });

  it('ends a locked session on /login, saying the account was locked', async () => {
    const socket = fakeSocket();
    fakeServer(unchanged);
    const { router } = renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    await screen.findByRole('button', { name: 'Phát khẩn cấp' });
    await socket.emitWhenHeard(EVENTS.accountChanged, { lydo: 'khoa' });
    expect(await screen.findByTestId('session-ended')).toHaveTextContent('Tài khoản của bạn đã bị khoá');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?lydo=khoa');
  });

  it('says on /login that the session was ended from another device', async () => {
    const socket = fakeSocket();
    fakeServer(unchanged);
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    await screen.findByRole('button', { name: 'Phát khẩn cấp' });
    await socket.emitWhenHeard(EVENTS.deviceLogout, 'dev-1');
    expect(await screen.findByTestId('session-ended')).toHaveTextContent('Bạn đã bị đăng xuất từ một thiết bị khác.');
  });

  it('a console coming back into view after its session expired goes to /login at once, saying so', async () => {
    const socket = fakeSocket();
    fakeServer(unchanged);
    renderApp('/huong-dan', { user: makeUser(), socketFactory: socket.factory });
    await screen.findByRole('button', { name: 'Phát khẩn cấp' });
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => undefined);
    fakeServer({ ...unchanged, 'GET /v1/client/nguoidung/laythongtin': { status: 401, body: { message: MSG.sessionExpired, auto: 'no', lydo: 'hethan' } } });
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/login?lydo=hethan'));
    go.mockRestore();
  });

  it('reads the reason from the address, so it survives a reload', async () => {
    fakeServer({});
    renderApp('/login?lydo=hethan');
    expect(await screen.findByTestId('session-ended')).toHaveTextContent(MSG.sessionExpired);
  });
});
