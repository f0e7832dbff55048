import { Readable } from 'node:stream';
import {
  describeLogDetail, labelOf, LOG_ACTION_LABELS, LOG_OUTCOME_LABELS, LOG_TARGET_LABELS, SYSTEM_LOG_CSV_COLUMNS, SYSTEM_LOG_CSV_MAX_ROWS, type SystemLogEntry, type SystemLogPage, type SystemLogQuery,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { findUserById, findUserByLoginName } from '../accounts/accounts.queries';
import { areaIdsUnder, selectLogPage, type LogFilter, type LogRow } from './systemLog.queries';
import { csvLine, formatVietnamTime, UTF8_BOM } from './csv';
import { writeSystemLog } from './systemLog.service';

const DAY_MS = 24 * 3600 * 1000;
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only `den` means the whole of that day (Vietnam time). */
function parseBound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (dateOnly.test(value)) {
    const start = new Date(`${value}T00:00:00+07:00`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  const at = new Date(value);
  return end ? new Date(at.getTime() + 1) : at;
}

/** Turns the query into a filter within the caller's administrator and area scope; null when it can match nothing. */
async function toFilter(db: Db, session: Session, query: SystemLogQuery, limit: number): Promise<LogFilter | null> {
  const adminId = session.user.admin_id;
  const filter: LogFilter = { adminId, action: query.hanhdong || undefined, from: parseBound(query.tu, false), to: parseBound(query.den, true), after: query.sau, limit };
  if (query.nguoidung) {
    const byId = await findUserById(db, query.nguoidung);
    const user = byId?.admin_id === adminId ? byId : await findUserByLoginName(db, query.nguoidung);
    if (user && user.admin_id === adminId) filter.userId = user.id;
    else filter.userSearch = query.nguoidung;
  }
  const scopeRoot = session.user.area_id;
  if (query.diaban || scopeRoot) {
    // Areas deleted since count as where they stood, so their entries are never lost from view.
    const scope = scopeRoot ? await areaIdsUnder(db, adminId, scopeRoot) : null;
    if (query.diaban && scope && !scope.includes(query.diaban)) return null;
    const ids = query.diaban ? await areaIdsUnder(db, adminId, query.diaban) : scope!;
    if (ids.length === 0) return null;
    filter.areaIds = ids;
  }
  return filter;
}

const toEntry = (r: LogRow): SystemLogEntry => ({
  _id: r.id,
  thoigian: r.at.toISOString(),
  nguoidung: { _id: r.user_id, tentaikhoan: r.tentaikhoan },
  hanhdong: r.action,
  doituong: { loai: r.target_type, id: r.target_id, ten: r.target_name },
  diaban: r.area_id ? { _id: r.area_id, tendiaban: r.area_name ?? '' } : null,
  chitiet: r.detail,
  ip: r.ip,
  ketqua: r.outcome,
});

/** One page of the system log (GET /v1/client/nhatky), newest first. Right: xemnhatky. */
export async function listSystemLog(db: Db, session: Session, query: SystemLogQuery): Promise<SystemLogPage> {
  requireRight(session, 'xemnhatky');
  const filter = await toFilter(db, session, query, query.sodong + 1);
  if (!filter) return { items: [], tieptheo: null };
  const rows = await selectLogPage(db, filter);
  const items = rows.slice(0, query.sodong).map(toEntry);
  return { items, tieptheo: rows.length > query.sodong ? items[items.length - 1]._id : null };
}

/** One entry as the screen shows it: labels from the contract's table, the target by name, readable details (never codes, ids or JSON). */
const csvRow = (r: LogRow): string => csvLine([
  formatVietnamTime(r.at),
  r.tentaikhoan ?? 'Hệ thống',
  labelOf(LOG_ACTION_LABELS, r.action),
  r.target_type ? `${labelOf(LOG_TARGET_LABELS, r.target_type)}${r.target_name ? `: ${r.target_name}` : ''}` : '',
  r.area_name,
  r.ip,
  labelOf(LOG_OUTCOME_LABELS, r.outcome),
  describeLogDetail(r.detail),
]);

/**
 * The filtered log as CSV (UTF-8 with BOM, for Excel), streamed page by page so a large export
 * never sits in memory. At most SYSTEM_LOG_CSV_MAX_ROWS rows. Right: xemnhatky.
 */
export async function exportSystemLogCsv(db: Db, session: Session, query: SystemLogQuery): Promise<Readable> {
  requireRight(session, 'xemnhatky');
  const filter = await toFilter(db, session, { ...query, sau: undefined }, 1000);
  await writeSystemLog(db, session.actor, { action: 'xuat-nhat-ky', detail: { boloc: { ...query, sau: undefined } } });
  async function* lines() {
    yield UTF8_BOM + csvLine([...SYSTEM_LOG_CSV_COLUMNS]);
    if (!filter) return;
    let sent = 0;
    for (let after: string | undefined; sent < SYSTEM_LOG_CSV_MAX_ROWS;) {
      const rows = await selectLogPage(db, { ...filter, after, limit: Math.min(1000, SYSTEM_LOG_CSV_MAX_ROWS - sent) });
      if (rows.length === 0) return;
      yield rows.map(csvRow).join('');
      sent += rows.length;
      after = rows[rows.length - 1].id;
    }
  }
  return Readable.from(lines());
}
