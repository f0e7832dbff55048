import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '@loa/contract';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

const preview = { email: 'hoa@xa.vn', hoten: 'Lê Thị Hoa', nguoimoi: 'Nguyễn Văn An', tendiaban: 'Thôn Đông', hethan: '2025-03-10T00:00:00.000Z' };

describe('/loi-moi?token= (public)', () => {
  it('shows the invitation without login, checks the form, accepts it and goes to /login', async () => {
    const server = fakeServer({
      'GET /v1/client/loimoi/thongtin?token=tok-1': { status: 200, body: { data: preview } },
      'POST /v1/client/loimoi/chapnhan': { status: 200, body: { data: { tentaikhoan: 'hoa.le' } } },
    });
    const { router } = renderApp('/loi-moi?token=tok-1');
    expect(await screen.findByTestId('invitation-summary')).toHaveTextContent('Nguyễn Văn An mời hoa@xa.vn');
    expect(screen.getByTestId('invitation-summary')).toHaveTextContent('Thôn Đông');
    expect(screen.getByLabelText('Họ tên')).toHaveValue('Lê Thị Hoa');

    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'hoa le' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'Matkhau#2025' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu'), { target: { value: 'Matkhau#2026' } });
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    expect(screen.getByText(ACCOUNT_MESSAGES.loginNameInvalid)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRepeatMismatch)).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'hoa.le' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu'), { target: { value: 'Matkhau#2025' } });
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ token: 'tok-1', tentaikhoan: 'hoa.le', matkhau: 'Matkhau#2025', nhaplaimatkhau: 'Matkhau#2025', hoten: 'Lê Thị Hoa', sdt: '' });
  });

  it('shows a login name taken meanwhile beside the field and in the snackbar, and stays', async () => {
    const server = fakeServer({
      'GET /v1/client/loimoi/thongtin?token=tok-2': { status: 200, body: { data: preview } },
      'POST /v1/client/loimoi/chapnhan': { status: 409, body: { message: ACCOUNT_MESSAGES.loginNameTaken } },
    });
    const { router } = renderApp('/loi-moi?token=tok-2');
    await screen.findByTestId('invitation-summary');
    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'hoa.le' } });
    fireEvent.change(screen.getByLabelText('Mật khẩu'), { target: { value: 'Matkhau#2025' } });
    fireEvent.change(screen.getByLabelText('Nhập lại mật khẩu'), { target: { value: 'Matkhau#2025' } });
    await userEvent.click(screen.getByRole('button', { name: 'Tạo tài khoản' }));
    // The snackbar (the invitation's summary is an alert too).
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(ACCOUNT_MESSAGES.loginNameTaken));
    expect(screen.getByLabelText('Tên tài khoản')).toHaveAccessibleDescription(ACCOUNT_MESSAGES.loginNameTaken);
    expect(router.state.location.pathname).toBe('/loi-moi');
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says when the invitation is used or expired', async () => {
    fakeServer({ 'GET /v1/client/loimoi/thongtin?token=old': { status: 404, body: { message: ACCOUNT_MESSAGES.invitationInvalid } } });
    renderApp('/loi-moi?token=old');
    expect(await screen.findByTestId('invitation-error')).toHaveTextContent(ACCOUNT_MESSAGES.invitationInvalid);
  });

  it('without a token asks for login', async () => {
    fakeServer({});
    const { router } = renderApp('/loi-moi');
    await screen.findByLabelText('Tên tài khoản');
    expect(router.state.location.pathname).toBe('/login');
  });
});
