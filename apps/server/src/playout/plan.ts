import type { PlayItem } from '@loa/contract';

/** What decides a session's timeline: its items and its repeat rule. */
export interface RunPlan {
  items: PlayItem[];
  /** Seconds, the sum of the items. */
  total: number;
  repeatMode: 0 | 1 | 2;
  /** Seconds between runs in mode 2. */
  repeatInterval: number;
  /** Repeats after the first run in modes 1 and 2 ("Số lần lặp lại"). */
  repeatCount: number;
}

export type SessionState =
  | { status: 'playing'; runIndex: number; runStart: number; runEnd: number }
  | { status: 'waiting'; runIndex: number; nextRunAt: number }
  | { status: 'finished'; endedAt: number };

/** How many times the programme plays in all: once, plus the repeats of modes 1 and 2. */
export const runCount = (plan: RunPlan): number => (plan.repeatMode === 0 ? 1 : 1 + Math.max(0, plan.repeatCount));

/** Milliseconds from one run's start to the next. */
export const period = (plan: RunPlan): number => (plan.total + (plan.repeatMode === 2 ? plan.repeatInterval : 0)) * 1000;

/**
 * Where a session stands at `now`, by wall clock alone from the start of its first run, so a
 * restarted server (or a device joining late) lands on the same moment as everyone else.
 */
export function stateAt(plan: RunPlan, firstRunStart: number, now: number): SessionState {
  const runs = runCount(plan);
  const step = period(plan);
  const lastEnd = firstRunStart + (runs - 1) * step + plan.total * 1000;
  if (now >= lastEnd || plan.total <= 0) return { status: 'finished', endedAt: lastEnd };
  const k = now < firstRunStart ? 0 : Math.min(runs - 1, Math.floor((now - firstRunStart) / step));
  const runStart = firstRunStart + k * step;
  const runEnd = runStart + plan.total * 1000;
  if (now < runEnd) return { status: 'playing', runIndex: k, runStart, runEnd };
  return { status: 'waiting', runIndex: k, nextRunAt: runStart + step };
}

/** The item playing `offsetSeconds` into a run and how far into it, or null past the end. */
export function itemAt(items: PlayItem[], offsetSeconds: number): { index: number; position: number } | null {
  let start = 0;
  for (let i = 0; i < items.length; i += 1) {
    if (offsetSeconds < start + items[i].duration) return { index: i, position: Math.max(0, offsetSeconds - start) };
    start += items[i].duration;
  }
  return null;
}

/** Offsets (seconds) at which each item starts within a run. */
export function itemStarts(items: PlayItem[]): number[] {
  let start = 0;
  return items.map((item) => {
    const at = start;
    start += item.duration;
    return at;
  });
}
