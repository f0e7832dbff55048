import crypto from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiGet, baseUrl, signIn } from './fixtures';

// Issue #31: an officer makes an enrolment code in the console, a box enrols with it (the call the
// packaged agent makes), appears under "Loa chờ gán" without a reload, and is named and confirmed.
test('a box that enrols with a code made in the console appears without a reload and is assigned', async ({ page }) => {
  await signIn(page);
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  await page.getByRole('link', { name: 'Đăng ký loa' }).click();
  await expect(page.getByRole('heading', { name: 'Đăng ký loa', level: 1 })).toBeVisible();
  const [commune] = (await apiGet<{ _id: string; cap: string; tendiaban: string }[]>(page, '/v1/client/thietbi')).filter((a) => a.cap === 'xa');

  await page.getByRole('button', { name: 'Tạo mã đăng ký' }).click();
  const create = page.getByRole('dialog', { name: 'Tạo mã đăng ký loa' });
  await create.getByLabel('Địa bàn').selectOption(commune!._id);
  await create.getByLabel('Số lượt dùng').fill('2');
  await create.getByRole('button', { name: 'Tạo mã' }).click();
  const shown = page.getByRole('dialog', { name: 'Mã đăng ký loa' });
  const code = (await shown.getByTestId('enrolment-code-value').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await shown.getByRole('button', { name: 'Tôi đã chép mã' }).click();
  await expect(page.getByTestId('enrolment-code').first()).toContainText('0/2');
  await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });

  // The box enrols (as `loa-speaker enrol` does).
  const machineId = crypto.randomBytes(16).toString('hex');
  const enrolled = await page.request.post(`${baseUrl()}/v1/thietbi/dangky`, { data: { code, machineId, serial: `e2e${machineId.slice(0, 8)}`, firmware: 'loa-speaker/0.1.0' } });
  expect(enrolled.status()).toBe(200);
  const { deviceId } = (await enrolled.json()).data as { deviceId: string };

  const row = page.locator(`[data-testid="pending-box"][data-box-id="${deviceId}"]`);
  await expect(row).toContainText(machineId);
  await expect(page.getByTestId('enrolment-code').first()).toContainText('1/2');
  await row.getByRole('button', { name: 'Gán' }).click();
  const assign = page.getByRole('dialog', { name: 'Gán loa chờ gán' });
  const name = `Loa đăng ký ${Date.now() % 100000}`;
  await assign.getByLabel('Tên thiết bị').fill(name);
  await assign.getByLabel('Vĩ độ').fill('16.75');
  await assign.getByLabel('Kinh độ').fill('107.18');
  await assign.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page.getByText(`Đã xác nhận loa "${name}"!`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // An ordinary device now.
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  await page.getByLabel('Tìm kiếm').fill(name);
  await expect(page.locator(`[data-testid="device-row"][data-device-id="${deviceId}"]`)).toContainText(commune!.tendiaban);
});
