import type { Area } from '@loa/contract';
import type { Db } from '../../infra/db';

export interface AreaRow {
  id: string;
  ten: string;
  cap: Area['cap'];
  parent_id: string | null;
  admin_id: string | null;
  config: Record<string, unknown>;
}

export async function insertArea(db: Db, a: { id: string; ten: string; cap: Area['cap']; parentId: string | null; adminId: string | null }): Promise<void> {
  await db.query('INSERT INTO areas (id, ten, cap, parent_id, admin_id) VALUES ($1, $2, $3, $4, $5)', [a.id, a.ten, a.cap, a.parentId, a.adminId]);
}

const LEVELS = ['tinh', 'huyen', 'xa', 'thon'];
const collator = new Intl.Collator('vi');
/** Level first, then names in Vietnamese dictionary order. */
const byLevelThenName = (a: AreaRow, b: AreaRow) => LEVELS.indexOf(a.cap) - LEVELS.indexOf(b.cap) || collator.compare(a.ten, b.ten);

/** Every area of an administrator, or only the subtree under `rootId` when the account is scoped. */
export async function listAreasInScope(db: Db, adminId: string, rootId: string | null): Promise<AreaRow[]> {
  const rows = rootId ? await subtree(db, adminId, rootId) : await db.query<AreaRow>('SELECT id, ten, cap, parent_id, admin_id, config FROM areas WHERE admin_id = $1', [adminId]);
  return rows.sort(byLevelThenName);
}

function subtree(db: Db, adminId: string, rootId: string): Promise<AreaRow[]> {
  return db.query<AreaRow>(
    `WITH RECURSIVE sub AS (
       SELECT id FROM areas WHERE id = $2 AND admin_id = $1
       UNION ALL SELECT a.id FROM areas a JOIN sub ON a.parent_id = sub.id)
     SELECT id, ten, cap, parent_id, admin_id, config FROM areas WHERE id IN (SELECT id FROM sub)`,
    [adminId, rootId],
  );
}

export async function listAllAreas(db: Db): Promise<AreaRow[]> {
  return db.query<AreaRow>('SELECT id, ten, cap, parent_id, admin_id, config FROM areas');
}

export async function findArea(db: Db, id: string): Promise<AreaRow | null> {
  const rows = await db.query<AreaRow>('SELECT id, ten, cap, parent_id, admin_id, config FROM areas WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function updateArea(db: Db, id: string, p: { ten: string; parentId: string | null }): Promise<void> {
  await db.query('UPDATE areas SET ten = $2, parent_id = $3 WHERE id = $1', [id, p.ten, p.parentId]);
}

export async function updateAreaConfig(db: Db, id: string, config: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE areas SET config = $2::jsonb WHERE id = $1', [id, JSON.stringify(config)]);
}

export async function areaUsage(db: Db, id: string): Promise<{ children: number; devices: number; users: number; keys: number }> {
  const [row] = await db.query<{ children: number; devices: number; users: number; keys: number }>(
    `SELECT (SELECT count(*)::int FROM areas WHERE parent_id = $1) AS children,
            (SELECT count(*)::int FROM devices WHERE area_id = $1) AS devices,
            (SELECT count(*)::int FROM users WHERE area_id = $1 AND NOT api_key) AS users,
            (SELECT count(*)::int FROM users u JOIN api_keys k ON k.user_id = u.id WHERE u.area_id = $1 AND k.revoked_at IS NULL) AS keys`,
    [id],
  );
  return row;
}

export async function deleteArea(db: Db, id: string): Promise<void> {
  // Revoked API keys of the area keep their row (the log names them) but lose the area.
  await db.query('UPDATE users SET area_id = NULL WHERE area_id = $1 AND api_key AND locked', [id]);
  await db.query('DELETE FROM areas WHERE id = $1', [id]);
}
