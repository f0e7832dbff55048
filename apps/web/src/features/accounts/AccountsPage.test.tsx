import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES, RIGHTS, type Account } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const right = (value: string) => ({ value, quyen: RIGHTS.find((r) => r.value === value)!.quyen });
const manager = makeUser({ diaban: null, quyenhan: [right('quanlytaikhoan'), right('xemnhatky'), right('themsuaxoalichphat')] });

function account(overrides: Partial<Account>): Account {
  return { _id: 'u-2', tentaikhoan: 'canbo.thon', hoten: 'Trần Văn Bình', email: '', sdt: '', diaban: { _id: 'a-2', tendiaban: 'Thôn Đông' }, loaitaikhoan: 'canbo', tenloaitaikhoan: 'Người Dùng', quyenhan: [right('xemnhatky')], trangthaixacthucemail: false, khoa: false, doimatkhau: false, idAdmin: 'admin-1', ngaytao: '2025-01-01T00:00:00Z', ...overrides };
}
const admin = account({ _id: 'u-1', tentaikhoan: 'quantri', hoten: 'Quản trị', loaitaikhoan: 'nguoidung', tenloaitaikhoan: 'Quản Trị Viên', quyenhan: [right('quanlytaikhoan')], diaban: null });
const officer = account({ doimatkhau: true });
const areas = [{ _id: 'a-1', tendiaban: 'Xã Tân Lập', cap: 'xa', idcha: null }, { _id: 'a-2', tendiaban: 'Thôn Đông', cap: 'thon', idcha: 'a-1' }];

function serve(extra: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /v1/client/taikhoan/danhsach?trang=1&sodong=50': { status: 200, body: { data: { items: [admin, officer], total: 2 } } },
    'GET /v1/client/taikhoan/quyenhan': { status: 200, body: { data: RIGHTS.map((r) => ({ value: r.value, quyen: r.quyen })) } },
    'GET /v1/client/thietbi': { status: 200, body: { data: areas } },
    ...extra,
  });
}

describe('/quan-ly-tai-khoan', () => {
  it('lists accounts with the role label of §6, the admin badge, rights chips, area and status', async () => {
    serve();
    renderApp('/quan-ly-tai-khoan', { user: manager });
    const rows = await screen.findAllByTestId('account-row');
    expect(rows.map((r) => r.dataset.id)).toEqual(['u-1', 'u-2']);
    expect(within(rows[0]!).getByTestId('role-label')).toHaveTextContent('Quản Trị Viên');
    expect(within(rows[0]!).getByTestId('admin-badge')).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('role-label')).toHaveTextContent('Người Dùng');
    expect(within(rows[1]!).queryByTestId('admin-badge')).toBeNull();
    expect(within(rows[1]!).getByText('Xem nhật ký hệ thống')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Thôn Đông')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Phải đổi mật khẩu')).toBeInTheDocument();
  });

  it('offers a manager who is not an administrator only the account types the server accepts from them (issue #28)', async () => {
    serve();
    renderApp('/quan-ly-tai-khoan', { user: makeUser({ loaitaikhoan: 'canbo', diaban: { _id: 'a-1', tendiaban: 'Xã Tân Lập' }, quyenhan: [right('quanlytaikhoan')] }) });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tài khoản' });
    const types = within(within(dialog).getByLabelText('Loại tài khoản')).getAllByRole('option').map((o) => o.textContent);
    expect(types).toEqual(['Người Dùng']);
  });

  it('offers an administrator both account types', async () => {
    serve();
    renderApp('/quan-ly-tai-khoan', { user: manager });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tài khoản' });
    const types = within(within(dialog).getByLabelText('Loại tài khoản')).getAllByRole('option').map((o) => o.textContent);
    expect(types.sort()).toEqual(['Người Dùng', 'Quản Trị Viên']);
  });

  it('checks the create form, then posts the body with the checked rights', async () => {
    const server = serve({ 'POST /v1/client/taikhoan/themmoi': (body) => ({ status: 200, body: { data: account({ _id: 'u-3', ...(body as object) }) } }) });
    renderApp('/quan-ly-tai-khoan', { user: manager });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tài khoản' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.loginNameInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    // Rights the manager lacks cannot be granted.
    expect(within(dialog).getByRole('checkbox', { name: 'Duyệt lịch phát' })).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText('Tên tài khoản'), { target: { value: 'canbo.moi' } });
    fireEvent.change(within(dialog).getByLabelText('Mật khẩu'), { target: { value: 'Matkhau#2025' } });
    expect(within(dialog).getByTestId('password-strength')).toHaveAttribute('data-strength', 'strong');
    fireEvent.change(within(dialog).getByLabelText('Họ tên'), { target: { value: 'Phạm Thu' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'thu@xa.vn' } });
    fireEvent.change(within(dialog).getByLabelText('Số điện thoại'), { target: { value: '0987654321' } });
    await userEvent.selectOptions(within(dialog).getByLabelText('Loại tài khoản'), 'nguoidung');
    await userEvent.selectOptions(within(dialog).getByLabelText('Địa bàn'), 'a-2');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Xem nhật ký hệ thống' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Quản lý tài khoản' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      tentaikhoan: 'canbo.moi', matkhau: 'Matkhau#2025', hoten: 'Phạm Thu', email: 'thu@xa.vn', sdt: '0987654321', loaitaikhoan: 'nguoidung', diaban: 'a-2', quyenhan: ['quanlytaikhoan', 'xemnhatky'],
    }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tài khoản' })).toBeNull());
  }, 15_000);

  it('shows a login name the server finds taken beside the field, as well as in the snackbar, and keeps the form', async () => {
    const server = serve({ 'POST /v1/client/taikhoan/themmoi': { status: 409, body: { message: ACCOUNT_MESSAGES.loginNameTaken } } });
    renderApp('/quan-ly-tai-khoan', { user: manager });
    await screen.findAllByTestId('account-row', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tài khoản' });
    const name = within(dialog).getByLabelText('Tên tài khoản');
    fireEvent.change(name, { target: { value: 'canbo.thon' } });
    fireEvent.change(within(dialog).getByLabelText('Mật khẩu'), { target: { value: 'Matkhau#2025' } });
    fireEvent.change(within(dialog).getByLabelText('Họ tên'), { target: { value: 'Phạm Thu' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'thu@xa.vn' } });
    fireEvent.change(within(dialog).getByLabelText('Số điện thoại'), { target: { value: '0987654321' } });
    await userEvent.selectOptions(within(dialog).getByLabelText('Địa bàn'), 'a-2');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Xem nhật ký hệ thống' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.loginNameTaken));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(ACCOUNT_MESSAGES.loginNameTaken);
    expect(name).toHaveValue('canbo.thon');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // Typing another name clears the mark.
    fireEvent.change(name, { target: { value: 'canbo.thon2' } });
    expect(name).toHaveAttribute('aria-invalid', 'false');
  }, 15_000);

  it('resets a password after confirming and shows the temporary password once', async () => {
    const server = serve({ 'POST /v1/client/taikhoan/datlaimatkhau': { status: 200, body: { data: { matkhautam: 'Tam-7x9k-22' } } } });
    renderApp('/quan-ly-tai-khoan', { user: manager });
    await screen.findAllByTestId('account-row');
    await userEvent.click(screen.getByRole('button', { name: 'Đặt lại mật khẩu: canbo.thon' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByTestId('temporary-password')).toHaveTextContent('Tam-7x9k-22');
    expect(server.calls.find((c) => c.path.endsWith('/datlaimatkhau'))?.body).toEqual({ id: 'u-2' });
    await userEvent.click(screen.getByRole('button', { name: 'Tôi đã ghi lại' }));
    await waitFor(() => expect(screen.queryByTestId('temporary-password')).toBeNull());
  });

  it('says the right is missing when opened by address without quanlytaikhoan', async () => {
    const server = serve();
    renderApp('/quan-ly-tai-khoan', { user: makeUser({ quyenhan: [right('xemnhatky')] }) });
    expect(await screen.findByTestId('no-right')).toHaveTextContent('Quản lý tài khoản');
    expect(screen.queryByRole('button', { name: 'Tạo tài khoản' })).toBeNull();
    expect(server.calls.some((c) => c.path.startsWith('/v1/client/taikhoan/danhsach'))).toBe(false);
  });
});
