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
