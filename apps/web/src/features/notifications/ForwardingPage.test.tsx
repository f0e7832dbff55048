import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, NOTIFICATION_MESSAGES } from '@loa/contract';
import { fakeServer } from '../../test/fakeServer';
import { makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const BASE = '/v1/client/thongbao/chuyentiep';
const manager = () => makeUser({ quyenhan: [{ value: 'quanlytaikhoan', quyen: 'quanlytaikhoan' }] });

describe('/notification-zalo', { timeout: 20_000 }, () => {
  it('configures Zalo OA forwarding (token kept when empty, followers checked), saves the chosen events and sends a test', async () => {
    const stored = { dichvu: 'zalo', batdau: true, sukien: ['lichphat-choduyet'], ngonngu: 'vi', cauhinh: { accesstoken: '••••dung', nguoinhan: '1001' }, loigannhat: null, duocsua: true };
    const server = fakeServer({
      [`GET ${BASE}`]: { status: 200, body: { data: [stored] } },
      [`POST ${BASE}/capnhat`]: (body) => ({ status: 200, body: { data: { ...stored, ...(body as object), cauhinh: stored.cauhinh } } }),
      [`POST ${BASE}/guithu`]: { status: 200, body: { data: null } },
    });
    renderApp('/notification-zalo', { user: manager() });
    expect(await screen.findByRole('heading', { name: 'Thông báo qua Zalo OA' }, { timeout: 8000 })).toBeInTheDocument();
    const users = await screen.findByLabelText('Người nhận (user id)');
    await waitFor(() => expect(users).toHaveValue('1001'));
    expect(screen.getByLabelText('Mã truy cập OA (access token)')).toHaveAttribute('placeholder', '••••dung');

    await userEvent.clear(users);
    await userEvent.type(users, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.zaloUserInvalid)).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === `${BASE}/capnhat`)).toHaveLength(0);

    await userEvent.clear(users);
    await userEvent.type(users, '1001,1002');
    await userEvent.click(screen.getByLabelText('Lịch phát bị bỏ lỡ'));
    // The followers read English: the messages are written in it.
    expect(screen.getByRole('combobox', { name: 'Ngôn ngữ tin nhắn' })).toHaveTextContent('Tiếng Việt');
    await userEvent.click(screen.getByRole('combobox', { name: 'Ngôn ngữ tin nhắn' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Tiếng Anh (English)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Lưu cấu hình' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === `${BASE}/capnhat`)?.body).toEqual({
      dichvu: 'zalo', batdau: true, sukien: ['lichphat-choduyet', 'lichphat-bolo'], ngonngu: 'en', cauhinh: { nguoinhan: '1001,1002' },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Gửi thử' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === `${BASE}/guithu`)?.body).toEqual({ dichvu: 'zalo' }));
  });

  it('shows the settings read-only, with the reason, to an account manager who may not change them', async () => {
    const stored = { dichvu: 'zalo', batdau: true, sukien: ['lichphat-choduyet'], ngonngu: 'vi', cauhinh: { accesstoken: '••••dung', nguoinhan: '••••1001' }, loigannhat: null, duocsua: false };
    fakeServer({ [`GET ${BASE}`]: { status: 200, body: { data: [stored] } } });
    renderApp('/notification-zalo', { user: manager() });
    expect(await screen.findByText(MSG.forwardingWholeAdministrator, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Bật chuyển tiếp')).toBeDisabled();
    expect(screen.getByLabelText('Người nhận (user id)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Lưu cấu hình' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gửi thử' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Thử lại' })).not.toBeInTheDocument();
  });
});
