import { expect, test } from '@playwright/test';
import { MSG } from '@loa/contract';
import { apiGet, baseUrl, E2E_ADMIN, openProfile, signedInPage, signIn } from './fixtures';

test('a visitor is sent to /login and, once signed in, back to the page asked for', async ({ page }) => {
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Tên tài khoản').fill(E2E_ADMIN.tentaikhoan);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/quan-ly-thiet-bi$/);
  await expect(page.getByRole('heading', { name: 'Quản lý thiết bị' })).toBeVisible();
  // Signed in, /login leads to the default page.
  await page.goto(`${baseUrl()}/login`);
  await expect(page).toHaveURL(/\/tong-quan$/);
});

test('a wrong password shows the server’s message and stays on /login', async ({ page }) => {
  await page.goto(`${baseUrl()}/login`);
  await page.getByLabel('Tên tài khoản').fill(E2E_ADMIN.tentaikhoan);
  await page.getByLabel('Mật khẩu', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByText(MSG.wrongCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('the header shows today in Vietnamese and the language menu switches to English', async ({ page }) => {
  await signIn(page);
  const now = new Date();
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Ho_Chi_Minh', day: '2-digit', month: '2-digit', year: 'numeric', weekday: 'long' })
    .formatToParts(now).map((p) => [p.type, p.value]));
  const weekdays: Record<string, string> = { Monday: 'Thứ Hai', Tuesday: 'Thứ Ba', Wednesday: 'Thứ Tư', Thursday: 'Thứ Năm', Friday: 'Thứ Sáu', Saturday: 'Thứ Bảy', Sunday: 'Chủ Nhật' };
  await expect(page.getByTestId('header-date')).toHaveText(`${weekdays[parts.weekday]}, ${parts.day}/${parts.month}/${parts.year}`);

  await page.getByRole('button', { name: /Ngôn ngữ/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('header-date')).toHaveText(`${parts.weekday}, ${parts.day}/${parts.month}/${parts.year}`);
  await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible();
  // The choice survives a reload; switching back restores Vietnamese.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Overview' })).toBeVisible();
  // The server answers in the console's language: a serial already in use is refused in English.
  const [existing] = await apiGet<{ items: { serial: string }[] }>(page, '/v1/client/thietbi/danhsachthietbi?page=1&limit=1').then((list) => list.items);
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  await page.getByRole('button', { name: 'Add device' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Device name').fill('Duplicate serial');
  await dialog.getByLabel('Area').selectOption({ label: 'Xã Hải Ba' });
  await dialog.getByLabel('Serial/IMEI').fill(existing!.serial);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This serial/IMEI is used by another device already!').first()).toBeVisible();
  await expect(page.getByText('Số serial/IMEI này đã được dùng cho một thiết bị khác!')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
  await expect(page.getByRole('link', { name: 'Tổng quan' })).toBeVisible();
});

test('a user edits their profile and sees it everywhere', async ({ page }) => {
  await signIn(page);
  await openProfile(page, 'Thay đổi thông tin');
  const name = `Nguyễn Văn ${Date.now() % 1000}`;
  await page.getByLabel('Họ tên').fill(name);
  await page.getByLabel('Email').fill('canbo@haiLang.gov.vn');
  await page.getByLabel('Số điện thoại').fill('0912 345 678');
  await page.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.updateSuccess })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Tài khoản' }).click();
  await expect(page.getByText(`Xin chào, ${name}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await openProfile(page, 'Thay đổi thông tin');
  await expect(page.getByLabel('Email')).toHaveValue('canbo@haiLang.gov.vn');
});

test('each password-change message appears in the order of the spec', async ({ page }) => {
  await signIn(page);
  await openProfile(page, 'Đổi mật khẩu');
  const submit = () => page.getByRole('button', { name: 'Cập nhật' }).click();
  const expectMessage = async (message: string) => {
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  };
  await submit();
  await expectMessage(MSG.currentPasswordRequired);
  await page.getByLabel('Mật khẩu hiện tại').fill('sai-mat-khau');
  await submit();
  await expectMessage(MSG.newPasswordRequired);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('mat-khau-moi-2026');
  await submit();
  await expectMessage(MSG.repeatPasswordRequired);
  await page.getByLabel('Nhập lại mật khẩu mới').fill('khac-hoan-toan');
  await submit();
  await expectMessage(MSG.repeatPasswordMismatch);
  await page.getByLabel('Nhập lại mật khẩu mới').fill('mat-khau-moi-2026');
  await submit();
  // The server checks the current password last.
  await expectMessage(MSG.currentPasswordWrong);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('signing out another device sends that browser to /login without a reload', async ({ browser }) => {
  const office = await signedInPage(browser);
  const home = await signedInPage(browser);
  await home.goto(`${baseUrl()}/ban-do-thiet-bi`);
  await expect(home.getByRole('heading', { name: 'Bản đồ thiết bị' })).toBeVisible();
  await home.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });

  await openProfile(office, 'Quản lý đăng nhập');
  const homeDeviceId = await home.evaluate(() => JSON.parse(localStorage.getItem('loa.user') ?? '{}').DeviceID as string);
  const item = office.locator(`[data-device-id="${homeDeviceId}"]`);
  await item.getByRole('button', { name: 'Đăng xuất thiết bị' }).click();
  await office.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(item.getByText('Đã đăng xuất')).toBeVisible();

  await expect(home).toHaveURL(/\/login\?lydo=thietbikhac$/, { timeout: 10_000 });
  await expect(home.getByTestId('session-ended')).toHaveText('Bạn đã bị đăng xuất từ một thiết bị khác.');
  expect(await home.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(await home.evaluate(() => localStorage.getItem('loa.user'))).toBeNull();
  // The office browser is still signed in.
  await office.reload();
  await expect(office.getByRole('button', { name: 'Tài khoản' })).toBeVisible();
});
