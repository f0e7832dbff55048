import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { MSG, RIGHTS } from '@loa/contract';
import { baseUrl, signIn } from './fixtures';

const COMMUNE = 'Xã Hải Khê';
const SEND_RIGHT = RIGHTS.find((r) => r.value === 'themsuaxoalichphat')!.quyen;

async function areaId(page: Page, name: string): Promise<string> {
  const areas = (await (await page.request.get(`${baseUrl()}/v1/client/thietbi`)).json()).data as { _id: string; tendiaban: string }[];
  return areas.find((a) => a.tendiaban === name)!._id;
}

test('an administrator creates an operator who may only broadcast in one commune; the log shows both', async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  await admin.goto(`${baseUrl()}/quan-ly-tai-khoan`);
  await admin.getByRole('button', { name: 'Tạo tài khoản' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Tài khoản' });
  const login = `vanhoa${Date.now() % 100000}`;
  await dialog.getByLabel('Tên tài khoản').fill(login);
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill('mat-khau-xa-2026');
  await dialog.getByLabel('Họ tên').fill('Trần Thị Hoa');
  await dialog.getByLabel('Loại tài khoản').selectOption('canbo');
  await dialog.getByLabel('Địa bàn', { exact: true }).selectOption(await areaId(admin, COMMUNE));
  await dialog.getByLabel(SEND_RIGHT).check();
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(admin.getByTestId('account-row').filter({ hasText: login })).toBeVisible();

  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, { tentaikhoan: login, password: 'mat-khau-xa-2026' });
  await expect(operator.getByRole('link', { name: 'Quản lý tài khoản' })).toHaveCount(0);
  await operator.goto(`${baseUrl()}/quan-ly-tai-khoan`);
  await expect(operator.getByTestId('no-right')).toBeVisible();

  // Only the operator's commune can be chosen; the broadcast goes out there.
  await operator.getByRole('button', { name: 'Phát khẩn cấp' }).click();
  const broadcast = operator.getByRole('dialog', { name: 'Phát khẩn cấp' });
  await broadcast.getByRole('combobox', { name: 'Địa bàn' }).click();
  await expect(operator.getByRole('listbox').getByRole('option')).toHaveText([COMMUNE]);
  await operator.getByRole('listbox').getByRole('option', { name: COMMUNE }).click();
  await operator.keyboard.press('Escape');
  await broadcast.getByRole('combobox', { name: 'Thiết bị' }).click();
  await operator.getByRole('listbox').getByRole('option', { name: MSG.allDevices }).click();
  await operator.keyboard.press('Escape');
  await broadcast.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin chung' });
  await broadcast.getByLabel('Tên chương trình').fill('Thông báo của xã');
  await broadcast.getByRole('button', { name: 'Thêm nguồn phát' }).click();
  const source = operator.getByRole('dialog').last();
  await source.getByRole('tab', { name: 'Tiếp sóng' }).click();
  await source.getByLabel('Kênh tiếp sóng').selectOption({ index: 1 });
  await source.getByLabel('Thời lượng (phút)').fill('1');
  await source.getByRole('button', { name: 'Thêm', exact: true }).click();
  await broadcast.getByRole('button', { name: 'Phát', exact: true }).click();
  await operator.getByRole('dialog', { name: 'Xác nhận phát khẩn cấp' }).getByRole('button', { name: 'Xác nhận phát' }).click();
  await expect(operator.getByRole('alert').filter({ hasText: MSG.broadcastSuccess })).toBeVisible({ timeout: 20_000 });
  await operator.getByRole('button', { name: 'Dừng phát', exact: true }).click();
  await expect(operator.getByRole('alert').filter({ hasText: MSG.stopSuccess })).toBeVisible();

  await admin.goto(`${baseUrl()}/nhat-ky-he-thong`);
  const rows = admin.getByTestId('log-row');
  await expect(rows.filter({ hasText: login }).filter({ hasText: 'Phát ngay' }).first()).toBeVisible();
  await expect(rows.filter({ hasText: 'admin' }).filter({ hasText: 'Thêm tài khoản' }).first()).toBeVisible();
  // The screen and its CSV speak the same words: labels and names, readable details; never a code, an id or JSON.
  const signedIn = rows.filter({ hasText: login }).filter({ hasText: 'Đăng nhập' }).first();
  await expect(signedIn).toContainText('Thiết bị đăng nhập: ');
  await expect(signedIn).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Xuất CSV' }).click();
  const csv = await fs.readFile(await (await download).path(), 'utf8');
  expect(csv).toContain(`${login},Đăng nhập,Thiết bị đăng nhập: `);
  expect(csv).toContain(',Thành công,');
  const about = csv.split('\r\n').filter((line) => line.includes(login));
  expect(about.length).toBeGreaterThan(2);
  for (const line of about) expect(line).not.toMatch(/,(dang-nhap|phat-ngay|them-tai-khoan|ok|denied),|[{}]|[0-9a-f]{8}-[0-9a-f]{4}-/);
});
