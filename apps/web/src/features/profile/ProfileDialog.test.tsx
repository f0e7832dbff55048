import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatLoginActivity, MSG } from '@loa/contract';
import { makeDevice, makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const devices = [
  makeDevice({ DeviceID: 'dev-1', TenThietBi: 'Máy này' }),
  makeDevice({ DeviceID: 'dev-2', TenThietBi: 'Điện thoại', DiaChiIP: '10.0.0.2' }),
  makeDevice({ DeviceID: 'dev-3', TenThietBi: 'Máy cũ', status: 'logout' }),
];

async function openProfile(routes: Parameters<typeof fakeServer>[0] = {}, user = makeUser({ ThietbiDangnhap: devices })) {
  const server = fakeServer({ 'GET /v1/client/nguoidung/laythongtin': { status: 200, body: { data: user } }, ...routes });
  renderApp('/huong-dan', { user });
  await userEvent.click(await screen.findByRole('button', { name: /^Tài khoản/ }));
  await userEvent.click(screen.getByRole('menuitem', { name: 'Thông tin tài khoản' }));
  const dialog = await screen.findByRole('dialog', { name: 'Thông tin tài khoản' });
  await waitFor(() => expect(server.calls.some((c) => c.path === '/v1/client/nguoidung/laythongtin')).toBe(true));
  return { server, dialog };
}

describe('profile dialog', () => {
  it('lists the rights the user holds (spec §6)', async () => {
    const quyenhan = [{ value: 'xemnhatky', quyen: 'Xem nhật ký hệ thống' }, { value: 'quanlythietbi', quyen: 'Quản lý thiết bị' }];
    const { dialog } = await openProfile({}, makeUser({ ThietbiDangnhap: devices, quyenhan }));
    expect(within(dialog).getAllByTestId('profile-right').map((chip) => chip.textContent)).toEqual(['Xem nhật ký hệ thống', 'Quản lý thiết bị']);
  });

  it('says where a verification link went when the server has no SMTP: the outbox, read only by account managers, not "sent"', async () => {
    const user = makeUser({ ThietbiDangnhap: devices, email: 'canbo@xa.vn', trangthaixacthucemail: false });
    const { dialog } = await openProfile({ 'POST /v1/client/nguoidung/guixacthucemail': { status: 200, body: { data: { cachgui: 'hopthu' } } } }, user);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Xác thực email' }));
    expect(await screen.findByText(/liên kết xác thực đang nằm trong Hộp thư gửi đi, chỉ tài khoản có quyền quản lý tài khoản đọc được/)).toBeInTheDocument();
    expect(screen.queryByText(/Đã gửi liên kết xác thực tới/)).not.toBeInTheDocument();
  });

  it('shows the side panel with verified indicators; phone is never verified', async () => {
    const { dialog } = await openProfile();
    expect(within(dialog).getByTestId('email-verified')).toHaveTextContent('Đã xác thực');
    expect(within(dialog).getByTestId('phone-verified')).toHaveTextContent('Chưa xác thực');
    expect(within(dialog).getByLabelText('Tên tài khoản')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Địa bàn')).toHaveValue('Xã Tân Lập');
    expect(within(dialog).getByLabelText('Vai trò')).toHaveValue('Quản Trị Viên');
  });

  it('shows each change-password message of §5 in order, sending nothing until valid', async () => {
    const { server, dialog } = await openProfile({ 'POST /v1/client/nguoidung/thaydoimatkhau': { status: 200, body: { data: null } } });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Đổi mật khẩu' }));
    const submit = within(dialog).getByRole('button', { name: 'Cập nhật' });
    const expectAlert = async (message: string) => expect(await screen.findByRole('alert')).toHaveTextContent(message);

    await userEvent.click(submit);
    await expectAlert(MSG.currentPasswordRequired);
    expect(within(dialog).getByLabelText('Mật khẩu hiện tại')).toHaveAccessibleDescription(MSG.currentPasswordRequired);
    await userEvent.type(within(dialog).getByLabelText('Mật khẩu hiện tại'), 'cu12345678');
    await userEvent.click(submit);
    await expectAlert(MSG.newPasswordRequired);
    await userEvent.type(within(dialog).getByLabelText('Mật khẩu mới'), 'moi12345678');
    await userEvent.click(submit);
    await expectAlert(MSG.repeatPasswordRequired);
    await userEvent.type(within(dialog).getByLabelText('Nhập lại mật khẩu mới'), 'khac12345678');
    await userEvent.click(submit);
    await expectAlert(MSG.repeatPasswordMismatch);
    expect(within(dialog).getByLabelText('Nhập lại mật khẩu mới')).toHaveAccessibleDescription(MSG.repeatPasswordMismatch);
    expect(within(dialog).getByLabelText('Mật khẩu hiện tại')).not.toHaveAccessibleDescription();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Nhập lại mật khẩu mới'));
    await userEvent.type(within(dialog).getByLabelText('Nhập lại mật khẩu mới'), 'moi12345678');
    await userEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.updateSuccess));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ matkhauHientai: 'cu12345678', matkhaumoi: 'moi12345678', nhaplaimatkhaumoi: 'moi12345678' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thông tin tài khoản' })).toBeNull());
  });

  it('shows the server refusal of a password change and closes the dialog', async () => {
    const { dialog } = await openProfile({ 'POST /v1/client/nguoidung/thaydoimatkhau': { status: 400, body: { message: MSG.currentPasswordWrong } } });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Đổi mật khẩu' }));
    await userEvent.type(within(dialog).getByLabelText('Mật khẩu hiện tại'), 'sai12345678');
    await userEvent.type(within(dialog).getByLabelText('Mật khẩu mới'), 'moi12345678');
    await userEvent.type(within(dialog).getByLabelText('Nhập lại mật khẩu mới'), 'moi12345678{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.currentPasswordWrong);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thông tin tài khoản' })).toBeNull());
  });

  it('saves full name, email and phone, then closes with the success message', async () => {
    const saved = makeUser({ hoten: 'Trần Thị Bình', ThietbiDangnhap: devices });
    const { server, dialog } = await openProfile({ 'POST /v1/client/nguoidung/thaydoithongtin': { status: 200, body: { data: saved } } });
    const name = within(dialog).getByLabelText('Họ tên');
    await userEvent.clear(name);
    await userEvent.type(name, 'Trần Thị Bình');
    await userEvent.clear(within(dialog).getByLabelText('Số điện thoại'));
    await userEvent.type(within(dialog).getByLabelText('Số điện thoại'), '0987654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.updateSuccess);
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ hoten: 'Trần Thị Bình', email: 'an@example.vn', sdt: '0987654321' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thông tin tài khoản' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('loa.user') ?? '{}')).toMatchObject({ hoten: 'Trần Thị Bình', DeviceID: 'dev-1' });
  });

  it('lists login devices and signs out another one after confirming, replacing the list', async () => {
    const after = devices.map((d) => (d.DeviceID === 'dev-2' ? { ...d, status: 'logout' as const } : d));
    const { server, dialog } = await openProfile({ 'POST /v1/client/logout/dang-xuat-thiet-bi': { status: 200, body: { data: after } } });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Quản lý đăng nhập' }));
    const rows = within(dialog).getAllByTestId('login-device');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Thiết bị này');
    expect(rows[1]).toHaveTextContent(formatLoginActivity(devices[1].HoatDongLanCuoi));
    expect(rows[1]).toHaveTextContent('10.0.0.2');
    const buttons = within(dialog).getAllByRole('button', { name: 'Đăng xuất thiết bị' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]);
    const confirm = await screen.findByRole('dialog', { name: 'Đăng xuất thiết bị' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(within(dialog).queryAllByRole('button', { name: 'Đăng xuất thiết bị' })).toHaveLength(0));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ DeviceID: 'dev-2', userId: 'u-1' });
    expect(within(dialog).getAllByTestId('login-device')[1]).toHaveTextContent('Đã đăng xuất');
  });
});
