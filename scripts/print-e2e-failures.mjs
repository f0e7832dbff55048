#!/usr/bin/env node
// Prints, as text, what the end-to-end tier left behind for each failed test: CI keeps only its
// output (no artefact upload), so the next session must be able to see why a test failed without
// rerunning it. Reads the JSON report, the error-context.md Playwright writes beside a failure, the
// test's own output, the trace's last actions and the e2e server's log (e2e/global-setup.ts).
// Usage: node scripts/print-e2e-failures.mjs [results folder, default e2e/test-results]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.resolve(process.argv[2] ?? path.join(root, 'e2e', 'test-results'));
const SERVER_LOG_LINES = 200;
const TRACE_ACTIONS = 40;

// Playwright's messages carry terminal colours; CI output is read as plain text.
const plain = (text) => stripVTControlCharacters(String(text ?? ''));
const heading = (text) => console.log(`\n---- ${text}`);
const indent = (text) => plain(text).replace(/\s+$/, '').split('\n').map((line) => `  ${line}`).join('\n');

/** The entries of a zip file (a trace) by name: stored or deflated, which is what Playwright writes. */
function readZip(file) {
  const data = fs.readFileSync(file);
  let end = data.length - 22;
  while (end >= 0 && data.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip file');
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries = new Map();
  for (let i = 0; i < count; i += 1) {
    const method = data.readUInt16LE(at + 10);
    const size = data.readUInt32LE(at + 20);
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const raw = data.subarray(start, start + size);
    entries.set(name, () => (method === 8 ? zlib.inflateRawSync(raw) : raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The last actions of a trace: the browser's (trace.trace files) and the test's steps (test.trace). */
function printTrace(file) {
  let entries;
  try {
    entries = readZip(file);
  } catch (error) {
    console.log(`  (could not read the trace: ${error.message})`);
    return;
  }
  for (const [name, read] of entries) {
    if (!name.endsWith('.trace')) continue;
    const actions = new Map();
    for (const line of read().toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      let event;
      try {
        event = JSON.parse(line);
      } catch {
        continue;
      }
      if (event.type === 'before') {
        const title = event.title ?? event.apiName ?? `${event.class}.${event.method}`;
        const selector = event.params?.selector ?? event.params?.url ?? '';
        actions.set(event.callId, { title, selector, start: event.startTime, error: '' });
      } else if (event.type === 'after' && actions.has(event.callId)) {
        const action = actions.get(event.callId);
        action.duration = event.endTime - action.start;
        const error = event.error?.message ?? event.error?.error?.message ?? (typeof event.error === 'string' ? event.error : '');
        action.error = plain(error).split('\n')[0];
      }
    }
    const list = [...actions.values()];
    if (list.length === 0) continue;
    console.log(`  ${name}: ${list.length} actions, the last ${Math.min(TRACE_ACTIONS, list.length)}:`);
    for (const action of list.slice(-TRACE_ACTIONS)) {
      const took = action.duration === undefined ? 'unfinished' : `${Math.round(action.duration)} ms`;
      console.log(`    ${action.title}${action.selector ? ` [${action.selector}]` : ''} (${took})${action.error ? ` ERROR: ${action.error}` : ''}`);
    }
  }
}

function outputText(chunks) {
  return (chunks ?? []).map((chunk) => chunk.text ?? Buffer.from(chunk.buffer ?? '', 'base64').toString('utf8')).join('');
}

function printFailure(titlePath, spec, result) {
  console.log(`\n======== FAILED: ${titlePath.join(' › ')} (${spec.file}:${spec.line}), ${result.status} after ${result.duration} ms`);
  heading('error');
  for (const error of result.errors ?? []) console.log(indent(error.stack ?? error.message ?? JSON.stringify(error)));
  for (const attachment of result.attachments ?? []) {
    if (!attachment.path) continue;
    const exists = fs.existsSync(attachment.path);
    if (attachment.name === 'error-context' || attachment.path.endsWith('error-context.md')) {
      heading(`error context (the page when the test failed): ${attachment.path}`);
      // Its first section is advice addressed to a language model, not about this failure.
      console.log(exists ? indent(fs.readFileSync(attachment.path, 'utf8').replace(/^# Instructions\n[\s\S]*?(?=^# )/m, '')) : '  (file missing)');
    } else if (attachment.contentType?.startsWith('image/')) {
      heading(`screenshot: ${attachment.path} (${exists ? `${fs.statSync(attachment.path).size} bytes` : 'file missing'})`);
    } else if (attachment.name === 'trace') {
      heading(`trace: ${attachment.path}`);
      if (exists) printTrace(attachment.path);
      else console.log('  (file missing)');
    } else {
      heading(`attachment ${attachment.name}: ${attachment.path}${exists ? ` (${fs.statSync(attachment.path).size} bytes)` : ' (file missing)'}`);
    }
  }
  const stdout = outputText(result.stdout);
  const stderr = outputText(result.stderr);
  for (const [name, text] of [['stdout', stdout], ['stderr', stderr]]) {
    if (!text) continue;
    heading(`the test's ${name}`);
    console.log(indent(text));
  }
}

/** Every failed result in the JSON report's suite tree; returns how many. */
function walk(suite, titles) {
  let failed = 0;
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'expected' || test.status === 'skipped') continue;
      for (const result of test.results ?? []) {
        if (result.status === 'passed' || result.status === 'skipped') continue;
        printFailure([...here, spec.title], spec, result);
        failed += 1;
      }
    }
  }
  for (const child of suite.suites ?? []) failed += walk(child, here);
  return failed;
}

const reportFile = path.join(resultsDir, 'results.json');
const serverLog = path.join(resultsDir, 'e2e-server.log');
console.log(`\n######## End-to-end failures, from ${path.relative(root, resultsDir) || '.'}`);
let failed = 0;
if (fs.existsSync(reportFile)) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  for (const error of report.errors ?? []) {
    heading('error outside any test (global setup, teardown or the run itself)');
    console.log(indent(error.stack ?? error.message ?? JSON.stringify(error)));
  }
  for (const suite of report.suites ?? []) failed += walk(suite, []);
  console.log(`\n${failed} failed test result(s) in ${path.relative(root, reportFile)}.`);
} else {
  console.log('No end-to-end report: the tier did not run (a failure before it, printed above) or ended before reporting.');
}
if (fs.existsSync(serverLog)) {
  const lines = fs.readFileSync(serverLog, 'utf8').replace(/\n$/, '').split('\n');
  heading(`the e2e server's log, last ${Math.min(SERVER_LOG_LINES, lines.length)} of ${lines.length} lines (${path.relative(root, serverLog)})`);
  console.log(lines.slice(-SERVER_LOG_LINES).join('\n'));
}
