import type { Db } from '../../infra/db';

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
