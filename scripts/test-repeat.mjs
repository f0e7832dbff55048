#!/usr/bin/env node
// The flake check (issue #33): runs one test tier n times in a row and prints, per test, how many
// of the runs it failed in, read from vitest's and Playwright's JSON reports. Exits non-zero when
// any run failed. Extra arguments after n are passed to the runner (a file or name filter).
// Usage: npm run test:repeat -- <unit|server|fuzz|fault|cluster|ops|e2e> <n> [runner arguments...]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestTiers = {
  unit: [],
  server: ['--project', 'server'],
  fuzz: ['-c', 'apps/server/vitest.fuzz.config.ts'],
  fault: ['-c', 'apps/server/vitest.fault.config.ts'],
  cluster: ['-c', 'apps/server/vitest.cluster.config.ts'],
  ops: ['-c', 'apps/server/vitest.ops.config.ts'],
};
const [tier, countText, ...extra] = process.argv.slice(2);
const runs = Number(countText);
if (!(tier in vitestTiers || tier === 'e2e') || !Number.isInteger(runs) || runs < 1) {
  console.error(`Usage: npm run test:repeat -- <${[...Object.keys(vitestTiers), 'e2e'].join('|')}> <n ≥ 1> [runner arguments...]`);
  process.exit(2);
}

/** Failed test names in a vitest JSON report (a file that failed to load counts as one failure). */
function vitestFailures(report) {
  const failed = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults ?? [];
    for (const test of tests) if (test.status === 'failed') failed.push(`${name} › ${test.fullName}`);
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) failed.push(`${name} (the file itself: ${String(file.message).split('\n')[0]})`);
  }
  return failed;
}

/** Failed test names in a Playwright JSON report, including errors outside any test. */
function playwrightFailures(report) {
  const failed = (report.errors ?? []).map((error) => `(outside any test: ${String(error.message).split('\n')[0]})`);
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        // "flaky" cannot happen with retries off, but would be a failure here all the same.
        if (test.status === 'unexpected' || test.status === 'flaky') failed.push([...here, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failed;
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-test-repeat-'));
const failures = new Map();
const runVerdicts = [];
try {
  if (tier === 'e2e') {
    const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  for (let run = 1; run <= runs; run += 1) {
    console.log(`\n==== test:repeat ${tier}: run ${run} of ${runs} (${new Date().toISOString()})`);
    const started = Date.now();
    let result;
    let reportFile;
    if (tier === 'e2e') {
      // The config's JSON reporter writes there (e2e/playwright.config.ts).
      reportFile = path.join(root, 'e2e', 'test-results', 'results.json');
      fs.rmSync(reportFile, { force: true });
      result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extra], { cwd: root, stdio: 'inherit' });
    } else {
      reportFile = path.join(workDir, `run-${run}.json`);
      const args = ['vitest', 'run', ...vitestTiers[tier], '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...extra];
      result = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });
    }
    let failed;
    if (fs.existsSync(reportFile)) {
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
      failed = tier === 'e2e' ? playwrightFailures(report) : vitestFailures(report);
    } else {
      failed = ['(no report: the run ended before writing one)'];
    }
    // A run that exits non-zero with no failed test named still failed (a teardown error, a leak check).
    if (result.status !== 0 && failed.length === 0) failed.push(`(the run as a whole: exit code ${result.status ?? result.signal})`);
    for (const name of failed) failures.set(name, [...(failures.get(name) ?? []), run]);
    runVerdicts.push({ run, ok: result.status === 0 && failed.length === 0, seconds: Math.round((Date.now() - started) / 1000), failed: failed.length });
  }
} finally {
  fs.rmSync(workDir, { recursive: true, force: true });
}

console.log(`\n==== test:repeat ${tier} ${runs} time(s)${extra.length ? ` (${extra.join(' ')})` : ''}`);
for (const verdict of runVerdicts) console.log(`run ${verdict.run}: ${verdict.ok ? 'passed' : `FAILED (${verdict.failed} failure(s))`} in ${verdict.seconds} s`);
if (failures.size === 0) {
  console.log(`No failures in ${runs} run(s).`);
} else {
  console.log('\nfailures/runs  runs  test');
  const rows = [...failures].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  for (const [name, inRuns] of rows) console.log(`${`${inRuns.length}/${runs}`.padEnd(13)}  ${inRuns.join(',').padEnd(4)}  ${name}`);
}
process.exit(runVerdicts.every((verdict) => verdict.ok) ? 0 : 1);
