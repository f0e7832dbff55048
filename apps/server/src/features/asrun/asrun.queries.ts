import type { MonthlyRule, ScheduleException, ScheduleMode } from '@loa/contract';
import type { Db } from '../../infra/db';

/** What a session and a schedule both carry into the record: what plays, who made it, where. */
interface PlannedFields {
  id: string;
  title: string;
  message_type: number;
  created_by: string;
  creator_name: string | null;
  target_areas: string[];
  target_devices: string[];
  total_seconds: number;
}

/** A broadcast session (immediate, or a schedule's fired occurrence) that started in the range. */
export interface SessionRow extends PlannedFields {
  type: 'phatngay' | 'phatlich';
  status: 'playing' | 'waiting' | 'finished' | 'stopped';
  run_started_at: Date;
  ended_at: Date | null;
  end_reason: string | null;
  stopped_by_name: string | null;
  schedule_id: string | null;
}

/** Broadcasts of an administrator whose first run started within [from, to). */
export async function selectSessions(db: Db, adminId: string, from: Date, to: Date): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `SELECT b.id, b.type, b.title, b.message_type, b.created_by, u.hoten AS creator_name, b.target_areas, b.target_devices, b.total_seconds,
            b.status, b.run_started_at, b.ended_at, b.end_reason, s.hoten AS stopped_by_name, b.schedule_id
       FROM broadcasts b LEFT JOIN users u ON u.id = b.created_by LEFT JOIN users s ON s.id = b.stopped_by
      WHERE b.admin_id = $1 AND b.run_started_at >= $2 AND b.run_started_at < $3
      ORDER BY b.run_started_at, b.id`,
    [adminId, from.toISOString(), to.toISOString()],
  );
}

/** A schedule as the record needs it: what it plays, where, when, and where its approval stands. */
export interface PlannedScheduleRow extends PlannedFields {
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
  status: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Schedules of an administrator whose dates meet the days [fromDay, toDay], and those with an
 * occurrence recorded in [from, to) whatever their dates are now.
 */
export async function selectSchedules(db: Db, adminId: string, fromDay: string, toDay: string, from: Date, to: Date): Promise<PlannedScheduleRow[]> {
  return db.query<PlannedScheduleRow>(
    `SELECT s.id, s.title, s.message_type, s.created_by, u.hoten AS creator_name, s.target_areas, s.target_devices, s.total_seconds, s.mode,
            s.weekdays, to_char(s.start_date, 'YYYY-MM-DD') AS start_date, to_char(s.end_date, 'YYYY-MM-DD') AS end_date, s.times, s.status,
            s.monthly, s.dates, s.max_count, s.exceptions, s.skip_holidays, s.admin_id, s.created_at, s.updated_at
       FROM schedules s LEFT JOIN users u ON u.id = s.created_by
      WHERE s.admin_id = $1 AND ((s.start_date <= $3::date AND (s.end_date IS NULL OR s.end_date >= $2::date))
         OR s.id IN (SELECT r.schedule_id FROM schedule_runs r WHERE r.planned_at >= $4 AND r.planned_at < $5))`,
    [adminId, fromDay, toDay, from.toISOString(), to.toISOString()],
  );
}

/** The scheduler's record of one occurrence (schedule_runs). */
export interface RunRow {
  schedule_id: string;
  planned_at: Date;
  status: 'claimed' | 'fired' | 'missed';
  broadcast_id: string | null;
}

/** Occurrences of an administrator's schedules the scheduler recorded in [from, to). */
export async function selectRuns(db: Db, adminId: string, from: Date, to: Date): Promise<RunRow[]> {
  return db.query<RunRow>(
    `SELECT r.schedule_id, r.planned_at, r.status, r.broadcast_id FROM schedule_runs r JOIN schedules s ON s.id = r.schedule_id
      WHERE s.admin_id = $1 AND r.planned_at >= $2 AND r.planned_at < $3`,
    [adminId, from.toISOString(), to.toISOString()],
  );
}

/**
 * What one speaker reported about one session: whether it played, failed, and how it last stopped.
 * An item it started but heard nothing of does not count as played: its next report is an error,
 * and the time from the start to that error is all lost (an error within a second: the file or the
 * station could not be opened, the agent's own "failed at once"; or the gaps it reported in between
 * cover it: the stream never came back). A speaker whose link was down at a relay's start, say,
 * starts it from its plan and cannot reach the station: it did not play it.
 */
export interface PlayReportRow {
  session_id: string;
  device_id: string;
  /** Whether it played some item of the session (it started one and heard something of it). */
  started: boolean;
  errored: boolean;
  error_message: string | null;
  /** The speaker's first `started` report of an item it heard (its own clock). */
  first_started: Date | null;
  /** `event:message` of its last report, e.g. 'finished:preempted'. */
  last: string;
}

/** Less than this heard between an item's start and its error is nothing heard (the agent's RESUME_MIN_PLAYED_S). */
const HEARD_NOTHING_SECONDS = 1;

export async function selectPlayReports(db: Db, sessionIds: string[]): Promise<PlayReportRow[]> {
  if (sessionIds.length === 0) return [];
  return db.query<PlayReportRow>(
    `WITH ev AS (
       SELECT p.id, p.session_id, p.device_id, p.item_index, p.event, p.at, p.message,
              lead(p.event) OVER w AS next_event, lead(p.at) OVER w AS next_at
         FROM device_plays p WHERE p.session_id = ANY($1::text[]) AND p.event <> 'gap'
       WINDOW w AS (PARTITION BY p.session_id, p.device_id, p.item_index ORDER BY p.at, p.id)),
     heard AS (
       SELECT ev.*, (ev.event = 'started' AND NOT COALESCE(ev.next_event = 'error' AND
                extract(epoch FROM ev.next_at - ev.at) - COALESCE((
                  SELECT sum(g.gap_seconds) FROM device_plays g
                   WHERE g.session_id = ev.session_id AND g.device_id = ev.device_id AND g.item_index IS NOT DISTINCT FROM ev.item_index
                     AND g.event = 'gap' AND g.at >= ev.at AND g.at <= ev.next_at), 0) < $2, false)) AS played
         FROM ev)
     SELECT session_id, device_id,
            bool_or(played) AS started,
            bool_or(event = 'error') AS errored,
            (array_agg(message ORDER BY at, id) FILTER (WHERE event = 'error'))[1] AS error_message,
            min(at) FILTER (WHERE played) AS first_started,
            (array_agg(event || ':' || COALESCE(message, '') ORDER BY at DESC, id DESC))[1] AS last
       FROM heard
      GROUP BY session_id, device_id`,
    [sessionIds, HEARD_NOTHING_SECONDS],
  );
}

/** The registry: every speaker of the administrator and its area (as it stands now). */
export async function selectDevices(db: Db, adminId: string): Promise<{ id: string; area_id: string }[]> {
  return db.query<{ id: string; area_id: string }>('SELECT id, area_id FROM devices WHERE admin_id = $1', [adminId]);
}

/**
 * Connection history of some speakers around [from, to): each one's state just before `from`
 * (null: never connected) and its changes within the range, in order.
 */
export async function selectConnectivity(db: Db, deviceIds: string[], from: Date, to: Date) {
  if (deviceIds.length === 0) return { before: [], changes: [] };
  const before = await db.query<{ id: string; online: boolean | null }>(
    `SELECT d.id, (SELECT c.online FROM device_connections c WHERE c.device_id = d.id AND c.at < $2 ORDER BY c.at DESC, c.id DESC LIMIT 1) AS online
       FROM unnest($1::text[]) AS d(id)`,
    [deviceIds, from.toISOString()],
  );
  const changes = await db.query<{ device_id: string; at: Date; online: boolean }>(
    `SELECT device_id, at, online FROM device_connections WHERE device_id = ANY($1::text[]) AND at >= $2 AND at < $3 ORDER BY device_id, at, id`,
    [deviceIds, from.toISOString(), to.toISOString()],
  );
  return { before, changes };
}

/** A speaker a session addressed, as it stood when the session started (broadcast_targets). */
export interface TargetRow {
  session_id: string;
  device_id: string;
  area_id: string;
  online: boolean;
}

/** Records the speakers a session addresses as it starts; a session already recorded keeps its first record. */
export async function recordTargets(db: Db, sessionId: string, targets: { deviceId: string; areaId: string; online: boolean }[]): Promise<void> {
  if (targets.length === 0) return;
  await db.query(
    `INSERT INTO broadcast_targets (session_id, device_id, area_id, online)
       SELECT $1, t.device_id, t.area_id, t.online FROM unnest($2::text[], $3::text[], $4::boolean[]) AS t(device_id, area_id, online)
     ON CONFLICT DO NOTHING`,
    [sessionId, targets.map((t) => t.deviceId), targets.map((t) => t.areaId), targets.map((t) => t.online)],
  );
}

export async function selectTargets(db: Db, sessionIds: string[]): Promise<TargetRow[]> {
  if (sessionIds.length === 0) return [];
  return db.query<TargetRow>('SELECT session_id, device_id, area_id, online FROM broadcast_targets WHERE session_id = ANY($1::text[])', [sessionIds]);
}
