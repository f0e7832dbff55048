import type { MonthlyRule, PlayItem, ScheduleException, ScheduleMode, ScheduleStatus, Source } from '@loa/contract';
import type { Db } from '../../infra/db';

export interface ScheduleRow {
  id: string;
  admin_id: string;
  created_by: string;
  creator_name: string;
  /** The maker's area (null: an account over the whole administrator). */
  creator_area_id: string | null;
  approved_by: string | null;
  approver_name: string | null;
  title: string;
  programme_id: string | null;
  sources: Source[];
  items: PlayItem[];
  total_seconds: number;
  chosen_areas: string[];
  chosen_devices: string[];
  target_areas: string[];
  target_devices: string[];
  device_count: number;
  message_type: number;
  priority: number;
  mode: ScheduleMode;
  weekdays: number[];
  start_date: string;
  end_date: string | null;
  times: string[];
  monthly: MonthlyRule | null;
  dates: string[];
  max_count: number | null;
  exceptions: ScheduleException[];
  skip_holidays: boolean;
  repeat_mode: 0 | 1 | 2;
  repeat_interval: number;
  repeat_count: number;
  status: ScheduleStatus;
  reason: string | null;
  pinned: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export type ScheduleFields = Omit<ScheduleRow, 'id' | 'admin_id' | 'created_by' | 'creator_name' | 'creator_area_id' | 'approved_by' | 'approver_name' | 'reason' | 'pinned' | 'version' | 'created_at' | 'updated_at'>;

const SELECT = `SELECT s.id, s.admin_id, s.created_by, c.hoten AS creator_name, c.area_id AS creator_area_id, s.approved_by, a.hoten AS approver_name, s.title, s.programme_id,
    s.sources, s.items, s.total_seconds, s.chosen_areas, s.chosen_devices, s.target_areas, s.target_devices, s.device_count, s.message_type,
    s.priority, s.mode, s.weekdays, to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date, s.times,
    s.monthly, s.dates, s.max_count, s.exceptions, s.skip_holidays,
    s.repeat_mode, s.repeat_interval, s.repeat_count, s.status, s.reason, s.pinned, s.version, s.created_at, s.updated_at
  FROM schedules s JOIN users c ON c.id = s.created_by LEFT JOIN users a ON a.id = s.approved_by`;

const COLUMNS = ['title', 'programme_id', 'sources', 'items', 'total_seconds', 'chosen_areas', 'chosen_devices', 'target_areas', 'target_devices', 'device_count',
  'message_type', 'priority', 'mode', 'weekdays', 'start_date', 'end_date', 'times', 'monthly', 'dates', 'max_count', 'exceptions', 'skip_holidays', 'repeat_mode', 'repeat_interval', 'repeat_count', 'status'] as const;
const JSON_COLUMNS = new Set(['sources', 'items', 'chosen_areas', 'chosen_devices', 'target_areas', 'target_devices', 'weekdays', 'times', 'monthly', 'dates', 'exceptions']);
const valuesOf = (f: ScheduleFields) => COLUMNS.map((c) => (JSON_COLUMNS.has(c) ? JSON.stringify(f[c]) : f[c]));
const cast = (c: string, i: number) => `$${i}${JSON_COLUMNS.has(c) ? '::jsonb' : ''}`;

export async function insertSchedule(db: Db, id: string, adminId: string, createdBy: string, approvedBy: string | null, f: ScheduleFields): Promise<void> {
  await db.query(
    `INSERT INTO schedules (id, admin_id, created_by, approved_by, ${COLUMNS.join(', ')}) VALUES ($1, $2, $3, $4, ${COLUMNS.map((c, i) => cast(c, i + 5)).join(', ')})`,
    [id, adminId, createdBy, approvedBy, ...valuesOf(f)],
  );
}

/** Saves an edit only if nobody saved since `version` was read; answers whether it did. */
export async function updateSchedule(db: Db, id: string, version: number, approvedBy: string | null, f: ScheduleFields): Promise<boolean> {
  const rows = await db.query(
    `UPDATE schedules SET ${COLUMNS.map((c, i) => `${c} = ${cast(c, i + 4)}`).join(', ')}, approved_by = $3, reason = NULL, version = version + 1, updated_at = now()
      WHERE id = $1 AND version = $2 RETURNING id`,
    [id, version, approvedBy, ...valuesOf(f)],
  );
  return rows.length > 0;
}

export async function findSchedule(db: Db, id: string): Promise<ScheduleRow | null> {
  return (await db.query<ScheduleRow>(`${SELECT} WHERE s.id = $1`, [id]))[0] ?? null;
}

export async function listSchedules(db: Db, adminId: string): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(`${SELECT} WHERE s.admin_id = $1 ORDER BY s.pinned DESC, s.created_at DESC`, [adminId]);
}

export async function listApprovedSchedules(db: Db): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(`${SELECT} WHERE s.status = 'daduyet'`);
}

/** Schedules that would not fire: waiting for approval, or sent back. */
export async function listUnapprovedSchedules(db: Db): Promise<ScheduleRow[]> {
  return db.query<ScheduleRow>(`${SELECT} WHERE s.status IN ('choduyet', 'yeucausua')`);
}

/** The latest occurrence of a schedule that came, with what its broadcast and the speakers recorded. */
export interface LastRun {
  schedule_id: string;
  planned_at: Date;
  status: 'fired' | 'missed';
  reason: string | null;
  broadcast_status: string | null;
  end_reason: string | null;
  stopped_by_name: string | null;
  /** Speakers that reported starting it. */
  speakers: number;
}

export async function lastRuns(db: Db, ids: string[], now: number): Promise<Map<string, LastRun>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<LastRun>(
    `SELECT DISTINCT ON (r.schedule_id) r.schedule_id, r.planned_at, r.status, r.reason, b.status AS broadcast_status, b.end_reason, u.hoten AS stopped_by_name,
            (SELECT count(DISTINCT p.device_id)::int FROM device_plays p WHERE p.session_id = r.broadcast_id AND p.event = 'started') AS speakers
       FROM schedule_runs r LEFT JOIN broadcasts b ON b.id = r.broadcast_id LEFT JOIN users u ON u.id = b.stopped_by
      WHERE r.schedule_id = ANY($1::text[]) AND r.planned_at <= $2 AND r.status <> 'claimed'
      ORDER BY r.schedule_id, r.planned_at DESC`,
    [ids, new Date(now).toISOString()],
  );
  return new Map(rows.map((r) => [r.schedule_id, r]));
}

/** Records occurrences as missed (once: one already recorded stays as it is); answers those recorded now. */
export async function recordMissed(db: Db, runs: { scheduleId: string; plannedAt: number }[], reason: string): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const rows = await db.query<{ schedule_id: string; planned_at: Date }>(
    `INSERT INTO schedule_runs (schedule_id, planned_at, status, reason)
       SELECT r.s, r.p, 'missed', $3 FROM unnest($1::text[], $2::timestamptz[]) AS r(s, p)
      WHERE EXISTS (SELECT 1 FROM schedules WHERE id = r.s)
     ON CONFLICT (schedule_id, planned_at) DO NOTHING
     RETURNING schedule_id, planned_at`,
    [runs.map((r) => r.scheduleId), runs.map((r) => new Date(r.plannedAt).toISOString()), reason],
  );
  return new Set(rows.map((r) => runKey(r.schedule_id, r.planned_at.getTime())));
}

/** Raises an alert of an occurrence once (several instances); answers those raised now. */
export async function raiseAlerts(db: Db, runs: { scheduleId: string; plannedAt: number }[], kind: string): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  const rows = await db.query<{ schedule_id: string; planned_at: Date }>(
    `INSERT INTO schedule_alerts (schedule_id, planned_at, kind)
       SELECT r.s, r.p, $3 FROM unnest($1::text[], $2::timestamptz[]) AS r(s, p)
      WHERE EXISTS (SELECT 1 FROM schedules WHERE id = r.s)
     ON CONFLICT DO NOTHING
     RETURNING schedule_id, planned_at`,
    [runs.map((r) => r.scheduleId), runs.map((r) => new Date(r.plannedAt).toISOString()), kind],
  );
  return new Set(rows.map((r) => runKey(r.schedule_id, r.planned_at.getTime())));
}

/** Id and version of every approved schedule: what the scheduler compares before re-reading any. */
export async function approvedVersions(db: Db): Promise<{ id: string; version: number }[]> {
  return db.query<{ id: string; version: number }>(`SELECT id, version FROM schedules WHERE status = 'daduyet'`);
}

export async function findSchedules(db: Db, ids: string[]): Promise<ScheduleRow[]> {
  return ids.length === 0 ? [] : db.query<ScheduleRow>(`${SELECT} WHERE s.id = ANY($1::text[])`, [ids]);
}

export async function setScheduleStatus(db: Db, id: string, status: ScheduleRow['status'], p: { approvedBy?: string | null; reason?: string | null } = {}): Promise<void> {
  await db.query(
    `UPDATE schedules SET status = $2, approved_by = COALESCE($3, approved_by), reason = $4, version = version + 1, updated_at = now() WHERE id = $1`,
    [id, status, p.approvedBy ?? null, p.reason ?? null],
  );
}

/** Pins a schedule for everyone, or takes that pin off. */
export async function setPinned(db: Db, id: string, pinned: boolean): Promise<void> {
  await db.query('UPDATE schedules SET pinned = $2, updated_at = now() WHERE id = $1', [id, pinned]);
}

/** The schedules an account pinned for itself. */
export async function pinsOf(db: Db, userId: string): Promise<Set<string>> {
  return new Set((await db.query<{ schedule_id: string }>('SELECT schedule_id FROM schedule_pins WHERE user_id = $1', [userId])).map((r) => r.schedule_id));
}

/** Pins a schedule for one account, or takes its pin off. */
export async function setOwnPin(db: Db, userId: string, scheduleId: string, pinned: boolean): Promise<void> {
  if (pinned) await db.query('INSERT INTO schedule_pins (user_id, schedule_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, scheduleId]);
  else await db.query('DELETE FROM schedule_pins WHERE user_id = $1 AND schedule_id = $2', [userId, scheduleId]);
}

export async function deleteSchedule(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM schedules WHERE id = $1', [id]);
}

/**
 * Claims planned occurrences (one statement for all): answers those this call took. An occurrence
 * is taken when it is new, or when it was left 'claimed' and is planned before `staleBefore` (its
 * scheduler stopped before firing it).
 */
export async function claimRuns(db: Db, runs: { scheduleId: string; plannedAt: number }[], status: 'claimed' | 'fired' | 'missed', staleBefore: number): Promise<Set<string>> {
  if (runs.length === 0) return new Set();
  // A missed run says why: no scheduler ran at its start.
  const rows = await db.query<{ schedule_id: string; planned_at: Date }>(
    `INSERT INTO schedule_runs (schedule_id, planned_at, status, reason)
       SELECT r.s, r.p, r.st, CASE WHEN r.st = 'missed' THEN 'maychudung' END
         FROM unnest($1::text[], $2::timestamptz[], array_fill($3::text, ARRAY[$4::int])) AS r(s, p, st)
     ON CONFLICT (schedule_id, planned_at) DO UPDATE SET status = EXCLUDED.status, reason = EXCLUDED.reason
       WHERE schedule_runs.status = 'claimed' AND schedule_runs.planned_at < $5
     RETURNING schedule_id, planned_at`,
    [runs.map((r) => r.scheduleId), runs.map((r) => new Date(r.plannedAt).toISOString()), status, runs.length, new Date(staleBefore).toISOString()],
  );
  return new Set(rows.map((r) => runKey(r.schedule_id, r.planned_at.getTime())));
}

/** A claimed occurrence has been fired: its start lag and its broadcast. */
export async function markRunFired(db: Db, scheduleId: string, plannedAt: number, lagMs: number, broadcastId: string): Promise<void> {
  await db.query(`UPDATE schedule_runs SET status = 'fired', lag_ms = $3, broadcast_id = $4 WHERE schedule_id = $1 AND planned_at = $2`,
    [scheduleId, new Date(plannedAt).toISOString(), lagMs, broadcastId]);
}

export const runKey = (scheduleId: string, plannedAt: number): string => `${scheduleId}@${plannedAt}`;

/** Occurrences since `since` that were fired or marked missed (a run left 'claimed' was not). */
export async function handledRuns(db: Db, since: number): Promise<Set<string>> {
  const rows = await db.query<{ schedule_id: string; planned_at: Date }>(
    `SELECT schedule_id, planned_at FROM schedule_runs WHERE planned_at >= $1 AND status <> 'claimed'`, [new Date(since).toISOString()]);
  return new Set(rows.map((r) => runKey(r.schedule_id, r.planned_at.getTime())));
}
