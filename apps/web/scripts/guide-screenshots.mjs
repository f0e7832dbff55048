// Regenerates the user guide's screenshots (apps/web/public/guide/*.webp) from the running console.
// It builds nothing: run `npm run build -w apps/web` first. It starts the demo server on a free port with its own
// data directory, signs in as the demo administrator in headless Chromium, visits each screen and saves a
// 1200 px wide WebP (encoded by Chromium itself, so no image package is needed).
//
//   node apps/web/scripts/guide-screenshots.mjs
//   CHROMIUM=/usr/bin/chromium LOA_URL=http://127.0.0.1:3000 LOA_USER=admin LOA_PASSWORD=... node apps/web/scripts/guide-screenshots.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = path.join(root, 'apps/web/public/guide');
const WIDTH = 1200;
const QUALITY = 0.72;
const USER = process.env.LOA_USER ?? 'admin';
const PASSWORD = process.env.LOA_PASSWORD ?? 'dev-password-1';

/** Each screenshot: the file, the path to open and what to do before the picture. */
const SHOTS = [
  { file: 'overview.webp', path: '/tong-quan' },
  { file: 'emergency.webp', path: '/tong-quan', before: async (page) => { await page.getByRole('button', { name: 'Phát khẩn cấp' }).click(); await page.getByRole('dialog').first().waitFor(); } },
  { file: 'devices.webp', path: '/quan-ly-thiet-bi' },
  { file: 'map.webp', path: '/ban-do-thiet-bi' },
  { file: 'areas.webp', path: '/quan-ly-dia-ban' },
  { file: 'device-config.webp', path: '/cau-hinh-thiet-bi' },
  { file: 'schedules.webp', path: '/quan-ly-lich-phat' },
  { file: 'programmes.webp', path: '/quan-ly-chuong-trinh' },
  { file: 'accounts.webp', path: '/quan-ly-tai-khoan' },
  { file: 'system-log.webp', path: '/nhat-ky-he-thong' },
  { file: 'notifications.webp', path: '/thong-bao', before: async (page) => { await page.getByRole('button', { name: 'Thông báo', exact: true }).click(); await page.getByRole('dialog', { name: 'Thông báo hệ thống' }).waitFor(); } },
  { file: 'profile.webp', path: '/tong-quan', before: async (page) => { await page.getByRole('button', { name: 'Tài khoản', exact: true }).click(); await page.getByRole('menuitem', { name: 'Thông tin tài khoản' }).click(); await page.getByRole('dialog', { name: 'Thông tin tài khoản' }).waitFor(); } },
];

async function startDemoServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loa-guide-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', MQTT_PORT: '0', ADMIN_USER: USER, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Loa đang chạy tại (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** PNG bytes → WebP bytes of WIDTH pixels, through a canvas in the browser. */
async function toWebp(converter, png) {
  const dataUrl = await converter.evaluate(async ({ src, width, quality }) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = Math.round((image.height * width) / image.width);
    const context = canvas.getContext('2d');
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/webp', quality);
  }, { src: `data:image/png;base64,${png.toString('base64')}`, width: WIDTH, quality: QUALITY });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

async function main() {
  const server = process.env.LOA_URL ? { url: process.env.LOA_URL, stop: async () => undefined } : await startDemoServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'vi-VN', timezoneId: 'Asia/Ho_Chi_Minh' });
    const page = await context.newPage();
    const converter = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Tên tài khoản').fill(USER);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.waitForURL(/\/tong-quan/);
    let total = 0;
    for (const shot of SHOTS) {
      try {
        await page.goto(`${server.url}${shot.path}`);
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        await page.waitForTimeout(1200);
        if (shot.before) await shot.before(page);
        await page.waitForTimeout(600);
        const webp = await toWebp(converter, await page.screenshot({ type: 'png' }));
        const file = path.join(outDir, shot.file);
        writeFileSync(file, webp);
        total += statSync(file).size;
        console.log(`${shot.file}: ${(webp.length / 1024).toFixed(0)} KB`);
      } catch (error) {
        console.error(`${shot.file}: failed (${error instanceof Error ? error.message.split('\n')[0] : error})`);
        process.exitCode = 1;
      }
    }
    console.log(`total ${(total / 1024).toFixed(0)} KB in ${outDir}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
