import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { CSRF_HEADER, MSG } from '@loa/contract';

/** The administrator global-setup creates (ADMIN_USER / ADMIN_PASSWORD of the e2e server). */
export const E2E_ADMIN = { tentaikhoan: 'admin', password: 'e2e-admin-password' };

/** The fake province of global-setup refuses, once, any message that names this. */
export const E2E_PROVINCE_REFUSES_ONCE = 'tỉnh từ chối lần đầu';

/** The address of the server global-setup started. */
export const baseUrl = (): string => {
  const url = process.env.LOA_E2E_URL;
  if (!url) throw new Error('LOA_E2E_URL is not set: run through playwright with global-setup');
  return url;
};

/** The CSRF token of a signed-in page (its cookie), for calls the test makes with the page's session. */
export const csrfOf = async (page: Page): Promise<string> => (await page.context().cookies()).find((c) => c.name === 'loa_csrf')!.value;

/** POST with the page's session; expects 200 and answers `data`. */
export async function apiPost<T>(page: Page, route: string, data: unknown): Promise<T> {
  const res = await page.request.post(`${baseUrl()}${route}`, { headers: { [CSRF_HEADER]: await csrfOf(page) }, data });
  expect(res.status(), `${route}: ${await res.text()}`).toBe(200);
  return (await res.json()).data as T;
}

/** GET with the page's session; answers `data`. */
export const apiGet = async <T>(page: Page, route: string): Promise<T> => (await (await page.request.get(`${baseUrl()}${route}`)).json()).data as T;

/**
 * A new commune of the demo district for a spec's own speakers. `addDevice` registers one in it
 * (its id and the secret shown once); `remove` deletes those devices, then the commune, so the
 * shared server is as it was (other specs count the district's communes and speakers).
 */
export async function addCommune(page: Page, tendiaban: string) {
  const district = (await apiGet<{ _id: string; cap: string }[]>(page, '/v1/client/thietbi')).find((area) => area.cap === 'huyen')!;
  const { _id } = await apiPost<{ _id: string }>(page, '/v1/client/diaban/themmoi', { tendiaban, cap: 'xa', idcha: district._id });
  const deviceIds: string[] = [];
  return {
    _id,
    tendiaban,
    async addDevice(tenthietbi: string, serial: string): Promise<{ id: string; secret: string }> {
      const added = await apiPost<{ thietbi: { _id: string }; secret: string }>(page, '/v1/client/thietbi/themmoi', { tenthietbi, diaban: _id, serial });
      deviceIds.push(added.thietbi._id);
      return { id: added.thietbi._id, secret: added.secret };
    },
    async remove(): Promise<void> {
      for (const id of deviceIds) await apiPost(page, '/v1/client/thietbi/xoa', { id });
      await apiPost(page, '/v1/client/diaban/xoa', { id: _id });
    },
  };
}

/**
 * A new officer (canbo) of the first demo commune with these rights, created through the
 * administrator's session; `remove` deletes the account.
 */
export async function newOfficer(admin: Page, quyenhan: string[], extra: { email?: string } = {}) {
  const commune = (await apiGet<{ _id: string; cap: string; tendiaban: string }[]>(admin, '/v1/client/thietbi')).find((area) => area.cap === 'xa')!;
  const tentaikhoan = `canbo${Date.now() % 1_000_000}`;
  const password = 'mat-khau-can-bo-2026';
  const account = await apiPost<{ _id: string }>(admin, '/v1/client/taikhoan/themmoi', { tentaikhoan, matkhau: password, hoten: 'Cán Bộ Thử', loaitaikhoan: 'canbo', quyenhan, diaban: commune._id, ...extra });
  return {
    id: account._id, tentaikhoan, password, diaban: commune._id, tendiaban: commune.tendiaban,
    remove: () => apiPost(admin, '/v1/client/taikhoan/xoa', { id: account._id }),
  };
}

/** Signs in through the login page as a user would. */
export async function signIn(page: Page, user = E2E_ADMIN, path = '/login'): Promise<void> {
  await page.goto(baseUrl() + path);
  await page.getByLabel('Tên tài khoản').fill(user.tentaikhoan);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByRole('button', { name: 'Tài khoản' })).toBeVisible();
}

/** A fresh, signed-in browser context (its own cookies, like another computer). */
export async function signedInPage(browser: Browser, user = E2E_ADMIN): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Opens the account menu's "Thông tin tài khoản" dialog on a tab. */
export async function openProfile(page: Page, tab: 'Thay đổi thông tin' | 'Đổi mật khẩu' | 'Quản lý đăng nhập'): Promise<void> {
  await page.getByRole('button', { name: 'Tài khoản' }).click();
  await page.getByRole('menuitem', { name: 'Thông tin tài khoản' }).click();
  await page.getByRole('tab', { name: tab }).click();
}

/** Chooses one commune and 'Tất cả thiết bị' in a broadcast (or live voice) dialog's target fields. */
export async function chooseCommune(page: Page, dialog: Locator, commune: string): Promise<void> {
  await dialog.getByRole('combobox', { name: 'Địa bàn' }).click();
  await page.getByRole('option', { name: commune, exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'Thiết bị' }).click();
  await page.getByRole('option', { name: MSG.allDevices }).click();
  await page.keyboard.press('Escape');
}

/**
 * Waits on `check` and, when it fails, adds what a speaker agent has printed by then: read at the
 * failure, not when the wait began (a poll's own message is read once, before the agent has said
 * anything useful).
 */
export async function withAgentOutput<T>(check: Promise<T>, output: () => string): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof Error) {
      const printed = `\n\nThe agent printed:\n${output()}`;
      error.message += printed;
      error.stack = `${error.stack ?? ''}${printed}`;
    }
    throw error;
  }
}
