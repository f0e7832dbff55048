import type { Db } from '../../infra/db';

/** A broadcast as the overview counts it: when it started, its message type and whom it addressed. */
export interface BroadcastCountRow {
  started_at: Date;
  message_type: number;
  target_areas: string[];
  target_devices: string[];
}

/** Broadcasts of an administrator started since an instant. */
export function selectBroadcastsSince(db: Db, adminId: string, since: number): Promise<BroadcastCountRow[]> {
  return db.query<BroadcastCountRow>(
    'SELECT started_at, message_type, target_areas, target_devices FROM broadcasts WHERE admin_id = $1 AND started_at >= $2',
    [adminId, new Date(since).toISOString()],
  );
}

/** A speaker of the registry with what the overview names it by and when it was registered. */
export interface DeviceRow {
  id: string;
  name: string;
  area_id: string;
  created_at: Date;
}

export function selectDevices(db: Db, adminId: string): Promise<DeviceRow[]> {
  return db.query<DeviceRow>('SELECT id, name, area_id, created_at FROM devices WHERE admin_id = $1', [adminId]);
}

/**
 * Accounts (not API keys) and those signed in now; `areaIds` narrows to accounts of those areas
 * (a scoped caller), null counts the administrator's every account.
 */
export async function countAccounts(db: Db, adminId: string, areaIds: string[] | null): Promise<{ tong: number; dangdangnhap: number }> {
  const [row] = await db.query<{ tong: number; dangdangnhap: number }>(
    `SELECT count(DISTINCT u.id)::int AS tong,
            count(DISTINCT d.user_id) FILTER (WHERE d.status = 'login' AND d.expires_at > now())::int AS dangdangnhap
       FROM users u LEFT JOIN login_devices d ON d.user_id = u.id
      WHERE u.admin_id = $1 AND NOT u.api_key AND ($2::text[] IS NULL OR u.area_id = ANY($2::text[]))`,
    [adminId, areaIds],
  );
  return row;
}

/** System-log entries since an instant; `areaIds` narrows to entries about those areas. */
export async function countLogSince(db: Db, adminId: string, since: number, areaIds: string[] | null): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM system_log WHERE admin_id = $1 AND at >= $2 AND ($3::text[] IS NULL OR area_id = ANY($3::text[]))',
    [adminId, new Date(since).toISOString(), areaIds],
  );
  return row.n;
}
