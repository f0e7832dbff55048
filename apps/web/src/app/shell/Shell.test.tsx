import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENTS } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { fakeSocket } from '../../test/fakeSocket';
import { renderApp } from '../../test/renderApp';
import { formatHeaderDate } from './formatHeaderDate';

const quietServer = () => fakeServer({ 'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } }, 'GET /v1/client/logout': { status: 200, body: { data: null } } });

describe('shell', () => {
  it('lists the side menu in the order of spec §2', async () => {
    quietServer();
    const quyenhan = [{ value: 'quanlytaikhoan', quyen: 'Quản lý tài khoản' }, { value: 'xemnhatky', quyen: 'Xem nhật ký hệ thống' }];
    renderApp('/quan-ly-thiet-bi', { user: makeUser({ quyenhan }) });
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    const labels = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(labels).toEqual(['Tổng quan', 'Quản lý thiết bị', 'Quản lý lịch phát', 'Bản đồ thiết bị', 'Quản lý chương trình', 'Quản lý tài khoản', 'Kết nối', 'Nhật ký hệ thống', 'Hướng dẫn', 'Thông báo']);
    expect(within(nav).getByRole('link', { name: 'Quản lý thiết bị' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides account management and the system log from a user without their rights', async () => {
    quietServer();
    renderApp('/quan-ly-thiet-bi', { user: makeUser({ quyenhan: [{ value: 'themsuaxoalichphat', quyen: 'Soạn' }] }) });
    const nav = await screen.findByRole('navigation', { name: 'Menu chính' });
    expect(within(nav).getByRole('link', { name: 'Hướng dẫn' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Quản lý tài khoản' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Kết nối' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Nhật ký hệ thống' })).toBeNull();
  });

  it('shows today in Vietnamese in the header', async () => {
    quietServer();
    renderApp('/huong-dan', { user: makeUser() });
    const date = await screen.findByTestId('header-date');
    expect(date).toHaveTextContent(formatHeaderDate(new Date(), 'vi'));
    expect(date.textContent).toMatch(/^(Thứ (Hai|Ba|Tư|Năm|Sáu|Bảy)|Chủ Nhật), \d{2}\/\d{2}\/\d{4}$/);
  });

  it('switches the language to English and back, and remembers it', async () => {
    quietServer();
    renderApp('/huong-dan', { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: /Ngôn ngữ/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Emergency broadcast' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'User guide' })).toBeInTheDocument();
    expect(screen.getByTestId('header-date').textContent).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, /);
    expect(document.documentElement.lang).toBe('en');
    expect(JSON.parse(localStorage.getItem('loa.ui') ?? '{}')).toMatchObject({ locale: 'en' });
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Tiếng Việt' }));
    expect(await screen.findByRole('button', { name: 'Phát khẩn cấp' })).toBeInTheDocument();
  });

  it('enables Emergency broadcast only with the themsuaxoalichphat right', async () => {
    quietServer();
    const first = renderApp('/huong-dan', { user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Phát khẩn cấp' })).toBeEnabled();
    first.unmount();
    renderApp('/huong-dan', { user: makeUser({ quyenhan: [{ value: 'xemnhatky', quyen: 'Xem nhật ký' }] }) });
    expect(await screen.findByRole('button', { name: 'Phát khẩn cấp' })).toBeDisabled();
  });

  it('shows the notifications popup with no notifications', async () => {
    quietServer();
    renderApp('/huong-dan', { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: /^Thông báo/ }));
    const popup = await screen.findByRole('dialog', { name: 'Thông báo hệ thống' });
    expect(within(popup).getByText('Không có thông báo nào!')).toBeInTheDocument();
    expect(within(popup).getByRole('button', { name: 'Xem tất cả' })).toBeInTheDocument();
  });

  it('greets the user and signs out: local data first, then the server, then /login', async () => {
    let storedDuringCall: string | null = 'unset';
    const server = fakeServer({
      'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } },
      'GET /v1/client/logout': () => {
        storedDuringCall = localStorage.getItem('loa.user');
        return { status: 200, body: { data: null } };
      },
    });
    const { router } = renderApp('/huong-dan', { user: makeUser() });
    await userEvent.click(await screen.findByRole('button', { name: /^Tài khoản/ }));
    expect(screen.getByText('Xin chào, Nguyễn Văn An')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Đăng xuất' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storedDuringCall).toBeNull();
    expect(server.fetchMock).toHaveBeenCalledWith('/v1/client/logout', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('logs out without a reload when this device is signed out elsewhere', async () => {
    quietServer();
    const socket = fakeSocket();
    const { router } = renderApp('/huong-dan', { user: makeUser({ DeviceID: 'dev-1' }), socketFactory: socket.factory });
    await screen.findByRole('heading', { name: 'Hướng dẫn' });
    expect(socket.opened).toEqual(['u-1']);
    await waitFor(() => expect(socket.listenerCount(EVENTS.deviceLogout)).toBe(1));
    socket.emit(EVENTS.deviceLogout, 'dev-other');
    expect(router.state.location.pathname).toBe('/huong-dan');
    socket.emit(EVENTS.deviceLogout, 'dev-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('loa.user')).toBeNull();
  });

  it('flips the side menu with the toggle', async () => {
    quietServer();
    renderApp('/huong-dan', { user: makeUser() });
    const toggle = await screen.findByRole('button', { name: 'Mở hoặc đóng menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    vi.restoreAllMocks();
  });
});
