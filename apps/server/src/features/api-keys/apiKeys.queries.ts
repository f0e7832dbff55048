import type { Db } from '../../infra/db';

/** A key with what its account row holds (rights, area) and who made it. */
export interface ApiKeyRow {
  id: string;
  user_id: string;
  admin_id: string;
  name: string;
  secret_hash: string;
  rate_per_minute: number;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  last_used_ip: string | null;
  quyenhan: string[];
  area_id: string | null;
  area_name: string | null;
  created_by_name: string | null;
}

const SELECT_KEY = `
  SELECT k.id, k.user_id, k.admin_id, k.name, k.secret_hash, k.rate_per_minute, k.created_at, k.revoked_at,
         k.last_used_at, k.last_used_ip, u.quyenhan, u.area_id, a.ten AS area_name, c.hoten AS created_by_name
    FROM api_keys k JOIN users u ON u.id = k.user_id
    LEFT JOIN areas a ON a.id = u.area_id LEFT JOIN users c ON c.id = k.created_by`;

export async function findApiKey(db: Db, id: string): Promise<ApiKeyRow | null> {
  const rows = await db.query<ApiKeyRow>(`${SELECT_KEY} WHERE k.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Keys of an administrator, newest first; with `areaIds`, only those whose area is among them. */
export async function listApiKeys(db: Db, adminId: string, areaIds: string[] | null): Promise<ApiKeyRow[]> {
  return db.query<ApiKeyRow>(
    `${SELECT_KEY} WHERE k.admin_id = $1 AND ($2::text[] IS NULL OR u.area_id = ANY($2::text[])) ORDER BY k.created_at DESC, k.id`,
    [adminId, areaIds],
  );
}

export async function liveKeyNamed(db: Db, adminId: string, name: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM api_keys WHERE admin_id = $1 AND lower(name) = lower($2) AND revoked_at IS NULL', [adminId, name]);
  return rows.length > 0;
}

export interface NewApiKey {
  id: string;
  userId: string;
  adminId: string;
  name: string;
  secretHash: string;
  ratePerMinute: number;
  createdBy: string;
  quyenhan: string[];
  areaId: string | null;
}

/**
 * Inserts the key and its account row. The row's login name holds a '#', which no login name may
 * (accounts.ts), and its password is empty, which no password matches: it can never sign in.
 */
export async function insertApiKey(db: Db, k: NewApiKey): Promise<void> {
  await db.query(
    `INSERT INTO users (id, tentaikhoan, password_hash, hoten, loaitaikhoan, quyenhan, area_id, admin_id, api_key)
     VALUES ($1, $2, '', $3, 'khoaapi', $4::jsonb, $5, $6, true)`,
    [k.userId, `khoa-api#${k.id}`, k.name, JSON.stringify(k.quyenhan), k.areaId, k.adminId],
  );
  await db.query(
    `INSERT INTO api_keys (id, user_id, admin_id, name, secret_hash, rate_per_minute, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [k.id, k.userId, k.adminId, k.name, k.secretHash, k.ratePerMinute, k.createdBy],
  );
}

/** Revokes a live key and locks its account row; false when it was already revoked. */
export async function revokeApiKey(db: Db, id: string, by: string): Promise<boolean> {
  const rows = await db.query<{ user_id: string }>(
    'UPDATE api_keys SET revoked_at = now(), revoked_by = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING user_id',
    [id, by],
  );
  if (rows.length === 0) return false;
  await db.query('UPDATE users SET locked = true, updated_at = now() WHERE id = $1', [rows[0].user_id]);
  return true;
}

/**
 * Records a use (last use, its address) and counts it in the key's one-minute window, in one
 * statement so concurrent calls on any instance are all counted. Answers the count in the window.
 */
export async function recordKeyUse(db: Db, id: string, ip: string): Promise<number> {
  const rows = await db.query<{ rate_count: number }>(
    `UPDATE api_keys SET last_used_at = now(), last_used_ip = $2,
            rate_count = CASE WHEN rate_window_start IS NULL OR rate_window_start <= now() - interval '1 minute' THEN 1 ELSE rate_count + 1 END,
            rate_window_start = CASE WHEN rate_window_start IS NULL OR rate_window_start <= now() - interval '1 minute' THEN now() ELSE rate_window_start END
      WHERE id = $1 RETURNING rate_count`,
    [id, ip],
  );
  return rows[0]?.rate_count ?? 0;
}
