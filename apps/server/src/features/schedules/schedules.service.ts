import crypto from 'node:crypto';
import {
  BROADCAST_MESSAGES, CLASH_HORIZON_DAYS, MAX_BROADCAST_SECONDS, MSG, MESSAGE_TYPES, NORMAL_PRIORITY, isPriority, broadcastSpanSeconds, REPEAT_COUNT_MIN, REPEAT_INTERVAL_MIN_SECONDS, SCHEDULE_MESSAGES, statusAfterSave,
  SCHEDULE_MISSED_REASONS, type LiveBroadcast, type Schedule, type ScheduleBody, type ScheduleConflict, type ScheduleException, type ScheduleMissedReason, type Source,
} from '@loa/contract';
import { AppError, badRequest, conflict, notFound, outOfScope } from '../../infra/errors';
import { hasRight, requireRight } from '../auth/rights';
import { areaScope, sharedScopeIds, type AreaScope } from '../areas/areas.service';
import { itemsFromSources, resolveTarget, type ComposeContext } from '../broadcasts/compose';
import { writeSystemLog } from '../system-log/systemLog.service';
import { bulletinOfSchedule, reportBulletin, reportBulletinCancelled } from '../province/provinceReports';
import type { Db } from '../../infra/db';
import { runCount } from '../../playout/plan';
import { firesOn, firstOverlap, hasAnyOccurrence, nextOccurrence, occurrencesBetween, type Recurrence } from './recurrence';
import { calendarOf, holidayName, type HolidayCalendar } from '../holidays/holidays.service';
import type { PlayoutEngine } from '../../playout/engine';
import * as q from './schedules.queries';
import { scheduleActionsFor, scheduleRefusal, seesSchedule, stateAllows, type ScheduleAction } from './scheduleRights';

/** What the schedule calls need: composing, plus the playout engine to stop what a schedule has on air. */
export interface ScheduleContext extends ComposeContext {
  engine: PlayoutEngine;
}

type RecurrenceFields = 'mode' | 'weekdays' | 'start_date' | 'end_date' | 'times' | 'monthly' | 'dates' | 'max_count' | 'exceptions' | 'skip_holidays';

/**
 * When a schedule fires, with its administrator's holiday calendar (the holidays it skips when it
 * skips them). The scheduler, the clash check and every answer go through it.
 */
export const recurrenceOf = (s: Pick<q.ScheduleRow, RecurrenceFields>, calendar: HolidayCalendar | null): Recurrence => ({
  mode: s.mode, weekdays: s.weekdays, startDate: s.start_date, endDate: s.end_date, times: s.times,
  monthly: s.monthly, dates: s.dates, count: s.max_count, exceptions: s.exceptions,
  skips: s.skip_holidays && calendar ? (day) => holidayName(calendar, day) !== null : undefined,
});

/** Milliseconds one occurrence holds its devices: every run and the waits between them. */
export function spanOf(s: Pick<q.ScheduleRow, 'total_seconds' | 'repeat_mode' | 'repeat_interval' | 'repeat_count'>): number {
  const runs = runCount({ items: [], total: s.total_seconds, repeatMode: s.repeat_mode, repeatInterval: s.repeat_interval, repeatCount: s.repeat_count });
  return ((runs - 1) * (s.total_seconds + (s.repeat_mode === 2 ? s.repeat_interval : 0)) + s.total_seconds) * 1000;
}

async function programmeSources(ctx: ComposeContext, id: string): Promise<Source[]> {
  const [row] = await ctx.db.query<{ sources: Source[] }>(
    'SELECT sources FROM programmes WHERE id = $1 AND admin_id = $2 AND ($3::text[] IS NULL OR area_id = ANY($3::text[]))',
    [id, ctx.session.user.admin_id, await sharedScopeIds(ctx.db, ctx.session)],
  );
  if (!row) throw notFound(SCHEDULE_MESSAGES.programmeNotFound);
  return row.sources;
}

const hhmm = (time: string | null) => (time === null ? null : time.slice(0, 5));
const vnAt = (ngay: string, gio: string) => Date.parse(`${ngay}T${hhmm(gio)}:00+07:00`);

/**
 * A move (an exception with doisang) that the save adds or changes — one the schedule had already
 * stands — must take an occurrence that has not started to a time still ahead (the calendar's drags).
 */
function checkMoves(exceptions: readonly ScheduleException[], previous: readonly ScheduleException[], now: number): void {
  const sameOccurrence = (a: ScheduleException, b: ScheduleException) => a.ngay === b.ngay && hhmm(a.gio) === hhmm(b.gio);
  for (const e of exceptions) {
    if (!e.doisang || !e.gio) continue;
    const before = previous.find((p) => sameOccurrence(p, e));
    if (before?.doisang && before.doisang.ngay === e.doisang.ngay && hhmm(before.doisang.gio) === hhmm(e.doisang.gio)) continue;
    // Where the occurrence stood before this save: its own time, or where an earlier move had put it.
    const from = before?.doisang ? vnAt(before.doisang.ngay, before.doisang.gio) : vnAt(e.ngay, e.gio);
    if (from <= now) throw badRequest(SCHEDULE_MESSAGES.moveStarted);
    if (vnAt(e.doisang.ngay, e.doisang.gio) <= now) throw badRequest(SCHEDULE_MESSAGES.moveInPast);
  }
}

/** Checks a schedule as the broadcast dialog checks a broadcast, plus the calendar rules; `previous` are the exceptions an edited schedule had. */
async function compose(ctx: ComposeContext, body: ScheduleBody, now = Date.now(), calendar?: HolidayCalendar, previous: readonly ScheduleException[] = []): Promise<q.ScheduleFields> {
  const sources = body.idchuongtrinh ? await programmeSources(ctx, body.idchuongtrinh) : body.nguonphat;
  if (!body.loaibantin || !MESSAGE_TYPES.some((m) => m.id === body.loaibantin)) throw badRequest(MSG.noMessageType);
  if (body.diabanchon.length === 0) throw badRequest(MSG.noArea);
  if (body.thietbichon.length === 0) throw badRequest(MSG.noDevice);
  if (sources.length === 0) throw badRequest(MSG.noSources);
  if (body.kieulaplai === 2 && body.thoigianlaplai < REPEAT_INTERVAL_MIN_SECONDS) throw badRequest(MSG.repeatIntervalMin);
  if (body.kieulaplai !== 0 && body.solanlaplai < REPEAT_COUNT_MIN) throw badRequest(MSG.repeatCountMin);
  const timing = timingOf(body);
  checkMoves(timing.exceptions, previous, now);
  const recurrence = recurrenceOf(timing, calendar ?? await calendarOf(ctx.db, ctx.session.user.admin_id));
  if (!hasAnyOccurrence(recurrence)) throw badRequest(SCHEDULE_MESSAGES.noOccurrence);
  if (nextOccurrence(recurrence, now) === null) throw badRequest(SCHEDULE_MESSAGES.inPast);
  const target = await resolveTarget(ctx, body.diabanchon, body.thietbichon);
  const items = await itemsFromSources(ctx, sources, []);
  const total = items.reduce((sum, i) => sum + i.duration, 0);
  if (broadcastSpanSeconds(total, body) > MAX_BROADCAST_SECONDS) throw badRequest(BROADCAST_MESSAGES.tooLong);
  return {
    title: body.tieude, programme_id: body.idchuongtrinh ?? null, sources, items, total_seconds: total,
    chosen_areas: body.diabanchon, chosen_devices: body.thietbichon, target_areas: target.targetAreas, target_devices: target.targetDevices,
    device_count: target.deviceCount, message_type: body.loaibantin, priority: body.uutien, ...timing,
    repeat_mode: body.kieulaplai, repeat_interval: body.kieulaplai === 2 ? Math.round(body.thoigianlaplai) : 0,
    repeat_count: body.kieulaplai === 0 ? 0 : body.solanlaplai, status: hasRight(ctx.session, 'duyetlichphat') ? 'daduyet' : 'choduyet',
  };
}

/**
 * The timetable of a schedule body, checked and kept only as its mode needs: weekdays for a weekly
 * one, the monthly rule for a monthly one, the dates (which also give its first and last day) for a
 * set of dates. Throws the rule's own message when something its mode needs is missing.
 */
function timingOf(body: ScheduleBody): Pick<q.ScheduleRow, RecurrenceFields> {
  const mode = body.chedophat;
  if (body.giophat.length === 0) throw badRequest(SCHEDULE_MESSAGES.noTimes);
  if (mode === 'hangtuan' && body.thutrongtuan.length === 0) throw badRequest(SCHEDULE_MESSAGES.noWeekdays);
  if (mode === 'hangthang' && !body.hangthang) throw badRequest(SCHEDULE_MESSAGES.monthlyRuleRequired);
  const dates = mode === 'cacngay' ? [...new Set(body.cacngay)].sort() : [];
  if (mode === 'cacngay' && dates.length === 0) throw badRequest(SCHEDULE_MESSAGES.noDates);
  const startDate = mode === 'cacngay' ? dates[0] : body.ngaybatdau;
  const endDate = mode === 'motlan' ? null : mode === 'cacngay' ? dates.at(-1)! : body.ngayketthuc ?? null;
  if (endDate && endDate < startDate) throw badRequest(SCHEDULE_MESSAGES.endBeforeStart);
  const times = [...new Set(body.giophat)].sort();
  const exceptions = body.ngoaile.map((e) => ({ ngay: e.ngay, gio: e.gio, doisang: e.doisang }));
  // A move names the occurrence it moves (one of its times, or the only one).
  for (const e of exceptions) {
    if (e.doisang && !e.gio) {
      if (times.length !== 1) throw badRequest(SCHEDULE_MESSAGES.moveNeedsTime);
      e.gio = times[0];
    }
  }
  const timing: Pick<q.ScheduleRow, RecurrenceFields> = {
    mode, weekdays: mode === 'hangtuan' ? [...new Set(body.thutrongtuan)].sort() : [], start_date: startDate, end_date: endDate, times,
    monthly: mode === 'hangthang' ? body.hangthang ?? null : null, dates, max_count: mode === 'motlan' ? null : body.solanphat ?? null,
    exceptions, skip_holidays: body.bongayle,
  };
  // An exception must name an occurrence of the rule itself.
  const plain = recurrenceOf({ ...timing, exceptions: [] }, null);
  for (const e of exceptions) {
    const at = e.gio ? Date.parse(`${e.ngay}T${e.gio.length === 5 ? `${e.gio}:00` : e.gio}+07:00`) : null;
    const isOccurrence = at === null ? firesOn(plain, e.ngay) : occurrencesBetween(plain, at, at + 1).length > 0;
    if (!isOccurrence) throw badRequest(SCHEDULE_MESSAGES.exceptionNotOccurrence);
  }
  return timing;
}

/** The schedule, if it lies in the caller's administrator and reaches their area scope (to see it). */
export async function scheduleInScope(ctx: ComposeContext, id: string): Promise<q.ScheduleRow> {
  const row = await q.findSchedule(ctx.db, id);
  if (!row || !seesSchedule(ctx.session, await areaScope(ctx.db, ctx.session), row)) throw outOfScope(SCHEDULE_MESSAGES.notFound);
  return row;
}

/** The schedule, if the caller may take the action on it (scheduleRights: scope, then the right); throws the refusal otherwise. */
async function scheduleFor(ctx: ComposeContext, id: string, action: ScheduleAction): Promise<q.ScheduleRow> {
  const row = await q.findSchedule(ctx.db, id);
  if (!row) throw outOfScope(SCHEDULE_MESSAGES.notFound);
  const refusal = scheduleRefusal(ctx.session, await areaScope(ctx.db, ctx.session), row, action);
  if (refusal) throw refusal;
  return row;
}

/** What an answer about schedules needs to know: the caller's scope and pins, what runs now, what the last occurrences became. */
export interface ScheduleViewer {
  scope: AreaScope;
  pins: Set<string>;
  /** Running broadcast of each schedule on air (schedule id → idlichphat). */
  running: Map<string, string>;
  runs: Map<string, q.LastRun>;
  now: number;
  /** The administrator's holiday calendar (schedules that skip holidays). */
  calendar: HolidayCalendar;
}

export async function viewerOf(ctx: ComposeContext, live: LiveBroadcast[], ids: string[], now = Date.now(), scope?: AreaScope): Promise<ScheduleViewer> {
  const running = new Map(live.filter((l) => l.idlichgoc).map((l) => [l.idlichgoc!, l.idlichphat]));
  return {
    scope: scope ?? await areaScope(ctx.db, ctx.session), pins: await q.pinsOf(ctx.db, ctx.session.user.id), running, runs: await q.lastRuns(ctx.db, ids, now), now,
    calendar: await calendarOf(ctx.db, ctx.session.user.admin_id),
  };
}

const END_REASONS: Record<string, string> = {
  'nguoi-dung-dung': 'Bị dừng giữa chừng',
  'ket-thuc-khi-may-chu-dung': 'Máy chủ ngừng hoạt động khi đang phát',
};

/** What became of an occurrence, from the scheduler's record, its broadcast and the speakers' plays. */
export function outcomeOf(run: q.LastRun): NonNullable<Schedule['lanphatcuoi']> {
  const base = { thoidiem: run.planned_at.getTime(), lydo: null, nguoingat: null, sothietbiphat: run.speakers };
  if (run.status === 'missed') return { ...base, ketqua: 'bolo', lydo: SCHEDULE_MISSED_REASONS[(run.reason ?? 'maychudung') as ScheduleMissedReason] ?? run.reason };
  if (run.broadcast_status === 'playing' || run.broadcast_status === 'waiting') return { ...base, ketqua: 'dangphat' };
  if (run.broadcast_status === 'finished') return run.speakers > 0 ? { ...base, ketqua: 'daphat' } : { ...base, ketqua: 'bolo', lydo: SCHEDULE_MISSED_REASONS.khongcoloa };
  // Stopped, taken over or pre-empted: cut short.
  return { ...base, ketqua: 'bingat', lydo: (run.end_reason && END_REASONS[run.end_reason]) ?? run.end_reason, nguoingat: run.stopped_by_name };
}

/**
 * Where a schedule really stands. On air while an occurrence plays; ended (trangthai 'ketthuc') when
 * nothing is left to fire, showing what became of a one-time schedule (played, cut, missed — one
 * never approved in time is missed even before the scheduler records it) or 'ketthuc' for a weekly one.
 */
function lifecycleOf(row: q.ScheduleRow, viewer: ScheduleViewer, upcoming: number | null): Pick<Schedule, 'trangthai' | 'tinhtrang' | 'lanphatcuoi'> {
  const last = viewer.runs.get(row.id);
  let lanphatcuoi = last ? outcomeOf(last) : null;
  const onAir = viewer.running.has(row.id) || lanphatcuoi?.ketqua === 'dangphat';
  if (onAir) return { trangthai: row.status, tinhtrang: 'dangphat', lanphatcuoi: lanphatcuoi && { ...lanphatcuoi, ketqua: 'dangphat' } };
  if (upcoming !== null) return { trangthai: row.status, tinhtrang: null, lanphatcuoi };
  if (row.mode === 'motlan' && !lanphatcuoi && row.status !== 'daduyet') {
    const [planned] = occurrencesBetween(recurrenceOf(row, viewer.calendar), 0, viewer.now + 1).slice(-1);
    if (planned !== undefined) lanphatcuoi = { thoidiem: planned, ketqua: 'bolo', lydo: SCHEDULE_MISSED_REASONS.chuaduyet, nguoingat: null, sothietbiphat: 0 };
  }
  return { trangthai: 'ketthuc', tinhtrang: row.mode === 'motlan' ? lanphatcuoi?.ketqua ?? 'ketthuc' : 'ketthuc', lanphatcuoi };
}

export function toSchedule(ctx: ComposeContext, row: q.ScheduleRow, viewer: ScheduleViewer): Schedule {
  const { now } = viewer;
  const upcoming = nextOccurrence(recurrenceOf(row, viewer.calendar), now);
  const running = viewer.running.get(row.id) ?? null;
  const lifecycle = lifecycleOf(row, viewer, upcoming);
  return {
    _id: row.id, tieude: row.title, idchuongtrinh: row.programme_id, nguonphat: row.sources, thoiluong: row.total_seconds,
    diabanchon: row.chosen_areas.map((id) => ({ _id: id, tendiaban: ctx.gateway.areaName(id) })), thietbichon: row.chosen_devices, sothietbi: row.device_count,
    loaibantin: row.message_type, uutien: row.priority, chedophat: row.mode, thutrongtuan: row.weekdays, ngaybatdau: row.start_date, ngayketthuc: row.end_date,
    giophat: row.times, hangthang: row.monthly, cacngay: row.dates, solanphat: row.max_count, ngoaile: row.exceptions, bongayle: row.skip_holidays, kieulaplai: row.repeat_mode, thoigianlaplai: row.repeat_interval, solanlaplai: row.repeat_count, lydo: row.reason,
    ghim: row.pinned || viewer.pins.has(row.id), ghimcuatoi: viewer.pins.has(row.id), ghimchung: row.pinned,
    nguoitao: { _id: row.created_by, hoten: row.creator_name },
    nguoiduyet: row.approved_by ? { _id: row.approved_by, hoten: row.approver_name ?? '' } : null, phienban: row.version,
    // Only what will fire: approved, and still to come.
    lanphattiep: row.status === 'daduyet' ? upcoming : null, dukien: upcoming, ngaytao: row.created_at.getTime(),
    iddangphat: running,
    thaotac: scheduleActionsFor(ctx.session, viewer.scope, row, { status: row.status, upcoming: upcoming !== null, running: running !== null }),
    ...lifecycle,
  };
}

/** Tells the province of a schedule as it now stands (read in the transaction that changed it). */
async function reportSchedule(ctx: ComposeContext, tx: Db, op: 'them' | 'sua', id: string, provinceId?: string): Promise<void> {
  const row = await q.findSchedule(tx, id);
  if (row) await reportBulletin(tx, op, { ...bulletinOfSchedule(row), provinceId: provinceId ?? null }, (a) => ctx.gateway.areaName(a));
}

/**
 * Creates a schedule (taolichphat); without the approving right it waits for approval, and so does
 * one that `awaitApproval` (a bulletin the province sent, `provinceId`: people here approve it).
 */
export async function createSchedule(ctx: ComposeContext, body: ScheduleBody, opts: { awaitApproval?: boolean; provinceId?: string } = {}): Promise<q.ScheduleRow> {
  requireRight(ctx.session, 'themsuaxoalichphat');
  const fields = await compose(ctx, body);
  if (opts.awaitApproval) fields.status = 'choduyet';
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await q.insertSchedule(tx, id, ctx.session.user.admin_id, ctx.session.user.id, fields.status === 'daduyet' ? ctx.session.user.id : null, fields);
    await writeSystemLog(tx, ctx.session.actor, { action: 'tao-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: fields.title, trangthai: fields.status } });
    await reportSchedule(ctx, tx, 'them', id, opts.provinceId);
  });
  return (await q.findSchedule(ctx.db, id))!;
}

/**
 * Stops on the speakers what a schedule has on air (it is deleted or edited), each stop logged with
 * why; answers how many runs were stopped. A run another instance plays is found in the database.
 */
async function stopRunsOf(ctx: ScheduleContext, row: q.ScheduleRow, why: string): Promise<number> {
  const stored = await ctx.db.query<{ id: string }>(`SELECT id FROM broadcasts WHERE schedule_id = $1 AND status IN ('playing', 'waiting')`, [row.id]);
  const ids = new Set([...ctx.engine.live().filter((l) => l.idlichgoc === row.id).map((l) => l.idlichphat), ...stored.map((b) => b.id)]);
  let stopped = 0;
  for (const id of ids) {
    const record = (tx: Db) => writeSystemLog(tx, ctx.session.actor, { action: 'dung-phat', targetType: 'phatlich', targetId: id, detail: { tieude: row.title, lydo: why } });
    if (await ctx.engine.stop(id, ctx.session.user.id, { record })) stopped += 1;
  }
  return stopped;
}

/** What an officer chooses in the editor; what the server derives from it (items, speakers) is left out. */
const CHOICES = ['title', 'programme_id', 'sources', 'chosen_areas', 'chosen_devices', 'message_type', 'priority', 'mode', 'weekdays', 'start_date', 'end_date',
  'times', 'monthly', 'dates', 'max_count', 'exceptions', 'skip_holidays', 'repeat_mode', 'repeat_interval', 'repeat_count'] as const;

/** JSON with object keys in order (jsonb does not keep the order they were written in), undefined as null. */
const canonical = (value: unknown): string => JSON.stringify(value ?? null, (_key, v: unknown) => (
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).sort(([a], [b]) => a.localeCompare(b))) : v
));

/** Whether a save would store exactly what the schedule holds (issue #32 item 5: such a save changes nothing). */
export const sameChoices = (row: q.ScheduleRow, fields: q.ScheduleFields): boolean => CHOICES.every((c) => canonical(row[c]) === canonical(fields[c]));

/**
 * Saves an edit (sualichphat) unless someone else saved first. A change waits for approval again
 * unless an approver changes an approved schedule (statusAfterSave); saving never approves. An
 * occurrence on air is stopped on the speakers once the edit is saved (the new plan fires from the next one).
 */
export async function editSchedule(ctx: ScheduleContext, id: string, version: number, body: ScheduleBody): Promise<q.ScheduleRow> {
  const before = await scheduleFor(ctx, id, 'sua');
  const fields = await compose(ctx, body, Date.now(), undefined, before.exceptions).catch((error: unknown) => {
    // Its only occurrence is the one on air: say what saving needs, not that the schedule lies in the past (issue #32 item 9).
    if (error instanceof AppError && error.message === SCHEDULE_MESSAGES.inPast && ctx.engine.live().some((l) => l.idlichgoc === id)) throw badRequest(SCHEDULE_MESSAGES.onAirNothingLeft);
    throw error;
  });
  // Saving unchanged neither approves nor sends back, and leaves a running occurrence on air.
  if (sameChoices(before, fields)) return before;
  fields.status = statusAfterSave(before.status, hasRight(ctx.session, 'duyetlichphat'));
  await ctx.db.transaction(async (tx) => {
    if (!(await q.updateSchedule(tx, id, version, fields.status === 'daduyet' ? ctx.session.user.id : null, fields))) throw conflict(SCHEDULE_MESSAGES.editConflict);
    await writeSystemLog(tx, ctx.session.actor, { action: 'sua-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: fields.title } });
    await reportSchedule(ctx, tx, 'sua', id);
  });
  await stopRunsOf(ctx, before, 'Lịch phát được sửa trong khi đang phát');
  return (await q.findSchedule(ctx.db, id))!;
}

export async function approveSchedule(ctx: ComposeContext, id: string): Promise<q.ScheduleRow> {
  const row = await scheduleFor(ctx, id, 'duyet');
  if (row.status !== 'choduyet' && row.status !== 'yeucausua') throw badRequest(SCHEDULE_MESSAGES.notPending);
  if (nextOccurrence(recurrenceOf(row, await calendarOf(ctx.db, row.admin_id)), Date.now()) === null) throw badRequest(SCHEDULE_MESSAGES.inPast);
  await ctx.db.transaction(async (tx) => {
    await q.setScheduleStatus(tx, id, 'daduyet', { approvedBy: ctx.session.user.id });
    await writeSystemLog(tx, ctx.session.actor, { action: 'duyet-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: row.title } });
    await reportSchedule(ctx, tx, 'sua', id);
  });
  return (await q.findSchedule(ctx.db, id))!;
}

/** Sends a schedule back to its author with a reason (yeucauduyetlai); it stops firing. */
export async function sendBackSchedule(ctx: ComposeContext, id: string, reason: string): Promise<q.ScheduleRow> {
  const row = await scheduleFor(ctx, id, 'yeucauduyetlai');
  const upcoming = nextOccurrence(recurrenceOf(row, await calendarOf(ctx.db, row.admin_id)), Date.now()) !== null;
  if (!stateAllows({ status: row.status, upcoming, running: false }, 'yeucauduyetlai')) throw badRequest(SCHEDULE_MESSAGES.notSendBack);
  await ctx.db.transaction(async (tx) => {
    await q.setScheduleStatus(tx, id, 'yeucausua', { reason });
    await writeSystemLog(tx, ctx.session.actor, { action: 'yeu-cau-duyet-lai', targetType: 'lichphat', targetId: id, detail: { lydo: reason } });
    await reportSchedule(ctx, tx, 'sua', id);
  });
  return (await q.findSchedule(ctx.db, id))!;
}

/**
 * ghimlichphat: a pin is the caller's own (only its list puts it first); `forEveryone` pins it at the
 * top of every list, which needs duyetlichphat.
 */
export async function pinSchedule(ctx: ComposeContext, id: string, forEveryone = false): Promise<q.ScheduleRow> {
  const row = await scheduleFor(ctx, id, forEveryone ? 'ghimchung' : 'ghim');
  if (forEveryone) {
    await ctx.db.transaction(async (tx) => {
      await q.setPinned(tx, id, !row.pinned);
      await writeSystemLog(tx, ctx.session.actor, { action: row.pinned ? 'bo-ghim-lich-phat' : 'ghim-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: row.title, tatca: true } });
    });
  } else {
    await q.setOwnPin(ctx.db, ctx.session.user.id, id, !(await q.pinsOf(ctx.db, ctx.session.user.id)).has(id));
  }
  return (await q.findSchedule(ctx.db, id))!;
}

/** Deletes a schedule (xoalichphat); what it has on air is stopped on the speakers first. */
export async function deleteSchedule(ctx: ScheduleContext, id: string): Promise<void> {
  const row = await scheduleFor(ctx, id, 'xoa');
  const stopped = await stopRunsOf(ctx, row, 'Lịch phát bị xoá trong khi đang phát');
  await ctx.db.transaction(async (tx) => {
    await q.deleteSchedule(tx, id);
    await writeSystemLog(tx, ctx.session.actor, { action: 'xoa-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: row.title, dungphat: stopped } });
    await reportBulletinCancelled(tx, { id, adminId: row.admin_id }, `Lịch phát bị xoá bởi ${ctx.session.user.hoten}`);
  });
}

/** Removes one source of a schedule (xoanguonphat) and saves it as an edit. */
export async function removeSource(ctx: ScheduleContext, id: string, index: number): Promise<q.ScheduleRow> {
  const row = await scheduleFor(ctx, id, 'sua');
  if (index < 0 || index >= row.sources.length || row.programme_id) throw badRequest(SCHEDULE_MESSAGES.sourceNotFound);
  const sources = row.sources.filter((_, i) => i !== index);
  return editSchedule(ctx, id, row.version, bodyOf(row, sources));
}

/** A schedule as the body that would compose it again (with other sources). */
export const bodyOf = (row: q.ScheduleRow, sources: Source[]): ScheduleBody => ({
  tieude: row.title, idchuongtrinh: null, nguonphat: sources, diabanchon: row.chosen_areas, thietbichon: row.chosen_devices, loaibantin: row.message_type,
  uutien: isPriority(row.priority) ? row.priority : NORMAL_PRIORITY, chedophat: row.mode, thutrongtuan: row.weekdays, ngaybatdau: row.start_date, ngayketthuc: row.end_date, giophat: row.times,
  hangthang: row.monthly, cacngay: row.dates, solanphat: row.max_count, ngoaile: row.exceptions, bongayle: row.skip_holidays,
  kieulaplai: row.repeat_mode, thoigianlaplai: row.repeat_interval, solanlaplai: row.repeat_count || 1,
});

/**
 * kiemtrathongtin: which approved or pending schedules would hold some of the same devices at an
 * overlapping time within the next CLASH_HORIZON_DAYS (a year: a clash on 29/12 is found in
 * November), so the officer can decide before saving.
 */
export async function findConflicts(ctx: ComposeContext, body: ScheduleBody, exceptId?: string, now = Date.now()): Promise<ScheduleConflict[]> {
  // The schedule being edited is left out (it must be one the caller reaches).
  const previous = exceptId ? (await scheduleInScope(ctx, exceptId)).exceptions : [];
  const calendar = await calendarOf(ctx.db, ctx.session.user.admin_id);
  const fields = await compose(ctx, body, now, calendar, previous);
  const mine = new Set([...fields.target_devices, ...ctx.gateway.devicesIn(ctx.gateway.subtree(fields.target_areas))]);
  const horizon = now + CLASH_HORIZON_DAYS * 24 * 3600 * 1000;
  const conflicts: ScheduleConflict[] = [];
  for (const other of await q.listSchedules(ctx.db, ctx.session.user.admin_id)) {
    if (other.id === exceptId || other.status === 'ketthuc') continue;
    const theirs = new Set([...other.target_devices, ...ctx.gateway.devicesIn(ctx.gateway.subtree(other.target_areas))]);
    const shared = [...mine].filter((d) => theirs.has(d));
    if (shared.length === 0) continue;
    const overlap = firstOverlap(recurrenceOf(fields, calendar), spanOf(fields), recurrenceOf(other, calendar), spanOf(other), now, horizon);
    if (!overlap) continue;
    const names = new Map((await ctx.db.query<{ id: string; name: string }>('SELECT id, name FROM devices WHERE id = ANY($1)', [shared])).map((d) => [d.id, d.name]));
    conflicts.push({
      idlichphat: other.id, tieude: other.title, batdau: overlap.start, ketthuc: overlap.end,
      lichnay: { batdau: overlap.a.start, ketthuc: overlap.a.end }, lichkhac: { batdau: overlap.b.start, ketthuc: overlap.b.end },
      thietbi: shared.slice(0, 50).map((id) => ({ _id: id, tenthietbi: names.get(id) ?? id })),
    });
  }
  return conflicts;
}

/** Whether a schedule fires on a local day (list filter): the occurrence function, holidays and exceptions included. */
export function activeOn(row: q.ScheduleRow, day: string, calendar: HolidayCalendar): boolean {
  return firesOn(recurrenceOf(row, calendar), day);
}

