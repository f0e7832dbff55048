import { VN_OFFSET_MS, vnIsoDay } from './vietnamTime';
import type { MonthlyRule, ScheduleException, ScheduleMode } from './schemas/schedules';
const DAY_MS = 24 * 3600 * 1000;
/** The longest stretch of days one question looks through (about ten years). */
const MAX_DAYS = 3660;

/**
 * When a schedule fires: its rule (mode and its details), the dates it runs between, an end by count,
 * its exceptions and the holidays it skips. The one function below answers for the server's scheduler,
 * clash check and lists and for the console's calendar, so all of them see the same occurrences.
 */
export interface Recurrence {
  mode: ScheduleMode;
  /** 0 = Sunday … 6 = Saturday, local time ('hangtuan'). */
  weekdays: number[];
  /** 'hangthang': a day of the month, or the Nth weekday. */
  monthly?: MonthlyRule | null;
  /** 'cacngay': the dates. */
  dates?: string[];
  startDate: string;
  endDate: string | null;
  /** Ends after this many occurrences of the rule (exceptions and holidays still count). */
  count?: number | null;
  /** 'HH:mm' or 'HH:mm:ss', local time. */
  times: string[];
  exceptions?: ScheduleException[];
  /** A local day (YYYY-MM-DD) the schedule does not fire on (a holiday it skips). */
  skips?: (isoDay: string) => boolean;
}

const dayIndex = (isoDate: string): number => Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10)) / DAY_MS;
const isoOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const seconds = (time: string): number => {
  const [h, m, s = '0'] = time.split(':');
  return +h * 3600 + +m * 60 + +s;
};
const instant = (day: number, second: number): number => day * DAY_MS + second * 1000 - VN_OFFSET_MS;

/** The local (Asia/Ho_Chi_Minh) calendar date of an instant, as YYYY-MM-DD. */
export const localDate = vnIsoDay;

/** Whether the rule (without its end, count, exceptions or holidays) falls on a day. */
function ruleFalls(r: Recurrence, day: number, dates: ReadonlySet<number>): boolean {
  // Day 0 (1970-01-01) was a Thursday.
  const weekday = (day + 4) % 7;
  switch (r.mode) {
    case 'motlan': return day === dayIndex(r.startDate);
    case 'hangngay': return true;
    case 'ngaythuong': return weekday >= 1 && weekday <= 5;
    case 'hangtuan': return r.weekdays.includes(weekday);
    case 'cacngay': return dates.has(day);
    case 'hangthang': {
      if (!r.monthly) return false;
      const date = new Date(day * DAY_MS);
      const dom = date.getUTCDate();
      if (r.monthly.kieu === 'ngay') return dom === r.monthly.ngay;
      if (weekday !== r.monthly.thu) return false;
      if (r.monthly.tuan > 0) return Math.ceil(dom / 7) === r.monthly.tuan;
      const monthLength = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      return dom + 7 > monthLength;
    }
  }
}

/** First and last day the rule may fall on (before the count). */
function bounds(r: Recurrence, dates: ReadonlySet<number>): [number, number] {
  if (r.mode === 'cacngay') return dates.size === 0 ? [1, 0] : [Math.min(...dates), Math.max(...dates)];
  const start = dayIndex(r.startDate);
  if (r.mode === 'motlan') return [start, start];
  return [start, r.endDate ? dayIndex(r.endDate) : Infinity];
}

const countEnds = new Map<string, { day: number; times: number }>();

/**
 * Where a count ends: the last day with a counted occurrence and how many of that day's times count.
 * Remembered by rule (the scheduler asks several times a second).
 */
function countEnd(r: Recurrence, dates: ReadonlySet<number>, perDay: number): { day: number; times: number } {
  const key = JSON.stringify([r.mode, r.weekdays, r.monthly, r.dates, r.startDate, r.endDate, r.count, perDay]);
  let end = countEnds.get(key);
  if (!end) {
    const [first, last] = bounds(r, dates);
    let left = r.count!;
    end = { day: first - 1, times: perDay };
    for (let day = first; day <= last && day - first <= MAX_DAYS * 3 && left > 0; day += 1) {
      if (!ruleFalls(r, day, dates)) continue;
      end = { day, times: Math.min(perDay, left) };
      left -= end.times;
    }
    if (countEnds.size > 10_000) countEnds.clear();
    countEnds.set(key, end);
  }
  return end;
}

/** Planned starts (unix ms) of a recurrence within [from, to), in order. */
export function occurrencesBetween(r: Recurrence, from: number, to: number): number[] {
  if (to <= from || r.times.length === 0) return [];
  const dates = new Set((r.dates ?? []).map(dayIndex));
  const times = [...new Set(r.times.map(seconds))].sort((a, b) => a - b);
  const [firstAllowed, ruleEnd] = bounds(r, dates);
  let lastAllowed = ruleEnd;
  let lastDayTimes = times.length;
  if (r.count) {
    const end = countEnd(r, dates, times.length);
    if (end.day < lastAllowed) [lastAllowed, lastDayTimes] = [end.day, end.times];
  }
  const exceptions = r.exceptions ?? [];
  /** The exception of an occurrence (day, second of day), if any. */
  const exceptionOf = (iso: string, second: number) => exceptions.find((e) => e.ngay === iso && (e.gio === null || seconds(e.gio) === second));
  const isOccurrence = (day: number, second: number) => day >= firstAllowed && day <= lastAllowed && ruleFalls(r, day, dates)
    && times.includes(second) && (day < lastAllowed || times.indexOf(second) < lastDayTimes);

  const out: number[] = [];
  const first = Math.max(firstAllowed, Math.floor((from + VN_OFFSET_MS) / DAY_MS) - 1);
  const last = Math.min(lastAllowed, Math.floor((to + VN_OFFSET_MS) / DAY_MS));
  for (let day = first; day <= last && day - first <= MAX_DAYS; day += 1) {
    if (!ruleFalls(r, day, dates)) continue;
    const iso = isoOfDay(day);
    if (r.skips?.(iso)) continue;
    const count = day === lastAllowed ? lastDayTimes : times.length;
    for (const t of times.slice(0, count)) {
      const at = instant(day, t);
      if (at >= from && at < to && !exceptionOf(iso, t)) out.push(at);
    }
  }
  // A moved occurrence fires where it was moved to, holiday or not, if it was an occurrence at all.
  for (const e of exceptions) {
    if (!e.doisang || !e.gio || !isOccurrence(dayIndex(e.ngay), seconds(e.gio))) continue;
    const at = instant(dayIndex(e.doisang.ngay), seconds(e.doisang.gio));
    if (at >= from && at < to) out.push(at);
  }
  return out.sort((a, b) => a - b);
}

/** The first planned start at or after `from`, or null when none is left (looks a year ahead). */
export function nextOccurrence(r: Recurrence, from: number): number | null {
  return occurrencesBetween(r, from, from + 366 * DAY_MS)[0] ?? null;
}

/** Whether the rule yields any occurrence at all, past or future (within about ten years of its start). */
export function hasAnyOccurrence(r: Recurrence): boolean {
  const starts = r.mode === 'cacngay' ? (r.dates ?? []).map(dayIndex) : [dayIndex(r.startDate)];
  if (starts.length === 0) return false;
  const from = instant(Math.min(...starts) - 1, 0);
  return occurrencesBetween(r, from, from + (MAX_DAYS - 2) * DAY_MS).length > 0;
}

/** Whether a schedule fires on a local day (YYYY-MM-DD). */
export function firesOn(r: Recurrence, isoDay: string): boolean {
  const start = instant(dayIndex(isoDay), 0);
  return occurrencesBetween(r, start, start + DAY_MS).length > 0;
}

/** The local days (YYYY-MM-DD) in [fromDay, toDay] the rule falls on, exceptions and holidays left aside (a week's copy). */
export function ruleDaysBetween(r: Recurrence, fromDay: string, toDay: string): string[] {
  const plain: Recurrence = { ...r, exceptions: [], skips: undefined };
  return [...new Set(occurrencesBetween(plain, instant(dayIndex(fromDay), 0), instant(dayIndex(toDay) + 1, 0)).map(localDate))];
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
  // Both lists are in order and each schedule's runs have one length: one pass over both (a year of
  // a schedule that plays several times a day is thousands of starts, and every pair would be millions).
  const bStarts = occurrencesBetween(b, from - spanB, to);
  let j = 0;
  for (const start of occurrencesBetween(a, from - spanA, to)) {
    const end = start + spanA;
    if (end <= from) continue;
    // Runs of b that end before this run of a starts end before every later one too.
    while (j < bStarts.length && bStarts[j] + spanB <= start) j += 1;
    if (j === bStarts.length) return null;
    const other = bStarts[j];
    if (other < end) return { start: Math.max(start, other), end: Math.min(end, other + spanB), a: { start, end }, b: { start: other, end: other + spanB } };
  }
  return null;
}

/** How far ahead saving a schedule looks for clashes with others (issue #32 item 4), stated in the editor. */
export const CLASH_HORIZON_DAYS = 366;
