import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ACCOUNT_MESSAGES } from '@loa/contract';
import { makeUser } from '../../test/fixtures';
import { fakeServer } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';

describe('/xac-thuc-email (public)', () => {
  it('verifies the token once without login and says so', async () => {
    const server = fakeServer({ 'POST /v1/client/xacthucemail': { status: 200, body: { data: { email: 'an@example.vn', trangthaixacthucemail: true } } } });
    renderApp('/xac-thuc-email?token=abc');
    await waitFor(() => expect(screen.getByTestId('verify-email')).toHaveAttribute('data-state', 'verified'));
    expect(screen.getByText(/an@example.vn đã được xác thực/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Đến trang đăng nhập' })).toHaveAttribute('href', '/login');
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ token: 'abc' }]);
  });

  it('shows the server message for a bad or expired link', async () => {
    fakeServer({ 'POST /v1/client/xacthucemail': { status: 400, body: { message: ACCOUNT_MESSAGES.emailTokenInvalid } } });
    renderApp('/xac-thuc-email?token=cu');
    await waitFor(() => expect(screen.getByTestId('verify-email')).toHaveAttribute('data-state', 'failed'));
    expect(screen.getByText(ACCOUNT_MESSAGES.emailTokenInvalid)).toBeInTheDocument();
  });

  it('fails at once without a token, and updates a signed-in user whose address it was', async () => {
    const server = fakeServer({});
    const first = renderApp('/xac-thuc-email');
    expect(screen.getByTestId('verify-email')).toHaveAttribute('data-state', 'failed');
    expect(server.calls).toHaveLength(0);
    first.unmount();

    fakeServer({ 'POST /v1/client/xacthucemail': { status: 200, body: { data: { email: 'an@example.vn', trangthaixacthucemail: true } } } });
    renderApp('/xac-thuc-email?token=t2', { user: makeUser({ trangthaixacthucemail: false }) });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('loa.user') ?? '{}')).toMatchObject({ trangthaixacthucemail: true }));
    expect(screen.getByRole('link', { name: 'Vào hệ thống' })).toBeInTheDocument();
  });
});
