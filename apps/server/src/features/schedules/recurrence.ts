import { VN_OFFSET_MS, vnIsoDay, type ScheduleMode } from '@loa/contract';

export { VN_OFFSET_MS };
const DAY_MS = 24 * 3600 * 1000;

export interface Recurrence {
  mode: ScheduleMode;
  /** 0 = Sunday … 6 = Saturday, local time. */
  weekdays: number[];
  startDate: string;
  endDate: string | null;
  /** 'HH:mm' or 'HH:mm:ss', local time. */
  times: string[];
}

const dayIndex = (isoDate: string): number => Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10)) / DAY_MS;
const seconds = (time: string): number => {
  const [h, m, s = '0'] = time.split(':');
  return +h * 3600 + +m * 60 + +s;
};

/** The local (Asia/Ho_Chi_Minh) calendar date of an instant, as YYYY-MM-DD. */
export const localDate = vnIsoDay;

/** Planned starts (unix ms) of a recurrence within [from, to), in order. */
export function occurrencesBetween(r: Recurrence, from: number, to: number): number[] {
  if (to <= from || r.times.length === 0) return [];
  const first = Math.max(dayIndex(r.startDate), Math.floor((from + VN_OFFSET_MS) / DAY_MS) - 1);
  const lastAllowed = r.mode === 'motlan' ? dayIndex(r.startDate) : r.endDate ? dayIndex(r.endDate) : Infinity;
  const last = Math.min(lastAllowed, Math.floor((to + VN_OFFSET_MS) / DAY_MS));
  const times = r.times.map(seconds).sort((a, b) => a - b);
  const out: number[] = [];
  for (let day = first; day <= last && day - first <= 3660; day += 1) {
    // Day 0 (1970-01-01) was a Thursday.
    const weekday = (day + 4) % 7;
    if (r.mode === 'hangtuan' && !r.weekdays.includes(weekday)) continue;
    for (const t of times) {
      const at = day * DAY_MS + t * 1000 - VN_OFFSET_MS;
      if (at >= from && at < to) out.push(at);
    }
  }
  return out;
}

/** The first planned start at or after `from`, or null when none is left (looks a year ahead). */
export function nextOccurrence(r: Recurrence, from: number): number | null {
  return occurrencesBetween(r, from, from + 366 * DAY_MS)[0] ?? null;
}

/** A clash of two occurrences: their overlap, and each whole occurrence. */
export interface Overlap {
  start: number;
  end: number;
  a: { start: number; end: number };
  b: { start: number; end: number };
}

/** Whether any occurrence interval of `a` overlaps one of `b` within [from, to). Answers the first overlap. */
export function firstOverlap(a: Recurrence, spanA: number, b: Recurrence, spanB: number, from: number, to: number): Overlap | null {
  const bStarts = occurrencesBetween(b, from - spanB, to);
  for (const start of occurrencesBetween(a, from - spanA, to)) {
    const end = start + spanA;
    if (end <= from) continue;
    for (const other of bStarts) {
      if (other < end && start < other + spanB) {
        return { start: Math.max(start, other), end: Math.min(end, other + spanB), a: { start, end }, b: { start: other, end: other + spanB } };
      }
    }
  }
  return null;
}
