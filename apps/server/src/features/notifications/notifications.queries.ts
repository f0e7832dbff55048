import type { NotificationKind } from '@loa/contract';
import type { Db } from '../../infra/db';

export interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  target_type: string | null;
  target_id: string | null;
  created_at: Date;
  read_at: Date | null;
}

const COLUMNS = 'id::text AS id, user_id, kind, title, body, link, target_type, target_id, created_at, read_at';

/**
 * Active accounts of an administrator whose scope covers at least one of the areas (an account
 * without an area, and the administrator's own account wherever it is placed, see them all),
 * optionally only those holding a right. Null areas: all accounts.
 */
export async function recipients(db: Db, adminId: string, areaIds: string[] | null, right: string | null): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id FROM areas WHERE id = ANY($2::text[])
       UNION SELECT a.id, a.parent_id FROM areas a JOIN up ON a.id = up.parent_id)
     SELECT id FROM users
      WHERE admin_id = $1 AND deleted_at IS NULL AND NOT locked AND NOT api_key
        AND ($4 OR area_id IS NULL OR id = $1 OR area_id IN (SELECT id FROM up))
        AND ($3::text IS NULL OR quyenhan @> jsonb_build_array($3::text))`,
    [adminId, areaIds ?? [], right, areaIds === null],
  );
  return rows.map((r) => r.id);
}

export async function insertNotifications(
  db: Db,
  userIds: string[],
  n: { kind: NotificationKind; title: string; body: string; link: string | null; targetType: string | null; targetId: string | null },
): Promise<NotificationRow[]> {
  if (userIds.length === 0) return [];
  return db.query<NotificationRow>(
    `INSERT INTO notifications (user_id, kind, title, body, link, target_type, target_id)
     SELECT u, $2, $3, $4, $5, $6, $7 FROM unnest($1::text[]) AS u
     RETURNING ${COLUMNS}`,
    [userIds, n.kind, n.title, n.body, n.link, n.targetType, n.targetId],
  );
}

export async function alreadyNotified(db: Db, targetId: string, kind: NotificationKind): Promise<boolean> {
  return (await db.query('SELECT 1 FROM notifications WHERE target_id = $1 AND kind = $2 LIMIT 1', [targetId, kind])).length > 0;
}

/**
 * A page of one user's notifications, newest first. The order names the table's column: a bare
 * `id` would mean the text alias of COLUMNS, which sorts '10' below '9'.
 */
export async function listForUser(db: Db, userId: string, f: { unreadOnly: boolean; after?: string; limit: number }): Promise<NotificationRow[]> {
  return db.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications
      WHERE user_id = $1 AND ($2::boolean = false OR read_at IS NULL) AND ($3::bigint IS NULL OR id < $3::bigint)
      ORDER BY notifications.id DESC LIMIT $4`,
    [userId, f.unreadOnly, f.after ?? null, f.limit],
  );
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]))[0].n;
}

/** Marks the user's own notifications read (ids of others are ignored); null ids = all of them. */
export async function markRead(db: Db, userId: string, ids: string[] | null): Promise<void> {
  await db.query(
    `UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2::bigint[]))`,
    [userId, ids],
  );
}
