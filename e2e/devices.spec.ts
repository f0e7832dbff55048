import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { baseUrl, signIn } from './fixtures';

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
    await expect(row).toHaveAttribute('data-status', 'online', { timeout: 15_000 }).catch((error: Error) => {
      throw new Error(`${error.message}\n\nThe agent printed:\n${agent.output()}`);
    });
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
