/**
 * Runs the heavy part of a CAP alert (reading its XML, matching its shapes to area boundaries) on
 * one worker thread (capWorker.ts), one job at a time, each with a time budget: past it the worker
 * is stopped (a parse or a loop cannot be interrupted otherwise) and the alert refused in words,
 * so no alert can hold the main thread or hang its sender. The worker starts with the speech
 * engine's warm-up (when alerts may come) or on the first alert, and stops after ten idle minutes.
 */
import { Worker } from 'node:worker_threads';
import { CAP_MESSAGES } from '@loa/contract';
import { AppError } from '../../infra/errors';
import type { CapMessage } from './capAlert';

/** An alert's shapes as its <polygon> and <circle> texts: read into numbers on the thread. */
export interface ShapeTexts { polygons: string[]; circles: string[] }
/** An area's boundary as its GeoJSON text (parsed on the thread). */
export interface BoundaryText { id: string; boundary: string }
export type CapJob = { op: 'read'; bytes: Uint8Array } | ({ op: 'reach'; rows: BoundaryText[] } & ShapeTexts);
export type CapResult = { op: 'read'; message: CapMessage } | { op: 'reach'; ids: string[] };
export type CapJobAnswer = { id: number; ok: true; result: CapResult } | { id: number; ok: false; status: AppError['statusCode']; message: string };

/** Longest the thread may read one posted alert, and match its shapes: together well under a second. */
export const CAP_READ_BUDGET_MS = 600;
export const CAP_GEOMETRY_BUDGET_MS = 300;
/** A warmed thread waits this long for an alert (starting one costs 0.1 s built, seconds through tsx on a busy machine). */
const IDLE_MS = 10 * 60_000;
/** Starting the thread is not the alert's fault (it loads tsx when the server runs from its sources). */
const START_TIMEOUT_MS = 30_000;

interface Pending { id: number; job: CapJob; transfer: ArrayBuffer[]; budgetMs: number; timeoutMs: number; resolve: (result: CapResult) => void; reject: (error: Error) => void; timer?: NodeJS.Timeout }

// Run from the TypeScript sources (npm start, the tests) the worker boots through tsx; built, both sit in dist/.
const fromSources = import.meta.url.endsWith('.ts');
const bootUrl = new URL(fromSources ? '../../infra/workerBoot.mjs' : './workerBoot.mjs', import.meta.url);
const entry = new URL(fromSources ? './capWorker.ts' : './capWorker.js', import.meta.url).href;

let worker: { thread: Worker; ready: Promise<void> } | null = null;
let running: Pending | null = null;
const queue: Pending[] = [];
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;

function stopWorker(): void {
  const w = worker;
  worker = null;
  if (w) void w.thread.terminate();
}

function settle(outcome: { result: CapResult } | { error: Error }): void {
  const job = running;
  if (!job) return;
  clearTimeout(job.timer);
  running = null;
  if ('result' in outcome) job.resolve(outcome.result);
  else job.reject(outcome.error);
  pump();
}

function startWorker(): NonNullable<typeof worker> {
  const thread = new Worker(bootUrl, { workerData: { entry } });
  thread.unref();
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the CAP worker did not start')), START_TIMEOUT_MS);
    thread.on('message', (answer: CapJobAnswer | { ready: true }) => {
      if ('ready' in answer) {
        clearTimeout(timer);
        resolve();
        return;
      }
      if (worker?.thread !== thread || !running || answer.id !== running.id) return;
      settle(answer.ok ? { result: answer.result } : { error: new AppError(answer.status, answer.message) });
    });
    const crash = (error: Error) => {
      clearTimeout(timer);
      reject(error);
      if (worker?.thread !== thread) return;
      worker = null;
      settle({ error });
    };
    thread.on('error', crash);
    thread.on('exit', (code) => crash(new Error(`the CAP worker exited with code ${code}`)));
  });
  ready.catch(() => undefined);
  return { thread, ready };
}

function stopWhenIdle(): void {
  if (!worker || idleTimer) return;
  idleTimer = setTimeout(() => {
    idleTimer = null;
    if (!running && queue.length === 0) stopWorker();
  }, IDLE_MS);
  idleTimer.unref();
}

function pump(): void {
  if (running) return;
  const next = queue.shift();
  if (!next) {
    stopWhenIdle();
    return;
  }
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  running = next;
  worker ??= startWorker();
  const current = worker;
  current.ready.then(() => {
    if (running !== next || worker !== current) return;
    // The budget counts from the moment the ready thread has the job.
    next.timer = setTimeout(() => {
      stopWorker();
      settle({ error: new AppError(400, CAP_MESSAGES.tooSlow.replace('{ms}', String(next.budgetMs))) });
    }, next.timeoutMs);
    current.thread.postMessage({ ...next.job, id: next.id }, next.transfer);
  }, (error: Error) => {
    if (running === next) settle({ error });
  });
}

/** Runs a job on the thread, stopped after `timeoutMs` (counted once the ready thread has it); the refusal names `budgetMs`. */
function runJob(job: CapJob, budgetMs: number, timeoutMs = budgetMs, transfer: ArrayBuffer[] = []): Promise<CapResult> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, job, transfer, budgetMs, timeoutMs: Math.max(1, timeoutMs), resolve, reject });
    pump();
  });
}

/** Starts the thread ahead of the first alert; resolves once it is ready. */
export function warmCapThread(): Promise<void> {
  worker ??= startWorker();
  if (!running) stopWhenIdle();
  return worker.ready;
}

/**
 * Reads and checks a posted CAP document off the main thread (size limits, parseXml, capMessageOf).
 * Its bytes are copied once and moved to the thread: cloning a megabyte string took 30–75 ms here.
 */
export async function readAlertOffThread(body: Uint8Array, budgetMs = CAP_READ_BUDGET_MS): Promise<CapMessage> {
  const bytes = new Uint8Array(body);
  const result = await runJob({ op: 'read', bytes }, budgetMs, budgetMs, [bytes.buffer]);
  if (result.op !== 'read') throw new Error('the CAP worker answered another job');
  return result.message;
}

/**
 * Matches an alert's shapes to area boundaries off the main thread, within the budget: the texts go
 * as they are (strings are copied whole), the thread reads them, skips the boundaries whose box
 * meets no shape's box and tests the others exactly.
 */
export async function reachedAreasOffThread(shapes: ShapeTexts, rows: BoundaryText[], budgetMs = CAP_GEOMETRY_BUDGET_MS): Promise<string[]> {
  if (shapes.polygons.length + shapes.circles.length === 0 || rows.length === 0) return [];
  const result = await runJob({ op: 'reach', ...shapes, rows }, budgetMs);
  if (result.op !== 'reach') throw new Error('the CAP worker answered another job');
  return result.ids;
}

/**
 * Stops the thread when it has nothing to do (the app's onClose); a later alert starts it again.
 * One thread serves every app of the process (tests start several): a busy one stops when idle.
 */
export function stopCapThread(): void {
  if (running || queue.length > 0) return;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  stopWorker();
}
