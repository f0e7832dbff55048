import crypto from 'node:crypto';
import { ADMIN_ACCOUNT_TYPE, RIGHTS } from '@loa/contract';
import type { Db } from '../../infra/db';
import { hashPassword } from '../auth/password';
import { insertArea } from '../areas/areas.queries';
import { DEMO_AREAS, DEMO_PROVINCE } from '../areas/demoAreas';
import { findUserByLoginName, insertUser } from './accounts.queries';

export interface BootstrapResult {
  adminCreated: boolean;
  /** Set only when the password was generated: printed once, never stored in clear. */
  generatedPassword?: string;
  demoSeeded: boolean;
}

/**
 * On first start creates the administrator (ADMIN_USER with ADMIN_PASSWORD or a generated one)
 * and, with DEMO, one district and its communes. Safe to run on every start.
 */
export async function bootstrap(db: Db, opts: { adminUser: string; adminPassword?: string; demo: boolean }): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(7042002)');
    const result: BootstrapResult = { adminCreated: false, demoSeeded: false };
    let admin = await findUserByLoginName(tx, opts.adminUser);
    if (!admin) {
      const password = opts.adminPassword || crypto.randomBytes(9).toString('base64url');
      if (!opts.adminPassword) result.generatedPassword = password;
      const id = crypto.randomUUID();
      await insertUser(tx, {
        id, tentaikhoan: opts.adminUser, passwordHash: await hashPassword(password), hoten: 'Quản trị hệ thống',
        loaitaikhoan: ADMIN_ACCOUNT_TYPE, quyenhan: RIGHTS.map((r) => r.value), areaId: null, adminId: id,
      });
      result.adminCreated = true;
      admin = await findUserByLoginName(tx, opts.adminUser);
    }
    if (opts.demo && admin) {
      const existing = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM areas WHERE admin_id = $1', [admin.admin_id]);
      if (existing[0].n === 0) {
        const provinceId = crypto.randomUUID();
        await insertArea(tx, { id: provinceId, ten: DEMO_PROVINCE, cap: 'tinh', parentId: null, adminId: admin.admin_id });
        for (const district of DEMO_AREAS) {
          const districtId = crypto.randomUUID();
          await insertArea(tx, { id: districtId, ten: district.ten, cap: district.cap, parentId: provinceId, adminId: admin.admin_id });
          for (const commune of district.children ?? []) {
            await insertArea(tx, { id: crypto.randomUUID(), ten: commune.ten, cap: commune.cap, parentId: districtId, adminId: admin.admin_id });
          }
          if (!admin.area_id) await tx.query('UPDATE users SET area_id = $2 WHERE id = $1', [admin.id, districtId]);
        }
        // Relay channels an officer can pick at once (national and provincial radio streams).
        for (const [ten, url] of [
          ['VOV1 - Thời sự (Đài Tiếng nói Việt Nam)', 'https://str.vov.gov.vn/vovlive/vov1vov5Vietnamese.sdp_aac/playlist.m3u8'],
          ['Đài PT-TH Quảng Trị', 'https://live.qrtv.vn/radio/qrt.m3u8'],
        ]) {
          await tx.query('INSERT INTO channels (id, admin_id, ten, url) VALUES ($1, $2, $3, $4)', [crypto.randomUUID(), admin.admin_id, ten, url]);
        }
        result.demoSeeded = true;
      }
    }
    return result;
  });
}
