import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

describe('password reset by an administrator', () => {
  it('opens the change-password tab at once, explains why, and carries on after the change', async () => {
    let changed = false;
    const server = fakeServer({
      'GET /v1/client/nguoidung/laythongtin': () => ({ status: 200, body: { data: makeUser({ doimatkhau: !changed }) } }),
      'POST /v1/client/nguoidung/thaydoimatkhau': () => {
        changed = true;
        return { status: 200, body: { data: null } };
      },
    });
    renderApp('/huong-dan', { user: makeUser({ doimatkhau: true }) });
    const dialog = await screen.findByRole('dialog', { name: 'Thông tin tài khoản' });
    expect(within(dialog).getByTestId('must-change-password')).toHaveTextContent(ACCOUNT_MESSAGES.mustChangePassword);
    expect(within(dialog).getByRole('tab', { name: 'Đổi mật khẩu' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Thay đổi thông tin' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Đóng' })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Mật khẩu hiện tại'), { target: { value: 'Tam-7x9k-22' } });
    fireEvent.change(within(dialog).getByLabelText('Mật khẩu mới'), { target: { value: 'Moi#123456' } });
    fireEvent.change(within(dialog).getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Moi#123456' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cập nhật' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thông tin tài khoản' })).toBeNull());
    expect(JSON.parse(localStorage.getItem('loa.user') ?? '{}')).toMatchObject({ doimatkhau: false });
    const calls = server.calls.map((c) => `${c.method} ${c.path}`);
    expect(calls.indexOf('POST /v1/client/nguoidung/thaydoimatkhau')).toBeLessThan(calls.lastIndexOf('GET /v1/client/nguoidung/laythongtin'));
  });

  it('opens the gate when the server refuses a call with the must-change message', async () => {
    fakeServer({
      'GET /v1/client/nguoidung/laythongtin': { status: 200, body: { data: makeUser({ doimatkhau: true }) } },
      'GET /v1/client/thongbao/danhsach?sodong=10': { status: 403, body: { message: ACCOUNT_MESSAGES.mustChangePassword } },
    });
    renderApp('/huong-dan', { user: makeUser() });
    const dialog = await screen.findByRole('dialog', { name: 'Thông tin tài khoản' });
    expect(within(dialog).getByTestId('must-change-password')).toBeInTheDocument();
  });
});
