import { expect, test } from '@playwright/test';
import { API_KEY_MESSAGES } from '@loa/contract';
import { baseUrl, signIn } from './fixtures';

test('an administrator creates an API key on the Kết nối page, sees its secret once, sees its last use and revokes it', async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole('link', { name: 'Kết nối' }).click();
  await expect(page.getByRole('heading', { name: 'Khoá API' })).toBeVisible();

  const name = `Đài khí tượng ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Tạo khoá API' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tạo khoá API' });
  await dialog.getByLabel('Tên khoá').fill(name);
  await dialog.getByLabel('Soạn, sửa, xoá và phát chương trình').check();
  await dialog.getByRole('button', { name: 'Tạo khoá' }).click();

  const secretDialog = page.getByRole('dialog', { name: `Khoá API "${name}"` });
  const secret = (await secretDialog.getByTestId('api-key-secret').textContent())!.trim();
  expect(secret).toMatch(/^loa_[0-9a-f]{16}_/);
  await secretDialog.getByRole('button', { name: 'Sao chép' }).click();
  await expect(page.getByText('Đã sao chép!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await secretDialog.getByRole('button', { name: 'Tôi đã lưu khoá' }).click();

  const row = page.getByTestId('api-key-row').filter({ hasText: name });
  await expect(row).toContainText('Chưa dùng');
  await expect(row).toContainText('Đang dùng');
  await expect(page.getByText(secret)).toHaveCount(0);

  // Another system calls with the key (no cookies, no CSRF token).
  const call = () => fetch(`${baseUrl()}/v1/client/thietbi`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await call()).status).toBe(200);
  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toContainText('Chưa dùng');

  await row.getByRole('button', { name: 'Thu hồi' }).click();
  await page.getByRole('dialog', { name: 'Thu hồi' }).getByRole('button', { name: 'Xác nhận' }).click();
  await expect(row).toContainText('Đã thu hồi');
  const refused = await call();
  expect(refused.status).toBe(401);
  expect(((await refused.json()) as { message: string }).message).toBe(API_KEY_MESSAGES.revoked);
  await context.close();
});
