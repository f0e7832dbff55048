import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@loa/contract';
import { hardNavigation } from '../lib/navigation';
import { makeUser, overviewAnswer } from '../test/fixtures';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';

const overview = overviewAnswer();

describe('route guard', () => {
  it('sends a logged-out visitor of a product route to /login', async () => {
    fakeServer({});
    const { router } = renderApp('/quan-ly-thiet-bi');
    expect(await screen.findByLabelText('Tên tài khoản')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/quan-ly-thiet-bi' });
  });

  it('sends a logged-out visitor of / to /login', async () => {
    fakeServer({});
    const { router } = renderApp('/');
    await screen.findByLabelText('Mật khẩu');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('after login goes back where the visitor was going', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => undefined);
    const server = fakeServer({ 'POST /v1/client/login': { status: 200, body: { data: makeUser({ DeviceID: 'dev-9' }) } } });
    renderApp('/nhat-ky-he-thong');
    await userEvent.type(await screen.findByLabelText('Tên tài khoản'), 'canbo.xa');
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'matkhau123{Enter}');
    await waitFor(() => expect(go).toHaveBeenCalledWith('/nhat-ky-he-thong'));
    expect(server.calls[0].body).toMatchObject({ tentaikhoan: 'canbo.xa', password: 'matkhau123', DeviceID: null });
    expect(JSON.parse(localStorage.getItem('loa.user') ?? '{}')).toMatchObject({ userID: 'u-1', DeviceID: 'dev-9' });
  });

  it('after a direct login goes to /tong-quan and reuses the stored device id', async () => {
    const go = vi.spyOn(hardNavigation, 'go').mockImplementation(() => undefined);
    localStorage.setItem('loa.deviceId', 'dev-old');
    const server = fakeServer({ 'POST /v1/client/login': { status: 200, body: { data: makeUser() } } });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Tên tài khoản'), 'a');
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'b');
    await userEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/tong-quan'));
    expect(server.calls[0].body).toMatchObject({ DeviceID: 'dev-old' });
  });

  it('shows the server message when the login is refused and re-enables the button', async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => undefined;
    const pending = new Promise<{ status: number; body: unknown }>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', vi.fn(async () => {
      const reply = await pending;
      return { status: reply.status, text: async () => JSON.stringify(reply.body) } as Response;
    }));
    document.cookie = 'loa_csrf=x; path=/';
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Tên tài khoản'), 'a');
    await userEvent.type(screen.getByLabelText('Mật khẩu'), 'b{Enter}');
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeDisabled();
    answer({ status: 400, body: { message: MSG.wrongCredentials } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.wrongCredentials);
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeEnabled();
  });

  it('sends a logged-in user who opens /login to /tong-quan', async () => {
    fakeServer({ 'GET /v1/client/tongquan': overview });
    const { router } = renderApp('/login', { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Tổng quan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tong-quan');
  });

  it('redirects / to /tong-quan and shows the real counts', async () => {
    fakeServer({ 'GET /v1/client/tongquan': overview });
    const { router } = renderApp('/', { user: makeUser() });
    expect(await screen.findByText('13')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('Thôn: 4')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tong-quan');
  });

  it('shows a product screen title and what it will manage', async () => {
    fakeServer({});
    renderApp('/quan-ly-lich-phat', { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Quản lý lịch phát' })).toBeInTheDocument();
  });

  it('serves /notification-{service} behind login', async () => {
    fakeServer({});
    renderApp('/notification-sms', { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Thông báo qua sms' })).toBeInTheDocument();
  });

  it('shows the Vietnamese 404 page for an unknown route', async () => {
    fakeServer({});
    renderApp('/khong-ton-tai/abc', { user: makeUser() });
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang' })).toBeInTheDocument();
    renderApp('/trang-la');
    expect(await screen.findAllByRole('heading', { name: 'Không tìm thấy trang' })).toHaveLength(2);
  });
});
