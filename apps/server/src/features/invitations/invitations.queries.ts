import type { Db } from '../../infra/db';

export interface InvitationRow {
  id: string;
  admin_id: string;
  invited_by: string;
  inviter_name: string | null;
  email: string;
  hoten: string;
  loaitaikhoan: string;
  quyenhan: string[];
  area_id: string | null;
  area_name: string | null;
  status: 'cho' | 'dadung' | 'huy';
  expires_at: Date;
  created_at: Date;
}

const SELECT = `
  SELECT i.id, i.admin_id, i.invited_by, u.hoten AS inviter_name, i.email, i.hoten, i.loaitaikhoan, i.quyenhan, i.area_id,
         a.ten AS area_name, i.status, i.expires_at, i.created_at
    FROM invitations i LEFT JOIN users u ON u.id = i.invited_by LEFT JOIN areas a ON a.id = i.area_id`;

export async function insertInvitation(
  db: Db,
  i: { id: string; adminId: string; invitedBy: string; tokenHash: string; email: string; hoten: string; loaitaikhoan: string; quyenhan: string[]; areaId: string | null; ttlHours: number },
): Promise<void> {
  await db.query(
    `INSERT INTO invitations (id, admin_id, invited_by, token_hash, email, hoten, loaitaikhoan, quyenhan, area_id, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, now() + make_interval(hours => $10))`,
    [i.id, i.adminId, i.invitedBy, i.tokenHash, i.email, i.hoten, i.loaitaikhoan, JSON.stringify(i.quyenhan), i.areaId, i.ttlHours],
  );
}

export async function findInvitation(db: Db, id: string): Promise<InvitationRow | null> {
  return (await db.query<InvitationRow>(`${SELECT} WHERE i.id = $1`, [id]))[0] ?? null;
}

/** A pending, unexpired invitation by its token's hash. */
export async function findOpenInvitationByToken(db: Db, tokenHash: string): Promise<InvitationRow | null> {
  return (await db.query<InvitationRow>(`${SELECT} WHERE i.token_hash = $1 AND i.status = 'cho' AND i.expires_at > now()`, [tokenHash]))[0] ?? null;
}

export async function listInvitations(db: Db, adminId: string, areaIds: string[] | null): Promise<InvitationRow[]> {
  return areaIds
    ? db.query<InvitationRow>(`${SELECT} WHERE i.admin_id = $1 AND i.area_id = ANY($2::text[]) ORDER BY i.created_at DESC LIMIT 500`, [adminId, areaIds])
    : db.query<InvitationRow>(`${SELECT} WHERE i.admin_id = $1 ORDER BY i.created_at DESC LIMIT 500`, [adminId]);
}

/** Moves a pending invitation to a final state; false when it was no longer pending (used or cancelled meanwhile). */
export async function closeInvitation(db: Db, id: string, status: 'dadung' | 'huy', usedBy: string | null = null): Promise<boolean> {
  const rows = await db.query<{ id: string }>(`UPDATE invitations SET status = $2, used_by = $3 WHERE id = $1 AND status = 'cho' RETURNING id`, [id, status, usedBy]);
  return rows.length > 0;
}

export async function deleteInvitation(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM invitations WHERE id = $1', [id]);
}
