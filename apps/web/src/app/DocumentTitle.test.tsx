import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { makeUser } from '../test/fixtures';
import { fakeServer } from '../test/fakeServer';
import { renderApp } from '../test/renderApp';
import { createAppTheme } from './theme/createAppTheme';

describe('page titles and MUI texts', () => {
  it('names the tab after the screen', async () => {
    fakeServer({});
    renderApp('/login');
    await screen.findByLabelText('Tên tài khoản');
    await waitFor(() => expect(document.title).toBe('Đăng nhập — Loa'));
  });

  it('names a product screen', async () => {
    fakeServer({ 'GET /v1/client/tongquan': { status: 500, body: { message: 'x' } } });
    renderApp('/huong-dan', { user: makeUser() });
    await waitFor(() => expect(document.title).toBe('Hướng dẫn — Loa'));
  });

  it('names a messaging service as people write it, never by its lower-case code', async () => {
    fakeServer({ 'GET /v1/client/thongbao/chuyentiep': { status: 200, body: { data: [] } } });
    renderApp('/notification-telegram', { user: makeUser() });
    await waitFor(() => expect(document.title).toBe('Thông báo qua Telegram — Loa'));
    renderApp('/notification-zalo', { user: makeUser() });
    await waitFor(() => expect(document.title).toBe('Thông báo qua Zalo OA — Loa'));
  });

  it('gives MUI components Vietnamese texts unless the console is in English', () => {
    const base = { navType: 'light', fontFamily: 'Roboto', borderRadius: 8, outlinedFilled: true } as const;
    const vi = createAppTheme({ ...base, locale: 'vi' }).components?.MuiTablePagination?.defaultProps;
    expect(vi?.labelRowsPerPage).toBe('Số hàng mỗi trang:');
    // enUS leaves MUI's built-in English in place.
    expect(createAppTheme({ ...base, locale: 'en' }).components?.MuiTablePagination?.defaultProps?.labelRowsPerPage).toBeUndefined();
  });
});
