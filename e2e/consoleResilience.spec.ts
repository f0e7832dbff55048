import { expect, test } from '@playwright/test';
import { EVENTS } from '@loa/contract';
import { apiGet, apiPost, newOfficer, signIn, signedInPage } from './fixtures';

const SEND_RIGHT = 'themsuaxoalichphat';

test('a screen whose code cannot be loaded says so in Vietnamese and reloads, never the developer page', async ({ page }) => {
  await signIn(page);
  // The devices screen's chunk is lost (offline, or a redeploy removed it) when the officer opens it.
  await page.route(/\/assets\/DevicesPage-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
  await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Quản lý thiết bị' }).click();
  const screen = page.getByTestId('chunk-error');
  await expect(screen).toContainText('Mất kết nối hoặc đã có phiên bản mới');
  await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
  // The network is back: the reload fetches the screen.
  await page.unroute(/\/assets\/DevicesPage-[^/]*\.js$/);
  await screen.getByRole('button', { name: 'Tải lại trang' }).click();
  await expect(page.getByRole('heading', { name: 'Quản lý thiết bị', level: 1 })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/quan-ly-thiet-bi');
});

test('rights revoked by an administrator disable the emergency button at once; a lock ends the session saying why, across a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser);
  const officer = await newOfficer(admin, [SEND_RIGHT]);
  try {
    const page = await (await browser.newContext()).newPage();
    await signIn(page, officer);
    const emergency = page.getByRole('button', { name: 'Phát khẩn cấp' });
    await expect(emergency).toBeEnabled();

    await apiPost(admin, '/v1/client/taikhoan/capnhat', { id: officer.id, hoten: 'Cán Bộ Thử', loaitaikhoan: 'canbo', quyenhan: [], diaban: officer.diaban });
    await expect(emergency).toBeDisabled();
    await page.getByRole('button', { name: 'Tài khoản' }).click();
    await page.getByRole('menuitem', { name: 'Thông tin tài khoản' }).click();
    await expect(page.getByRole('dialog').getByText('Tài khoản chưa được cấp quyền nào.')).toBeVisible();
    await page.keyboard.press('Escape');

    await apiPost(admin, '/v1/client/taikhoan/khoa', { id: officer.id });
    await expect(page).toHaveURL(/\/login\?lydo=khoa$/);
    await expect(page.getByTestId('session-ended')).toHaveText('Tài khoản của bạn đã bị khoá. Hãy liên hệ quản trị viên.');
    await page.reload();
    await expect(page.getByTestId('session-ended')).toHaveText('Tài khoản của bạn đã bị khoá. Hãy liên hệ quản trị viên.');
  } finally {
    await officer.remove();
  }
});

test('a session signed out from another device says so on /login, even when its real-time event was missed', async ({ browser }) => {
  const admin = await signedInPage(browser);
  const officer = await newOfficer(admin, [SEND_RIGHT]);
  try {
    const page = await (await browser.newContext()).newPage();
    // The console misses the sign-out event (its connection was down at that moment, or a request met
    // the signed-out login first): the server's cut and its 401 must still say why, never "real-time
    // connection lost" or "session expired". (auth.spec.ts covers the event itself.)
    let upgraded = false;
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      upgraded = true;
      server.onMessage((message) => {
        if (!String(message).includes(EVENTS.deviceLogout)) ws.send(message);
      });
    });
    await signIn(page, officer);
    await expect.poll(() => upgraded).toBe(true);
    const other = await signedInPage(browser, officer);
    const me = await apiGet<{ ThietbiDangnhap: { DeviceID: string; status: string }[] }>(page, '/v1/client/nguoidung/laythongtin');
    const mine = JSON.parse(await page.evaluate(() => localStorage.getItem('loa.user') ?? '{}')) as { DeviceID: string };
    expect(me.ThietbiDangnhap.some((d) => d.DeviceID === mine.DeviceID)).toBe(true);
    await apiPost(other, '/v1/client/logout/dang-xuat-thiet-bi', { DeviceID: mine.DeviceID, userId: officer.id });
    await expect(page).toHaveURL(/\/login\?lydo=thietbikhac$/);
    await expect(page.getByTestId('session-ended')).toHaveText('Bạn đã bị đăng xuất từ một thiết bị khác.');
  } finally {
    await officer.remove();
  }
});
