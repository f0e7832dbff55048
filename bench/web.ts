/**
 * The console's first load: builds apps/web, measures the first-load JavaScript (the entry and
 * its static imports, gzipped) and the largest chunk from the build manifest, then runs
 * Lighthouse 12 (mobile emulation and throttling, performance only) against /tong-quan of a
 * started server, signed in, and prints the performance score and the Largest Contentful Paint.
 * Run: npm run bench -- web [--runs 3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { budgetProblems, kb, measureWebBuild } from '../scripts/web-bundle.mjs';
import { numericOptions } from './lib/args';
import { describeMachine } from './lib/machine';
import { startServer } from './lib/server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opts = numericOptions('npm run bench -- web [options]', { runs: { default: 3, help: 'Lighthouse runs (the median is reported)' } });
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

console.log(`machine: ${describeMachine()}`);
const build = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' });
if (build.status !== 0) throw new Error('console build failed');
const bundle = measureWebBuild(path.join(repoRoot, 'apps/web/dist'));
console.log(`first-load JavaScript: ${kb(bundle.initialGzipBytes)} gzipped in ${bundle.initialFiles.length} files (budget 200 kB)`);
console.log(`largest chunk: ${bundle.largestChunk?.file} ${kb(bundle.largestChunk?.bytes ?? 0)} (budget 400 kB)`);
for (const problem of budgetProblems(bundle)) console.log(`OVER BUDGET: ${problem}`);

const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
const profile = await mkdtemp(path.join(os.tmpdir(), 'loa-lighthouse-'));
const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'], userDataDir: profile });
try {
  // Sign in once in this browser profile (cookies and the console's stored user), then keep its storage.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Tên tài khoản').fill(server.adminUser);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(server.adminPassword);
  await page.getByLabel('Mật khẩu', { exact: true }).press('Enter');
  await page.waitForURL(/\/tong-quan$/, { timeout: 60_000 });
  await page.close();
  await browser.close();

  const scores: number[] = [];
  const lcps: number[] = [];
  for (let i = 0; i < opts.runs; i += 1) {
    const result = await lighthouse(`${server.baseUrl}/tong-quan`, { port: chrome.port, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error', formFactor: 'mobile' });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (!lhr.finalDisplayedUrl.endsWith('/tong-quan')) throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not the overview (not signed in?)`);
    const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
    scores.push(score);
    lcps.push(lcp);
    console.log(`run ${i + 1}: performance ${score}, LCP ${(lcp / 1000).toFixed(2)} s, FCP ${((lhr.audits['first-contentful-paint']?.numericValue ?? NaN) / 1000).toFixed(2)} s, TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN)} ms`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`Lighthouse ${lighthouseVersion()} /tong-quan (mobile, simulated throttling), median of ${opts.runs}: performance ${median(scores)} (target ≥ 90), LCP ${(median(lcps) / 1000).toFixed(2)} s (target ≤ 2.5 s)`);
} finally {
  chrome.kill();
  await server.stop();
  await rm(profile, { recursive: true, force: true });
}

function lighthouseVersion(): string {
  return (spawnSync(process.execPath, ['-p', "require('lighthouse/package.json').version"], { cwd: repoRoot, encoding: 'utf8' }).stdout ?? '').trim();
}
