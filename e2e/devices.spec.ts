import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { addCommune, apiGet, apiPost, baseUrl, signIn, signedInPage, withAgentOutput } from './fixtures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the real speaker agent CLI, as an installer would on the device; `output()` is what it printed (for a failure's report). */
function runAgent(id: string, secret: string): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/speaker/src/cli.ts'), '--server', baseUrl(), '--id', id, '--secret', secret, '--verbose'], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.once('exit', (code, signal) => keep(Buffer.from(`[agent exited: ${code ?? signal}]\n`)));
  return Object.assign(child, { output: () => printed });
}

test('the demo fleet is live in the table from the first sign-in', async ({ page }) => {
  await signIn(page, undefined, '/login');
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  await expect(page.getByTestId('device-row').first()).toBeVisible();
  // The table is virtualised (only visible rows exist), so the counts tell the whole fleet.
  await expect(page.getByTestId('device-count-total')).toContainText('30');
  await expect(page.getByTestId('device-count-online')).toContainText('30', { timeout: 15_000 });
  await expect(page.locator('[data-testid="device-row"][data-status="online"]').first()).toBeVisible();
});

test('a device added, moved and deleted by another session appears, moves and goes in an open table without a reload', async ({ page, browser }) => {
  await signIn(page);
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  const name = `Loa nơi khác ${Date.now() % 100000}`;
  await page.getByLabel('Tìm kiếm').fill(name);
  await expect(page.getByText('Không có thiết bị nào!')).toBeVisible();
  await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });

  const other = await signedInPage(browser);
  try {
    const communes = (await apiGet<{ _id: string; cap: string; tendiaban: string }[]>(other, '/v1/client/thietbi')).filter((area) => area.cap === 'xa');
    const [first, second] = communes as [typeof communes[0], typeof communes[0]];
    const body = { tenthietbi: name, diaban: first._id, serial: `E2E-KHAC-${Date.now()}` };
    const { thietbi } = await apiPost<{ thietbi: { _id: string } }>(other, '/v1/client/thietbi/themmoi', body);
    const row = page.locator(`[data-testid="device-row"][data-device-id="${thietbi._id}"]`);
    await expect(row).toContainText(first.tendiaban);
    await apiPost(other, '/v1/client/thietbi/capnhat', { ...body, id: thietbi._id, diaban: second._id });
    await expect(row).toContainText(second.tendiaban);
    await apiPost(other, '/v1/client/thietbi/xoa', { id: thietbi._id });
    await expect(row).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } finally {
    await other.context().close();
  }
});

test('a device added in the console and started with its secret turns green in the table and on the map, and grey when it stops', async ({ page }) => {
  await signIn(page);
  await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
  await page.getByRole('button', { name: 'Thêm thiết bị' }).click();
  const name = `Loa kiểm thử ${Date.now() % 100000}`;
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tên thiết bị').fill(name);
  await dialog.getByLabel('Địa bàn').selectOption({ label: 'Xã Hải Ba' });
  await dialog.getByLabel('Số serial/IMEI').fill(`E2E-${Date.now()}`);
  await dialog.getByLabel('Vĩ độ').fill('16.75');
  await dialog.getByLabel('Kinh độ').fill('107.25');
  await dialog.getByRole('button', { name: 'Lưu' }).click();

  const secret = (await page.getByTestId('device-secret').textContent())?.trim() ?? '';
  const id = (await page.getByTestId('device-id').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThan(30);
  await page.getByRole('button', { name: 'Tôi đã lưu, đóng' }).click();

  const row = page.locator(`[data-testid="device-row"][data-device-id="${id}"]`);
  await page.getByLabel('Tìm kiếm').fill(name);
  await expect(row).toHaveAttribute('data-status', 'offline');

  const agent = runAgent(id, secret);
  try {
    await withAgentOutput(expect(row).toHaveAttribute('data-status', 'online', { timeout: 15_000 }), agent.output);
    await page.getByRole('link', { name: 'Bản đồ thiết bị' }).click();
    const marker = page.locator(`[data-testid="device-marker"][data-device-id="${id}"]`);
    await expect(marker).toHaveAttribute('data-status', 'online', { timeout: 10_000 });

    // The agent dies without a goodbye: the broker's last will turns it grey, live.
    agent.kill('SIGKILL');
    await expect(marker).toHaveAttribute('data-status', 'offline', { timeout: 15_000 });
  } finally {
    agent.kill('SIGKILL');
  }
});

test('a volume set in the device table is the speaker\'s own configuration and survives its restart; the connection history tells a sign-off from a drop (#28 items 2 and 5)', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const tag = String(Date.now() % 100000);
  const commune = await addCommune(page, `Xã Âm Lượng ${tag}`);
  const name = `Loa âm lượng ${tag}`;
  const added = await commune.addDevice(name, `VOL-${tag}`);
  let agent = runAgent(added.id, added.secret);
  try {
    await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
    await page.getByLabel('Tìm kiếm').fill(name);
    const row = page.locator(`[data-testid="device-row"][data-device-id="${added.id}"]`);
    const volumeCell = row.getByRole('cell').nth(2);
    await withAgentOutput(expect(row).toHaveAttribute('data-status', 'online', { timeout: 20_000 }), agent.output);
    await expect(volumeCell).toHaveText('70');

    // The officer turns it down to 40 from the table.
    await row.getByRole('button', { name: `Thao tác với ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Chỉnh âm lượng' }).click();
    const dialog = page.getByRole('dialog', { name: `Âm lượng: ${name}` });
    const slider = dialog.getByRole('slider', { name: 'Âm lượng' });
    await slider.focus();
    for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowLeft');
    await expect(slider).toHaveValue('40');
    await dialog.getByRole('button', { name: 'Lưu' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Cập nhật thành công!' })).toBeVisible();
    await expect(volumeCell).toHaveText('40', { timeout: 15_000 });

    // Its configuration says 40, its own, not inherited.
    await row.getByRole('button', { name: `Thao tác với ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Cấu hình thiết bị' }).click();
    const volumeRow = page.getByTestId('effective-amluong');
    await expect(volumeRow).toContainText('40');
    await expect(volumeRow).toContainText('Riêng');

    // The agent signs off (a restart of its software), then comes back: still at 40.
    agent.kill('SIGTERM');
    await new Promise((resolve) => agent.once('exit', resolve));
    agent = runAgent(added.id, added.secret);
    await page.goto(`${baseUrl()}/quan-ly-thiet-bi`);
    await page.getByLabel('Tìm kiếm').fill(name);
    await expect(row).toHaveAttribute('data-status', 'online', { timeout: 20_000 });
    await expect(volumeCell).toHaveText('40');
    // Then it dies without a goodbye: the broker's last will.
    agent.kill('SIGKILL');
    await expect(row).toHaveAttribute('data-status', 'offline', { timeout: 20_000 });

    await row.getByRole('button', { name: `Thao tác với ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Lịch sử kết nối' }).click();
    const history = page.getByRole('dialog', { name: `Lịch sử kết nối: ${name}` });
    await expect(history).toContainText('Đứt kết nối đột ngột (khởi động lại, mất điện hoặc mất đường truyền)');
    await expect(history).toContainText('Thiết bị tự ngắt (tắt hoặc khởi động lại phần mềm loa)');
    await expect(history).toContainText('Thiết bị kết nối tới máy chủ');
    // The reason never repeats the event.
    const reasons = await history.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => r.querySelectorAll('td')[2]?.textContent ?? ''));
    expect(reasons.length).toBeGreaterThanOrEqual(4);
    for (const reason of reasons) expect(['Mất kết nối', 'Trực tuyến', 'Ngoại tuyến', '']).not.toContain(reason.trim());
  } finally {
    agent.kill('SIGKILL');
    await commune.remove();
  }
});
