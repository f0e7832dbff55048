import type { Db } from '../../infra/db';

/** Who acts and from where; every feature passes it to the system log. */
export interface Actor {
  userId: string | null;
  tentaikhoan: string | null;
  adminId: string | null;
  ip: string;
}

export interface LogEntry {
  action: string;
  targetType?: string;
  targetId?: string;
  /**
   * The target's name (area name, login name, device name…), kept in the entry so it reads the same
   * after the target is gone; looked up from the target when not given. Give it when the target
   * was just deleted.
   */
  targetName?: string | null;
  detail?: Record<string, unknown>;
  outcome?: 'ok' | 'failed' | 'denied';
  /** The area the entry is about; by default the target's (an area, a device) or else the actor's. */
  areaId?: string | null;
}

/**
 * Writes one system-log entry: who, what, on which object (and its name), from which IP, with what
 * outcome, and the area it concerns with its name (so the log can be filtered by area and reads
 * the same after the area is deleted). Entries are never changed afterwards. Call it with the
 * transaction of the change it records, so both commit or neither does.
 */
export async function writeSystemLog(db: Db, actor: Actor, entry: LogEntry): Promise<void> {
  await db.query(
    `WITH r AS (
       SELECT COALESCE($10::text,
         CASE $5::text WHEN 'diaban' THEN $6::text WHEN 'thietbi' THEN (SELECT area_id FROM devices WHERE id = $6::text) END,
         (SELECT area_id FROM users WHERE id = $1::text)) AS area_id)
     INSERT INTO system_log (user_id, tentaikhoan, admin_id, action, target_type, target_id, detail, ip, outcome, area_id, area_name, target_name)
     SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::jsonb, $8::text, $9::text, r.area_id,
       COALESCE((SELECT ten FROM areas WHERE id = r.area_id), CASE WHEN $5::text = 'diaban' AND r.area_id = $6::text THEN $11::text END),
       COALESCE($11::text, CASE $5::text
         WHEN 'diaban' THEN (SELECT ten FROM areas WHERE id = $6::text)
         WHEN 'thietbi' THEN (SELECT name FROM devices WHERE id = $6::text)
         WHEN 'taikhoan' THEN (SELECT tentaikhoan FROM users WHERE id = $6::text)
         WHEN 'lichphat' THEN (SELECT title FROM schedules WHERE id = $6::text)
         WHEN 'chuongtrinh' THEN (SELECT name FROM programmes WHERE id = $6::text)
       END)
     FROM r`,
    [actor.userId, actor.tentaikhoan, actor.adminId, entry.action, entry.targetType ?? null, entry.targetId ?? null,
      entry.detail ? JSON.stringify(entry.detail) : null, actor.ip, entry.outcome ?? 'ok', entry.areaId ?? null, entry.targetName ?? null],
  );
}

export interface SystemLogRow {
  id: string;
  at: Date;
  user_id: string | null;
  tentaikhoan: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  outcome: string;
}

/** Latest entries of one user (tests and the profile use it; the log screen comes with its own feature). */
export async function listSystemLogForUser(db: Db, userId: string, limit = 50): Promise<SystemLogRow[]> {
  return db.query<SystemLogRow>(
    `SELECT id::text, at, user_id, tentaikhoan, action, target_type, target_id, ip, outcome
       FROM system_log WHERE user_id = $1 ORDER BY at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
}
