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
  detail?: Record<string, unknown>;
  outcome?: 'ok' | 'failed' | 'denied';
  /** The area the entry is about; by default the target's (an area, a device) or else the actor's. */
  areaId?: string | null;
}

/**
 * Writes one system-log entry: who, what, on which object, from which IP, with what outcome, and
 * the area it concerns (so the log can be filtered by area). Entries are never changed afterwards.
 */
export async function writeSystemLog(db: Db, actor: Actor, entry: LogEntry): Promise<void> {
  await db.query(
    `INSERT INTO system_log (user_id, tentaikhoan, admin_id, action, target_type, target_id, detail, ip, outcome, area_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, COALESCE($10::text,
       CASE $5::text WHEN 'diaban' THEN $6::text WHEN 'thietbi' THEN (SELECT area_id FROM devices WHERE id = $6::text) END,
       (SELECT area_id FROM users WHERE id = $1::text)))`,
    [actor.userId, actor.tentaikhoan, actor.adminId, entry.action, entry.targetType ?? null, entry.targetId ?? null,
      entry.detail ? JSON.stringify(entry.detail) : null, actor.ip, entry.outcome ?? 'ok', entry.areaId ?? null],
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
