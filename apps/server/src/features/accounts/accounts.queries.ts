import type { Db } from '../../infra/db';
import { foldedLikePattern, foldedSql } from '../../infra/foldSql';
import { pageWithTotal } from '../../infra/paged';

export interface UserRow {
  id: string;
  tentaikhoan: string;
  password_hash: string;
  hoten: string;
  email: string;
  sdt: string;
  loaitaikhoan: string;
  quyenhan: string[];
  area_id: string | null;
  area_name: string | null;
  admin_id: string;
  email_verified: boolean;
  locked: boolean;
  must_change_password: boolean;
}

const SELECT_USER = `
  SELECT u.id, u.tentaikhoan, u.password_hash, u.hoten, u.email, u.sdt, u.loaitaikhoan, u.quyenhan,
         u.area_id, a.ten AS area_name, u.admin_id, u.email_verified, u.locked, u.must_change_password
    FROM users u LEFT JOIN areas a ON a.id = u.area_id`;

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByLoginName(db: Db, loginName: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`${SELECT_USER} WHERE lower(u.tentaikhoan) = lower($1)`, [loginName]);
  return rows[0] ?? null;
}

export interface NewUser {
  id: string;
  tentaikhoan: string;
  passwordHash: string;
  hoten: string;
  email?: string;
  sdt?: string;
  loaitaikhoan: string;
  quyenhan: string[];
  areaId: string | null;
  adminId: string;
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.query(
    `INSERT INTO users (id, tentaikhoan, password_hash, hoten, email, sdt, loaitaikhoan, quyenhan, area_id, admin_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)`,
    [user.id, user.tentaikhoan, user.passwordHash, user.hoten, user.email ?? '', user.sdt ?? '', user.loaitaikhoan,
      JSON.stringify(user.quyenhan), user.areaId, user.adminId],
  );
}

export async function updateProfile(db: Db, id: string, p: { hoten: string; email: string; sdt: string }): Promise<void> {
  await db.query(
    `UPDATE users SET hoten = $2, email = $3, sdt = $4,
            email_verified = CASE WHEN email = $3 THEN email_verified ELSE false END, updated_at = now()
      WHERE id = $1`,
    [id, p.hoten, p.email, p.sdt],
  );
}

export async function updatePasswordHash(db: Db, id: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE id = $1', [id, hash]);
}

export async function countAdministrators(db: Db): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE loaitaikhoan = 'nguoidung'`);
  return rows[0].n;
}

/** An account row for the management screen. */
export interface AccountRow extends UserRow {
  created_at: Date;
}

/** Accounts of an administrator (optionally only those in some areas), name order, with a total. */
export async function listAccounts(
  db: Db,
  f: { adminId: string; areaIds: string[] | null; search?: string; offset: number; limit: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = ['u.admin_id = $1', 'u.deleted_at IS NULL', 'NOT u.api_key'];
  const params: unknown[] = [f.adminId];
  if (f.areaIds) {
    params.push(f.areaIds);
    where.push(`u.area_id = ANY($${params.length}::text[])`);
  }
  if (f.search) {
    // Accents and case aside: "can bo" finds "Cán bộ".
    params.push(foldedLikePattern(f.search));
    const n = `$${params.length}`;
    where.push(`(${foldedSql('u.tentaikhoan')} LIKE ${n} OR ${foldedSql('u.hoten')} LIKE ${n} OR ${foldedSql('u.email')} LIKE ${n})`);
  }
  return pageWithTotal<AccountRow>(
    db, `${SELECT_USER.replace('u.must_change_password', 'u.must_change_password, u.created_at')} WHERE ${where.join(' AND ')}`,
    params, 'lower(u.tentaikhoan)', f.limit, f.offset,
  );
}

/** A live (not deleted) account with its creation time. */
export async function findAccount(db: Db, id: string): Promise<AccountRow | null> {
  const rows = await db.query<AccountRow>(
    `${SELECT_USER.replace('u.must_change_password', 'u.must_change_password, u.created_at')} WHERE u.id = $1 AND u.deleted_at IS NULL AND NOT u.api_key`,
    [id],
  );
  return rows[0] ?? null;
}

export async function updateAccount(
  db: Db,
  id: string,
  a: { hoten: string; email: string; sdt: string; loaitaikhoan: string; quyenhan: string[]; areaId: string | null },
): Promise<void> {
  await db.query(
    `UPDATE users SET hoten = $2, email = $3, sdt = $4, loaitaikhoan = $5, quyenhan = $6::jsonb, area_id = $7,
            email_verified = CASE WHEN email = $3 THEN email_verified ELSE false END, updated_at = now()
      WHERE id = $1`,
    [id, a.hoten, a.email, a.sdt, a.loaitaikhoan, JSON.stringify(a.quyenhan), a.areaId],
  );
}

export async function setLocked(db: Db, id: string, locked: boolean): Promise<void> {
  await db.query('UPDATE users SET locked = $2, updated_at = now() WHERE id = $1', [id, locked]);
}

/**
 * Deletes an account but keeps its row, so broadcasts and the log still name their author: the
 * login name is freed, the password and area are cleared and it can never sign in again.
 */
export async function softDeleteAccount(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE users SET deleted_at = now(), locked = true, password_hash = '', area_id = NULL,
            tentaikhoan = tentaikhoan || '#xoa#' || id, updated_at = now()
      WHERE id = $1`,
    [id],
  );
}

/** Sets a password chosen by an administrator; the user must change it at the next sign-in. */
export async function setResetPassword(db: Db, id: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, must_change_password = true, updated_at = now() WHERE id = $1', [id, hash]);
}

/** Active accounts of an administrator that can still manage accounts as administrators. */
export async function countManagingAdministrators(db: Db, adminId: string, exceptId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM users
      WHERE admin_id = $1 AND id <> $2 AND deleted_at IS NULL AND NOT locked
        AND loaitaikhoan = 'nguoidung' AND quyenhan @> '["quanlytaikhoan"]'::jsonb`,
    [adminId, exceptId],
  );
  return rows[0].n;
}

/** Signs every login of an account out (but `keepDeviceId`, the caller's own); answers the login-device ids that were live. */
export async function signOutEverywhere(db: Db, userId: string, keepDeviceId?: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE login_devices SET status = 'logout', refresh_hash = ''
      WHERE user_id = $1 AND status = 'login' AND ($2::text IS NULL OR id <> $2) RETURNING id`,
    [userId, keepDeviceId ?? null],
  );
  return rows.map((r) => r.id);
}

export async function setEmailVerified(db: Db, id: string, email: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('UPDATE users SET email_verified = true WHERE id = $1 AND email = $2 AND deleted_at IS NULL RETURNING id', [id, email]);
  return rows.length > 0;
}
