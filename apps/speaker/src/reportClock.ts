/** Something that reports its state when due. */
export interface Reporter {
  /** Unix ms at which the next report is due. */
  reportDueAt: number;
  reportState(): void;
  /** Unix ms at which the next clock exchange is due, and the exchange. */
  syncDueAt?: number;
  syncClock?(): void;
}

const TICK_MS = 1000;
const reporters = new Set<Reporter>();
let timer: NodeJS.Timeout | null = null;

function tick(): void {
  const now = Date.now();
  for (const reporter of reporters) {
    if (now >= reporter.reportDueAt) reporter.reportState();
    if (reporter.syncDueAt !== undefined && now >= reporter.syncDueAt) reporter.syncClock?.();
  }
}

/**
 * Adds a reporter to the process-wide report clock: one timer for every agent of the process
 * (a fleet of 10,000 speakers shares it instead of running 10,000 intervals).
 */
export function addReporter(reporter: Reporter): void {
  reporters.add(reporter);
  if (!timer) {
    timer = setInterval(tick, TICK_MS);
    timer.unref();
  }
}

/** Removes a reporter; the clock stops when none is left. */
export function removeReporter(reporter: Reporter): void {
  reporters.delete(reporter);
  if (reporters.size === 0 && timer) {
    clearInterval(timer);
    timer = null;
  }
}
