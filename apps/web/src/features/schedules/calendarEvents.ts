import { ALL_DEVICES, BROADCAST_MESSAGES, broadcastSpanSeconds, MAX_BROADCAST_SECONDS, SCHEDULE_MESSAGES, SOURCE_KINDS, VN_OFFSET_MS, type Schedule } from '@loa/contract';
import type { ScheduleForm } from './scheduleForm';
import { vnDate, vnTime } from './vietnamTime';
import { rangeOccurrences } from './weekOccurrences';

/** The fields of a schedule the calendar reads. */
export type CalendarSchedule = Pick<Schedule, '_id' | 'thoiluong' | 'thietbichon' | 'diabanchon' | 'kieulaplai' | 'solanlaplai' | 'thoigianlaplai'>
  & Parameters<typeof rangeOccurrences>[0];

/** One occurrence as a block of the calendar. */
export interface CalendarOccurrence<S extends CalendarSchedule = Schedule> {
  /** `scheduleId@start`: unique in the calendar. */
  id: string;
  schedule: S;
  /** Vietnam date (YYYY-MM-DD) and time ('HH:mm') of the planned start. */
  date: string;
  time: string;
  /** Unix ms. */
  start: number;
  end: number;
  /** It overlaps another schedule's occurrence on a shared speaker. */
  clash: boolean;
}

/** The shortest block drawn: a programme of a few seconds still gets a visible, clickable minute. */
export const MIN_BLOCK_MS = 60_000;

/** How long one occurrence holds its speakers: the programme, and its repeats within the occurrence. */
export function occurrenceSpanMs(schedule: Pick<Schedule, 'thoiluong' | 'kieulaplai' | 'solanlaplai' | 'thoigianlaplai'>): number {
  const mode = schedule.kieulaplai === 1 || schedule.kieulaplai === 2 ? schedule.kieulaplai : 0;
  const seconds = broadcastSpanSeconds(schedule.thoiluong, { kieulaplai: mode, solanlaplai: schedule.solanlaplai, thoigianlaplai: schedule.thoigianlaplai });
  return Math.max(MIN_BLOCK_MS, Math.round(seconds * 1000));
}

/**
 * Every occurrence of the schedules in the `days` days from `first` (Vietnam dates), by the contract's
 * occurrence function, in time order, each as long as its programme, clashes marked (on the speakers
 * `places` tells apart, see shareSpeakers).
 */
export function calendarOccurrences<S extends CalendarSchedule>(schedules: readonly S[], first: string, days: number, holidays?: ReadonlySet<string>, places?: SpeakerPlaces): CalendarOccurrence<S>[] {
  const out: CalendarOccurrence<S>[] = [];
  for (const schedule of schedules) {
    const span = occurrenceSpanMs(schedule);
    for (const o of rangeOccurrences(schedule, first, days, holidays)) {
      out.push({ id: `${schedule._id}@${o.start}`, schedule, date: o.date, time: o.time, start: o.start, end: o.start + span, clash: false });
    }
  }
  out.sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
  markClashes(out, places);
  return out;
}

type Targets = Pick<Schedule, 'thietbichon' | 'diabanchon'>;

/** Where areas and speakers sit: each area's parent, each speaker's area (what the console has read). */
export interface SpeakerPlaces {
  parentOf: ReadonlyMap<string, string | null>;
  areaOf: ReadonlyMap<string, string>;
}

/** Whether a schedule playing on every speaker of its areas reaches area `areaId`: that area or one above it chosen. */
function covers(schedule: Targets, areaId: string, places?: SpeakerPlaces): boolean {
  const seen = new Set<string>();
  for (let id: string | null | undefined = areaId; id && !seen.has(id); id = places?.parentOf.get(id)) {
    if (schedule.diabanchon.some((a) => a._id === id)) return true;
    seen.add(id);
  }
  return false;
}

/** The areas of a schedule's chosen speakers: each one's own where known, else the areas the schedule chose. */
function areasOfChosen(schedule: Targets, places?: SpeakerPlaces): string[] {
  return schedule.thietbichon.flatMap((id) => {
    const area = places?.areaOf.get(id);
    return area ? [area] : schedule.diabanchon.map((a) => a._id);
  });
}

/**
 * Whether two schedules play on a speaker in common, as far as the console can tell from their choices
 * and `places`: chosen speakers in common; or, when one plays on every speaker of its areas ('tatca'),
 * the other's areas or speakers lie in one of them or below (a district's bulletin and a commune's of
 * that district). Without `places` an area covers only itself. (The server's clash check, run on every
 * move, decides.)
 */
export function shareSpeakers(a: Targets, b: Targets, places?: SpeakerPlaces): boolean {
  const aAll = a.thietbichon.includes(ALL_DEVICES);
  const bAll = b.thietbichon.includes(ALL_DEVICES);
  if (aAll && bAll) return a.diabanchon.some((x) => covers(b, x._id, places)) || b.diabanchon.some((y) => covers(a, y._id, places));
  if (aAll) return areasOfChosen(b, places).some((area) => covers(a, area, places));
  if (bAll) return areasOfChosen(a, places).some((area) => covers(b, area, places));
  return a.thietbichon.some((id) => b.thietbichon.includes(id));
}

/** Whether a schedule plays on a speaker: chosen by name, or every speaker of the speaker's area or of an area above it. */
export function playsOn(schedule: Targets, device: { _id: string; diaban: { _id: string } }, places?: SpeakerPlaces): boolean {
  return schedule.thietbichon.includes(device._id) || (schedule.thietbichon.includes(ALL_DEVICES) && covers(schedule, device.diaban._id, places));
}

/**
 * Marks the occurrences (sorted by start) that overlap an occurrence of another schedule on a shared
 * speaker: a sweep over the blocks still running at each start.
 */
export function markClashes(sorted: CalendarOccurrence<CalendarSchedule>[], places?: SpeakerPlaces): void {
  let running: CalendarOccurrence<CalendarSchedule>[] = [];
  for (const o of sorted) {
    running = running.filter((r) => r.end > o.start);
    for (const r of running) {
      if (r.schedule._id !== o.schedule._id && shareSpeakers(r.schedule, o.schedule, places)) r.clash = o.clash = true;
    }
    running.push(o);
  }
}

/**
 * The calendar library runs in its 'UTC' zone on instants shifted by Vietnam's offset (UTC+7 all year,
 * no daylight saving), so its wall clock is Vietnam's whatever the browser's zone.
 */
export const toCalendarTime = (ms: number): number => ms + VN_OFFSET_MS;
/** An instant of the calendar library (shifted) back to unix ms. */
export const fromCalendarTime = (date: Date): number => date.getTime() - VN_OFFSET_MS;
/** A calendar date of the library (shifted midnight) as a Vietnam YYYY-MM-DD date. */
export const calendarDay = (date: Date): string => date.toISOString().slice(0, 10);

/** A point of the Vietnam calendar: YYYY-MM-DD and 'HH:mm'. */
export interface VnSlot { date: string; time: string }

/** The Vietnam date and time of an instant. */
export const slotOf = (ms: number): VnSlot => ({ date: vnDate(ms), time: vnTime(ms) });

/** Why an occurrence may not be moved to `to` (unix ms) at `now`, or null. */
export function moveProblem(from: number, to: number, now: number): string | null {
  if (from <= now) return SCHEDULE_MESSAGES.moveStarted;
  if (to <= now) return SCHEDULE_MESSAGES.moveInPast;
  return null;
}

/**
 * What fixes the length of a schedule's occurrences when the calendar may not change it, or null when
 * it may. An occurrence lasts its sources (files and synthesised speech as long as their audio, a relay
 * as long as the officer set it), repeated as the schedule says; the schedule itself has no end time.
 * So a block is resized only when the schedule has its own sources with a relay (the last relay takes
 * the change) and plays them once per occurrence: 'programme' — a programme of the library, changed
 * there; 'media' — only files or speech, whose audio is what it is; 'repeats' — played several times
 * per occurrence, the length set in the editor (number of repeats, wait).
 */
export type LengthFixedBy = 'programme' | 'media' | 'repeats';
export function lengthFixedBy(schedule: Pick<Schedule, 'idchuongtrinh' | 'nguonphat' | 'kieulaplai'>): LengthFixedBy | null {
  if (schedule.idchuongtrinh) return 'programme';
  if (lastRelay(schedule.nguonphat) < 0) return 'media';
  if (schedule.kieulaplai === 1 || schedule.kieulaplai === 2) return 'repeats';
  return null;
}

type StoredRelay = { kieunguon: typeof SOURCE_KINDS.relay; thoiluong: number; thoigianBatdau: number };
const isRelay = (source: unknown): source is StoredRelay => typeof source === 'object' && source !== null && (source as { kieunguon?: unknown }).kieunguon === SOURCE_KINDS.relay;
const lastRelay = (sources: readonly unknown[]): number => sources.findLastIndex(isRelay);

/** The shortest relay the editor accepts: a minute. */
export const MIN_RELAY_SECONDS = 60;

/**
 * A schedule's own sources (stored nguonphat) with the last relay lengthened or shortened so one
 * occurrence lasts `seconds` instead of `current` (the schedule's thoiluong); the same list when the
 * length does not change; a message when it cannot (the relay under a minute, over a day in all).
 */
export function resizedSources(sources: readonly unknown[], current: number, seconds: number): unknown[] | string {
  const at = lastRelay(sources);
  if (at < 0) return SCHEDULE_MESSAGES.resizeFixed;
  if (seconds === current) return [...sources];
  if (seconds > MAX_BROADCAST_SECONDS) return BROADCAST_MESSAGES.tooLong;
  const relay = sources[at] as StoredRelay;
  const length = relay.thoiluong + seconds - current;
  if (length < MIN_RELAY_SECONDS) return SCHEDULE_MESSAGES.resizeTooShort;
  return sources.map((s, i) => (i === at ? { ...relay, thoiluong: length, thoigianBatdau: length } : s));
}

/** Why an occurrence may not change its length at `now`, or null. */
export function resizeProblem(from: number, now: number): string | null {
  return from <= now ? SCHEDULE_MESSAGES.resizeStarted : null;
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));

/**
 * The schedule's fields with one occurrence moved from `from` to `to`: a one-time schedule changes its
 * date and time; a repeating one keeps its rule and gets an exception moving that occurrence (an
 * occurrence already moved has its exception changed, and dropped when it goes back to its place).
 * Null when nothing changes; a message when the move cannot be said in the schedule's terms.
 */
export function movedForm(form: ScheduleForm, from: VnSlot, to: VnSlot): ScheduleForm | string | null {
  if (from.date === to.date && from.time === to.time) return null;
  if (form.chedophat === 'motlan') {
    if (form.giophat.length > 1 && to.date !== from.date) return SCHEDULE_MESSAGES.moveOnceSeveralTimes;
    return { ...form, ngaybatdau: to.date, giophat: [...new Set([...form.giophat.filter((t) => t !== from.time), to.time])].sort() };
  }
  const moved = form.ngoaile.findIndex((e) => e.doisang && e.doisang.ngay === from.date && hhmm(e.doisang.gio) === from.time);
  if (moved >= 0) {
    const exception = form.ngoaile[moved]!;
    const home = exception.ngay === to.date && hhmm(exception.gio) === to.time;
    const ngoaile = home ? form.ngoaile.filter((_e, i) => i !== moved) : form.ngoaile.map((e, i) => (i === moved ? { ...e, doisang: { ngay: to.date, gio: to.time } } : e));
    return { ...form, ngoaile };
  }
  return { ...form, ngoaile: [...form.ngoaile, { ngay: from.date, gio: from.time, doisang: { ngay: to.date, gio: to.time } }] };
}
