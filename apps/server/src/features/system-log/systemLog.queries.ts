import type { Db } from '../../infra/db';
import { foldedLikePattern, foldedSql } from '../../infra/foldSql';

export interface LogFilter {
  adminId: string;
  userId?: string;
  /** Part of a login name or full name, accents and case aside ("can bo" finds "Cán bộ Xã"). */
  userSearch?: string;
  action?: string;
  /** Entries about any of these areas (a subtree, or the caller's whole scope). */
  areaIds?: string[];
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** Id of the last entry of the previous page. */
  after?: string;
  limit: number;
}

export interface LogRow {
  id: string;
  at: Date;
  user_id: string | null;
  tentaikhoan: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  area_id: string | null;
  area_name: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  outcome: string;
}

/**
 * The name of what an entry is about: the one written with it, else the object's current name by
 * its kind (accounts by login name), so the log and its export show names where the entry kept an id.
 */
const TARGET_NAME = `COALESCE(l.target_name, CASE l.target_type
  WHEN 'taikhoan' THEN (SELECT t.tentaikhoan FROM users t WHERE t.id = l.target_id)
  WHEN 'thietbi' THEN (SELECT t.name FROM devices t WHERE t.id = l.target_id)
  WHEN 'diaban' THEN (SELECT t.ten FROM areas t WHERE t.id = l.target_id)
  WHEN 'chuongtrinh' THEN (SELECT t.name FROM programmes t WHERE t.id = l.target_id)
  WHEN 'lichphat' THEN (SELECT t.title FROM schedules t WHERE t.id = l.target_id)
  WHEN 'kenh' THEN (SELECT t.ten FROM channels t WHERE t.id = l.target_id)
  WHEN 'khoaapi' THEN (SELECT t.name FROM api_keys t WHERE t.id = l.target_id)
  WHEN 'nguoncap' THEN (SELECT t.url FROM cap_feeds t WHERE t.id = l.target_id)
  WHEN 'thietbidangnhap' THEN (SELECT t.name FROM login_devices t WHERE t.id = l.target_id)
  WHEN 'canhbaocap' THEN (SELECT COALESCE(NULLIF(t.headline, ''), t.identifier) FROM cap_alerts t WHERE t.id = l.target_id)
  END)`;

/**
 * One page of an administrator's log, newest first, by keyset on (at, id): each filter has an
 * index that starts with (admin_id, filter) and ends with (at, id), so a page costs the same on
 * the millionth row as on the first.
 */
export async function selectLogPage(db: Db, f: LogFilter): Promise<LogRow[]> {
  const where = ['l.admin_id = $1'];
  const params: unknown[] = [f.adminId];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.userId) add((n) => `l.user_id = ${n}`, f.userId);
  if (f.userSearch) {
    add((n) => `(${foldedSql('l.tentaikhoan')} LIKE ${n} OR l.user_id IN (SELECT u.id FROM users u WHERE u.admin_id = $1 AND ${foldedSql('u.hoten')} LIKE ${n}))`, foldedLikePattern(f.userSearch));
  }
  if (f.action) add((n) => `l.action = ${n}`, f.action);
  if (f.areaIds) add((n) => (f.areaIds!.length === 1 ? `l.area_id = (${n}::text[])[1]` : `l.area_id = ANY(${n}::text[])`), f.areaIds);
  if (f.from) add((n) => `l.at >= ${n}`, f.from);
  if (f.to) add((n) => `l.at < ${n}`, f.to);
  if (f.after) add((n) => `(l.at, l.id) < (SELECT c.at, c.id FROM system_log c WHERE c.id = ${n}::bigint)`, f.after);
  params.push(f.limit);
  return db.query<LogRow>(
    `SELECT l.id::text AS id, l.at, l.user_id, l.tentaikhoan, l.action, l.target_type, l.target_id, ${TARGET_NAME} AS target_name, l.area_id,
            COALESCE(l.area_name, a.ten) AS area_name, l.detail, l.ip, l.outcome
       FROM system_log l LEFT JOIN areas a ON a.id = l.area_id
      WHERE ${where.join(' AND ')}
      ORDER BY l.at DESC, l.id DESC
      LIMIT $${params.length}`,
    params,
  );
}

/**
 * An area and every area below it, deleted ones included (their tombstones keep their place in
 * the tree), so the entries about a deleted area stay visible under the areas above it.
 */
export async function areaIdsUnder(db: Db, adminId: string, rootId: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH RECURSIVE tree AS (
       SELECT id, parent_id FROM areas WHERE admin_id = $1
       UNION ALL SELECT id, parent_id FROM deleted_areas WHERE admin_id = $1),
     sub AS (
       SELECT id FROM tree WHERE id = $2
       UNION SELECT t.id FROM tree t JOIN sub ON t.parent_id = sub.id)
     SELECT id FROM sub`,
    [adminId, rootId],
  );
  return rows.map((r) => r.id);
}
