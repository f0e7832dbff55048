/**
 * The console's first load: builds apps/web, measures the first-load JavaScript (the entry and
 * its static imports, gzipped) and the largest chunk from the build manifest, then runs
 * Lighthouse 12 (mobile emulation and throttling, performance only) against /tong-quan of a
 * started server, signed in, and prints the performance score and the Largest Contentful Paint,
 * with the LCP element and its phases (TTFB, load delay, load time, render delay) of each run;
 * then the schedule calendar with a week of `--occurrences` occurrences: its render and the frame
 * times of a scripted drag (lib/calendarBench.ts).
 * Run: npm run bench -- web [--runs 3] [--occurrences 500]; LOA_BENCH_LHR=/tmp/x also writes each run's report to /tmp/x.<run>.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { budgetProblems, kb, measureWebBuild } from '../scripts/web-bundle.mjs';
import { numericOptions } from './lib/args';
import { measureCalendar } from './lib/calendarBench';
import { describeMachine } from './lib/machine';
import { distribution, ms } from './lib/stats';
import { startServer } from './lib/server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opts = numericOptions('npm run bench -- web [options]', {
  runs: { default: 3, help: 'Lighthouse runs (the median is reported; 0 skips Lighthouse)' },
  occurrences: { default: 500, help: 'occurrences in the calendar’s week (0 skips the calendar)' },
  'calendar-runs': { default: 5, help: 'renders of the calendar’s week measured after the first' },
});
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
  // Every run measures an officer coming back (the console's files cached): let the first visit
  // finish loading (the overview's chunks, the cache writes) before the page closes.
  await page.waitForLoadState('networkidle');
  await page.goto(`${server.baseUrl}/tong-quan`, { waitUntil: 'networkidle' });
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
    console.log(`run ${i + 1}: performance ${score}, LCP ${(lcp / 1000).toFixed(2)} s, FCP ${((lhr.audits['first-contentful-paint']?.numericValue ?? NaN) / 1000).toFixed(2)} s, TBT ${Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN)} ms, SI ${((lhr.audits['speed-index']?.numericValue ?? NaN) / 1000).toFixed(2)} s`);
    console.log(`  ${describeLcp(lhr)}`);
    if (process.env.LOA_BENCH_LHR) await writeFile(`${process.env.LOA_BENCH_LHR}.${i + 1}.json`, JSON.stringify(lhr));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  if (opts.runs > 0) console.log(`Lighthouse ${lighthouseVersion()} /tong-quan (mobile, simulated throttling), median of ${opts.runs}: performance ${median(scores)} (target ≥ 90), LCP ${(median(lcps) / 1000).toFixed(2)} s (target ≤ 2.5 s)`);

  if (opts.occurrences > 0) {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const calendarPage = await cdp.contexts()[0]!.newPage();
    try {
      const c = await measureCalendar(server, calendarPage, opts.occurrences, opts['calendar-runs']);
      const render = distribution(c.renderMs);
      console.log(`calendar, a week of ${c.occurrences} occurrences (desktop 1440×1000, no throttling): first render ${ms(c.coldMs)}, then median ${ms(median(c.renderMs))}, max ${ms(render.max)} over ${c.renderMs.length} renders (target ≤ 300 ms)`);
      console.log(`calendar drag (${ms(c.dragMs)}, 60 pointer moves): ${c.dragFrames.count} frames, interval p50 ${c.dragFrames.p50.toFixed(1)} ms, p95 ${c.dragFrames.p95.toFixed(1)} ms, max ${c.dragFrames.max.toFixed(1)} ms, ${c.longFrames} frames over 50 ms`);
    } finally {
      await calendarPage.close();
      await cdp.close();
    }
  }
} finally {
  chrome.kill();
  await server.stop();
  await rm(profile, { recursive: true, force: true });
}

/** The LCP element and where its time went (Lighthouse's phases: TTFB, load delay, load time, render delay). */
function describeLcp(lhr: { audits: Record<string, { details?: unknown }> }): string {
  interface Table { type: string; items: Array<Record<string, unknown>> }
  const lists = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined)?.items ?? [];
  const node = lists[0]?.items[0]?.node as { snippet?: string; nodeLabel?: string } | undefined;
  const phases = (lists[1]?.items ?? []).map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))} ms`).join(', ');
  return `LCP element ${node?.snippet ?? '?'} (“${(node?.nodeLabel ?? '').slice(0, 40)}”): ${phases}`;
}

function lighthouseVersion(): string {
  return (spawnSync(process.execPath, ['-p', "require('lighthouse/package.json').version"], { cwd: repoRoot, encoding: 'utf8' }).stdout ?? '').trim();
}
