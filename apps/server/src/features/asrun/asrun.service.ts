import {
  AS_RUN_MAX_DAYS, AS_RUN_MESSAGES, AS_RUN_REASONS as R, vnIsoDay, type AsRunOutcome, type AsRunQuery, type AsRunReport, type AsRunRow,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, outOfScope } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import { listAreasInScope } from '../areas/areas.queries';
import { occurrencesBetween } from '../schedules/recurrence';
import { recurrenceOf } from '../schedules/schedules.service';
import { calendarOf } from '../holidays/holidays.service';
import * as q from './asrun.queries';
import { Geography } from './geography';
import { connectivity, sessionOutcome } from './outcome';

const DAY_MS = 24 * 3600 * 1000;
/** A planned second without any record this long ago is taken as not fired (the scheduler claims 2 s ahead). */
const UNRECORDED_GRACE_MS = 5_000;
/** A run left 'claimed' without a broadcast this long after its second was never started. */
const STALE_CLAIM_MS = 60_000;
const collator = new Intl.Collator('vi');

/** The days of the query (Asia/Ho_Chi_Minh): one day by default (today), at most AS_RUN_MAX_DAYS. */
function dayRange(query: AsRunQuery, now: number) {
  const tu = query.tu ?? query.den ?? vnIsoDay(now);
  const den = query.den ?? tu;
  const from = new Date(`${tu}T00:00:00+07:00`);
  const to = new Date(new Date(`${den}T00:00:00+07:00`).getTime() + DAY_MS);
  if (to.getTime() - from.getTime() > AS_RUN_MAX_DAYS * DAY_MS) throw badRequest(AS_RUN_MESSAGES.rangeTooLong);
  return { tu, den, from, to };
}

/**
 * The as-run record (GET /v1/client/nhatkyphatsong): one row per programme and commune, for the
 * caller's administrator and within its area scope. Right: themsuaxoalichphat (spec §6: those who
 * compose and send programmes answer for what went out).
 */
export async function buildAsRunReport(db: Db, session: Session, query: AsRunQuery, now = Date.now()): Promise<AsRunReport> {
  requireRight(session, 'themsuaxoalichphat');
  const adminId = session.user.admin_id;
  const { tu, den, from, to } = dayRange(query, now);
  const scope = await areaScope(db, session);
  if (query.diaban && !scope.ids.has(query.diaban)) throw outOfScope(AS_RUN_MESSAGES.areaUnknown);
  const [areas, devices] = await Promise.all([listAreasInScope(db, adminId, null), q.selectDevices(db, adminId)]);
  const narrow = query.diaban ? new Geography(areas, [], scope.ids).subtree([query.diaban]) : scope.ids;
  const geo = new Geography(areas, devices, new Set([...narrow].filter((id) => scope.ids.has(id))));

  const rows: AsRunRow[] = [
    ...(await sessionRows(db, geo, adminId, from, to)),
    ...(await unplayedRows(db, geo, adminId, { tu, den, from, to }, now)),
  ].filter((r) => (!query.loaibantin || r.loaibantin === query.loaibantin) && (!query.hinhthuc || r.hinhthuc === query.hinhthuc));
  const tomtat: Record<string, number> = {};
  for (const r of rows) tomtat[r.ketqua] = (tomtat[r.ketqua] ?? 0) + 1;
  const items = rows.filter((r) => !query.ketqua || r.ketqua === query.ketqua)
    .sort((a, b) => a.ngay.localeCompare(b.ngay) || collator.compare(a.diaban.tendiaban, b.diaban.tendiaban) || a.giodukien - b.giodukien || a._id.localeCompare(b._id));
  return { tu, den, items, tomtat };
}

/** Rows of the sessions that started (immediate bulletins and fired occurrences), from what their speakers reported. */
async function sessionRows(db: Db, geo: Geography, adminId: string, from: Date, to: Date): Promise<AsRunRow[]> {
  const sessions = await q.selectSessions(db, adminId, from, to);
  const ids = sessions.map((s) => s.id);
  const [reports, targets] = await Promise.all([q.selectPlayReports(db, ids), q.selectTargets(db, ids)]);
  const bySession = new Map<string, Map<string, q.PlayReportRow>>();
  for (const r of reports) bySession.set(r.session_id, (bySession.get(r.session_id) ?? new Map()).set(r.device_id, r));
  // What each session addressed when it started (issue #32): its speakers, their areas and who was online then.
  const atStart = new Map<string, Map<string, q.TargetRow>>();
  for (const t of targets) atStart.set(t.session_id, (atStart.get(t.session_id) ?? new Map()).set(t.device_id, t));
  const areasAtStart = (id: string) => {
    const recorded = atStart.get(id);
    return recorded && new Map([...recorded].map(([d, t]) => [d, t.area_id]));
  };
  const grouped = sessions.map((s) => ({ s, groups: geo.groups(s.target_areas, s.target_devices, bySession.get(s.id)?.keys(), areasAtStart(s.id)) }));
  // Sessions from before that record: who was online is read from the connection history.
  const silent = new Set<string>();
  for (const { s, groups } of grouped) {
    if (atStart.has(s.id)) continue;
    for (const g of groups.values()) for (const d of g.devices) if (!bySession.get(s.id)?.get(d)?.started) silent.add(d);
  }
  const { before, changes } = await q.selectConnectivity(db, [...silent], from, to);
  const offlineInHistory = connectivity(before, changes);
  return grouped.flatMap(({ s, groups }) => [...groups.values()].map((g): AsRunRow => {
    const recorded = atStart.get(s.id);
    const offlineAt = (d: string, at: number) => {
      const then = recorded?.get(d);
      return then ? !then.online : offlineInHistory(d, at);
    };
    const o = sessionOutcome(s, { devices: g.devices, reports: bySession.get(s.id) ?? new Map(), offlineAt });
    return {
      _id: `${s.id}:${g.area._id}`, ngay: vnIsoDay(s.run_started_at.getTime()), diaban: g.area, hinhthuc: s.type, idphien: s.id, idlichphat: s.schedule_id,
      tieude: s.title, loaibantin: s.message_type, nguoitao: { _id: s.created_by, hoten: s.creator_name ?? '' }, giodukien: s.run_started_at.getTime(),
      batdau: o.batdau, ketthuc: s.ended_at?.getTime() ?? null, thoiluong: s.total_seconds, sothietbi: g.devices.length,
      sodaphat: o.sodaphat, soloi: o.soloi, sobingat: o.sobingat, songoaituyen: o.songoaituyen, sobaosau: o.sobaosau, ketqua: o.ketqua, lydo: o.lydo,
    };
  }));
}

/**
 * Rows of the occurrences that never became a session: those the scheduler recorded as missed (or
 * claimed and never started), and those of the schedules' current plan that it has no record of
 * (not approved in time, or still to come).
 */
async function unplayedRows(db: Db, geo: Geography, adminId: string, r: { tu: string; den: string; from: Date; to: Date }, now: number): Promise<AsRunRow[]> {
  const schedules = await q.selectSchedules(db, adminId, r.tu, r.den, r.from, r.to);
  const runs = await q.selectRuns(db, adminId, r.from, r.to);
  const calendar = await calendarOf(db, adminId);
  const byId = new Map(schedules.map((s) => [s.id, s]));
  const recorded = new Set(runs.map((run) => `${run.schedule_id}@${run.planned_at.getTime()}`));
  const out: Unplayed[] = [];
  for (const run of runs) {
    const s = byId.get(run.schedule_id);
    const at = run.planned_at.getTime();
    if (!s || run.broadcast_id) continue; // a fired occurrence is its session's row
    if (run.status === 'missed') out.push({ s, at, ketqua: 'bolo', lydo: null });
    else if (at + s.total_seconds * 1000 + STALE_CLAIM_MS < now) out.push({ s, at, ketqua: 'bolo', lydo: R.missedNotStarted });
    else if (at > now) out.push({ s, at, ketqua: 'chuaden', lydo: null });
  }
  for (const s of schedules) {
    const approved = s.status === 'daduyet';
    if (!approved && s.status !== 'choduyet' && s.status !== 'yeucausua') continue;
    const recurrence = recurrenceOf(s, calendar);
    for (const at of occurrencesBetween(recurrence, Math.max(r.from.getTime(), s.created_at.getTime()), r.to.getTime())) {
      if (recorded.has(`${s.id}@${at}`)) continue;
      if (!approved) out.push(at > now ? { s, at, ketqua: 'chuaden', lydo: R.awaitingApproval } : { s, at, ketqua: 'bolo', lydo: R.missedNotApproved });
      else if (at > now - UNRECORDED_GRACE_MS) out.push({ s, at, ketqua: 'chuaden', lydo: null });
      else out.push({ s, at, ketqua: 'bolo', lydo: s.updated_at.getTime() > at ? R.approvedLate : R.missedNoRecord });
    }
  }
  const grouped = out.map((u) => ({ u, groups: [...geo.groups(u.s.target_areas, u.s.target_devices).values()] }));
  const recordedMissed = grouped.filter(({ u }) => u.ketqua === 'bolo' && u.lydo === null);
  const { before, changes } = await q.selectConnectivity(db, [...new Set(recordedMissed.flatMap(({ groups }) => groups.flatMap((g) => g.devices)))], r.from, r.to);
  const offlineAt = connectivity(before, changes);
  return grouped.flatMap(({ u: { s, at, ketqua, lydo }, groups }) => groups.map((g): AsRunRow => {
    const reason = ketqua === 'bolo' && lydo === null ? missedReason(s, g.devices.length > 0 && g.devices.every((d) => offlineAt(d, at))) : lydo;
    return {
      _id: `${s.id}@${at}:${g.area._id}`, ngay: vnIsoDay(at), diaban: g.area, hinhthuc: 'phatlich', idphien: null, idlichphat: s.id,
      tieude: s.title, loaibantin: s.message_type, nguoitao: { _id: s.created_by, hoten: s.creator_name ?? '' }, giodukien: at,
      batdau: null, ketthuc: null, thoiluong: s.total_seconds, sothietbi: g.devices.length, sodaphat: 0, soloi: 0, sobingat: 0, songoaituyen: 0, sobaosau: 0,
      ketqua, lydo: g.devices.length === 0 ? [reason, R.noDevices].filter(Boolean).join('; ') : reason,
    };
  }));
}

interface Unplayed {
  s: q.PlannedScheduleRow;
  at: number;
  ketqua: AsRunOutcome;
  /** null for an occurrence the scheduler recorded as missed: its reason is read per commune. */
  lydo: string | null;
}

/**
 * Why the scheduler recorded an occurrence as missed: its schedule was still awaiting approval, or
 * every speaker of the commune was offline at its second, or else the server was not running then.
 */
function missedReason(s: q.PlannedScheduleRow, allOffline: boolean): string {
  if (s.status === 'choduyet' || s.status === 'yeucausua') return R.missedNotApproved;
  return allOffline ? R.missedAllOffline : R.missedServerDown;
}
