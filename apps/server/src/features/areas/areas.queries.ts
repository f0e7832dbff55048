import type { Area } from '@loa/contract';
import type { Db } from '../../infra/db';

export async function insertArea(db: Db, a: { id: string; ten: string; cap: Area['cap']; parentId: string | null; adminId: string | null }): Promise<void> {
  await db.query('INSERT INTO areas (id, ten, cap, parent_id, admin_id) VALUES ($1, $2, $3, $4, $5)', [a.id, a.ten, a.cap, a.parentId, a.adminId]);
}

export async function countAreasByLevel(db: Db, adminId: string): Promise<Record<string, number>> {
  const rows = await db.query<{ cap: string; n: number }>('SELECT cap, count(*)::int AS n FROM areas WHERE admin_id = $1 GROUP BY cap', [adminId]);
  return Object.fromEntries(rows.map((r) => [r.cap, r.n]));
}
