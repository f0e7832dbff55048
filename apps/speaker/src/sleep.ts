import type { StopSignal } from './stopSignal';

/** Waits `ms` milliseconds; resolves early (never rejects) when `signal` aborts. */
export function sleep(ms: number, signal?: StopSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Longest single wait of `sleepUntil`, so a clock corrected meanwhile is read again soon. */
const RECHECK_MS = 500;

/**
 * Waits until `now()` reaches `target` (ms on that clock), re-reading the clock at least every half
 * second: a clock corrected while waiting (a device's first synchronisation) moves the wake-up.
 * Resolves early when `signal` aborts.
 */
export async function sleepUntil(target: number, now: () => number, signal?: StopSignal): Promise<void> {
  for (let left = target - now(); left > 0 && !signal?.aborted; left = target - now()) {
    await sleep(Math.min(left, RECHECK_MS), signal);
  }
}
