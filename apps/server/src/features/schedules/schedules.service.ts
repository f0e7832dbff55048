import crypto from 'node:crypto';
import {
  BROADCAST_MESSAGES, MAX_BROADCAST_SECONDS, MSG, MESSAGE_TYPES, broadcastSpanSeconds, REPEAT_COUNT_MIN, REPEAT_INTERVAL_MIN_SECONDS, SCHEDULE_MESSAGES,
  type LiveBroadcast, type Schedule, type ScheduleBody, type ScheduleConflict, type Source,
} from '@loa/contract';
import { badRequest, conflict, notFound, outOfScope } from '../../infra/errors';
import { hasRight, requireRight } from '../auth/rights';
import { areaScope, sharedScopeIds, type AreaScope } from '../areas/areas.service';
import { itemsFromSources, resolveTarget, type ComposeContext } from '../broadcasts/compose';
import { writeSystemLog } from '../system-log/systemLog.service';
import { runCount } from '../../playout/plan';
import { firstOverlap, nextOccurrence, type Recurrence } from './recurrence';
import * as q from './schedules.queries';
import { scheduleActionsFor, scheduleRefusal, seesSchedule, stateAllows, type ScheduleAction } from './scheduleRights';

export const recurrenceOf = (s: Pick<q.ScheduleRow, 'mode' | 'weekdays' | 'start_date' | 'end_date' | 'times'>): Recurrence => ({
  mode: s.mode, weekdays: s.weekdays, startDate: s.start_date, endDate: s.end_date, times: s.times,
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

/** Checks a schedule as the broadcast dialog checks a broadcast, plus the calendar rules. */
async function compose(ctx: ComposeContext, body: ScheduleBody, now = Date.now()): Promise<q.ScheduleFields> {
  const sources = body.idchuongtrinh ? await programmeSources(ctx, body.idchuongtrinh) : body.nguonphat;
  if (!body.loaibantin || !MESSAGE_TYPES.some((m) => m.id === body.loaibantin)) throw badRequest(MSG.noMessageType);
  if (body.diabanchon.length === 0) throw badRequest(MSG.noArea);
  if (body.thietbichon.length === 0) throw badRequest(MSG.noDevice);
  if (sources.length === 0) throw badRequest(MSG.noSources);
  if (body.kieulaplai === 2 && body.thoigianlaplai < REPEAT_INTERVAL_MIN_SECONDS) throw badRequest(MSG.repeatIntervalMin);
  if (body.kieulaplai !== 0 && body.solanlaplai < REPEAT_COUNT_MIN) throw badRequest(MSG.repeatCountMin);
  if (body.chedophat === 'hangtuan' && body.thutrongtuan.length === 0) throw badRequest(SCHEDULE_MESSAGES.noWeekdays);
  if (body.giophat.length === 0) throw badRequest(SCHEDULE_MESSAGES.noTimes);
  const endDate = body.chedophat === 'motlan' ? null : body.ngayketthuc ?? null;
  if (endDate && endDate < body.ngaybatdau) throw badRequest(SCHEDULE_MESSAGES.endBeforeStart);
  const recurrence: Recurrence = { mode: body.chedophat, weekdays: [...new Set(body.thutrongtuan)].sort(), startDate: body.ngaybatdau, endDate, times: [...new Set(body.giophat)].sort() };
  if (nextOccurrence(recurrence, now) === null) throw badRequest(SCHEDULE_MESSAGES.inPast);
  const target = await resolveTarget(ctx, body.diabanchon, body.thietbichon);
  const items = await itemsFromSources(ctx, sources, []);
  const total = items.reduce((sum, i) => sum + i.duration, 0);
  if (broadcastSpanSeconds(total, body) > MAX_BROADCAST_SECONDS) throw badRequest(BROADCAST_MESSAGES.tooLong);
  return {
    title: body.tieude, programme_id: body.idchuongtrinh ?? null, sources, items, total_seconds: total,
    chosen_areas: body.diabanchon, chosen_devices: body.thietbichon, target_areas: target.targetAreas, target_devices: target.targetDevices,
    device_count: target.deviceCount, message_type: body.loaibantin, priority: body.uutien, mode: recurrence.mode, weekdays: recurrence.weekdays,
    start_date: recurrence.startDate, end_date: recurrence.endDate, times: recurrence.times,
    repeat_mode: body.kieulaplai, repeat_interval: body.kieulaplai === 2 ? Math.round(body.thoigianlaplai) : 0,
    repeat_count: body.kieulaplai === 0 ? 0 : body.solanlaplai, status: hasRight(ctx.session, 'duyetlichphat') ? 'daduyet' : 'choduyet',
  };
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

/** What an answer about schedules needs to know of its caller: scope, own pins, what runs now. */
export interface ScheduleViewer {
  scope: AreaScope;
  pins: Set<string>;
  /** Running broadcast of each schedule on air (schedule id → idlichphat). */
  running: Map<string, string>;
  now: number;
}

export async function viewerOf(ctx: ComposeContext, live: LiveBroadcast[], now = Date.now()): Promise<ScheduleViewer> {
  const running = new Map(live.filter((l) => l.idlichgoc).map((l) => [l.idlichgoc!, l.idlichphat]));
  return { scope: await areaScope(ctx.db, ctx.session), pins: await q.pinsOf(ctx.db, ctx.session.user.id), running, now };
}

export function toSchedule(ctx: ComposeContext, row: q.ScheduleRow, viewer: ScheduleViewer): Schedule {
  const { now } = viewer;
  const upcoming = nextOccurrence(recurrenceOf(row), now);
  const running = viewer.running.get(row.id) ?? null;
  return {
    _id: row.id, tieude: row.title, idchuongtrinh: row.programme_id, nguonphat: row.sources, thoiluong: row.total_seconds,
    diabanchon: row.chosen_areas.map((id) => ({ _id: id, tendiaban: ctx.gateway.areaName(id) })), thietbichon: row.chosen_devices, sothietbi: row.device_count,
    loaibantin: row.message_type, uutien: row.priority, chedophat: row.mode, thutrongtuan: row.weekdays, ngaybatdau: row.start_date, ngayketthuc: row.end_date,
    giophat: row.times, kieulaplai: row.repeat_mode, thoigianlaplai: row.repeat_interval, solanlaplai: row.repeat_count, trangthai: row.status, lydo: row.reason,
    ghim: row.pinned || viewer.pins.has(row.id), ghimcuatoi: viewer.pins.has(row.id), ghimchung: row.pinned,
    nguoitao: { _id: row.created_by, hoten: row.creator_name },
    nguoiduyet: row.approved_by ? { _id: row.approved_by, hoten: row.approver_name ?? '' } : null, phienban: row.version,
    lanphattiep: row.status === 'ketthuc' ? null : upcoming, ngaytao: row.created_at.getTime(),
    iddangphat: running,
    thaotac: scheduleActionsFor(ctx.session, viewer.scope, row, { status: row.status, upcoming: upcoming !== null, running: running !== null }),
  };
}

/** Creates a schedule (taolichphat); without the approving right it waits for approval. */
export async function createSchedule(ctx: ComposeContext, body: ScheduleBody): Promise<q.ScheduleRow> {
  requireRight(ctx.session, 'themsuaxoalichphat');
  const fields = await compose(ctx, body);
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await q.insertSchedule(tx, id, ctx.session.user.admin_id, ctx.session.user.id, fields.status === 'daduyet' ? ctx.session.user.id : null, fields);
    await writeSystemLog(tx, ctx.session.actor, { action: 'tao-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: fields.title, trangthai: fields.status } });
  });
  return (await q.findSchedule(ctx.db, id))!;
}

/** Saves an edit (sualichphat) unless someone else saved first; an edit needs approval again. */
export async function editSchedule(ctx: ComposeContext, id: string, version: number, body: ScheduleBody): Promise<q.ScheduleRow> {
  await scheduleFor(ctx, id, 'sua');
  const fields = await compose(ctx, body);
  await ctx.db.transaction(async (tx) => {
    if (!(await q.updateSchedule(tx, id, version, fields.status === 'daduyet' ? ctx.session.user.id : null, fields))) throw conflict(SCHEDULE_MESSAGES.editConflict);
    await writeSystemLog(tx, ctx.session.actor, { action: 'sua-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: fields.title } });
  });
  return (await q.findSchedule(ctx.db, id))!;
}

export async function approveSchedule(ctx: ComposeContext, id: string): Promise<q.ScheduleRow> {
  const row = await scheduleFor(ctx, id, 'duyet');
  if (row.status !== 'choduyet' && row.status !== 'yeucausua') throw badRequest(SCHEDULE_MESSAGES.notPending);
  if (nextOccurrence(recurrenceOf(row), Date.now()) === null) throw badRequest(SCHEDULE_MESSAGES.inPast);
  await ctx.db.transaction(async (tx) => {
    await q.setScheduleStatus(tx, id, 'daduyet', { approvedBy: ctx.session.user.id });
    await writeSystemLog(tx, ctx.session.actor, { action: 'duyet-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: row.title } });
  });
  return (await q.findSchedule(ctx.db, id))!;
}

/** Sends a schedule back to its author with a reason (yeucauduyetlai); it stops firing. */
export async function sendBackSchedule(ctx: ComposeContext, id: string, reason: string): Promise<q.ScheduleRow> {
  const row = await scheduleFor(ctx, id, 'yeucauduyetlai');
  const upcoming = nextOccurrence(recurrenceOf(row), Date.now()) !== null;
  if (!stateAllows({ status: row.status, upcoming, running: false }, 'yeucauduyetlai')) throw badRequest(SCHEDULE_MESSAGES.notSendBack);
  await ctx.db.transaction(async (tx) => {
    await q.setScheduleStatus(tx, id, 'yeucausua', { reason });
    await writeSystemLog(tx, ctx.session.actor, { action: 'yeu-cau-duyet-lai', targetType: 'lichphat', targetId: id, detail: { lydo: reason } });
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

export async function deleteSchedule(ctx: ComposeContext, id: string): Promise<void> {
  const row = await scheduleFor(ctx, id, 'xoa');
  await ctx.db.transaction(async (tx) => {
    await q.deleteSchedule(tx, id);
    await writeSystemLog(tx, ctx.session.actor, { action: 'xoa-lich-phat', targetType: 'lichphat', targetId: id, detail: { tieude: row.title } });
  });
}

/** Removes one source of a schedule (xoanguonphat) and saves it as an edit. */
export async function removeSource(ctx: ComposeContext, id: string, index: number): Promise<q.ScheduleRow> {
  const row = await scheduleFor(ctx, id, 'sua');
  if (index < 0 || index >= row.sources.length || row.programme_id) throw badRequest(SCHEDULE_MESSAGES.sourceNotFound);
  const sources = row.sources.filter((_, i) => i !== index);
  return editSchedule(ctx, id, row.version, bodyOf(row, sources));
}

const bodyOf = (row: q.ScheduleRow, sources: Source[]): ScheduleBody => ({
  tieude: row.title, idchuongtrinh: null, nguonphat: sources, diabanchon: row.chosen_areas, thietbichon: row.chosen_devices, loaibantin: row.message_type,
  uutien: row.priority, chedophat: row.mode, thutrongtuan: row.weekdays, ngaybatdau: row.start_date, ngayketthuc: row.end_date, giophat: row.times,
  kieulaplai: row.repeat_mode, thoigianlaplai: row.repeat_interval, solanlaplai: row.repeat_count || 1,
});

/**
 * kiemtrathongtin: which approved or pending schedules would hold some of the same devices at an
 * overlapping time within the next two weeks, so the officer can decide before saving.
 */
export async function findConflicts(ctx: ComposeContext, body: ScheduleBody, exceptId?: string, now = Date.now()): Promise<ScheduleConflict[]> {
  // The schedule being edited is left out (it must be one the caller reaches).
  if (exceptId) await scheduleInScope(ctx, exceptId);
  const fields = await compose(ctx, body, now);
  const mine = new Set([...fields.target_devices, ...ctx.gateway.devicesIn(ctx.gateway.subtree(fields.target_areas))]);
  const horizon = now + 14 * 24 * 3600 * 1000;
  const conflicts: ScheduleConflict[] = [];
  for (const other of await q.listSchedules(ctx.db, ctx.session.user.admin_id)) {
    if (other.id === exceptId || other.status === 'ketthuc') continue;
    const theirs = new Set([...other.target_devices, ...ctx.gateway.devicesIn(ctx.gateway.subtree(other.target_areas))]);
    const shared = [...mine].filter((d) => theirs.has(d));
    if (shared.length === 0) continue;
    const overlap = firstOverlap(recurrenceOf(fields), spanOf(fields), recurrenceOf(other), spanOf(other), now, horizon);
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

/** Whether a schedule is active on a local day (list filter). */
export function activeOn(row: q.ScheduleRow, day: string): boolean {
  if (row.mode === 'motlan') return row.start_date === day;
  if (day < row.start_date || (row.end_date && day > row.end_date)) return false;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return row.weekdays.includes(weekday);
}

