import crypto from 'node:crypto';
import { SERVER_ACTOR } from '@loa/contract';
import type { Db } from '../infra/db';
import { hashPassword } from '../features/auth/password';
import { findUserByLoginName, setLocked, setResetPassword, signOutEverywhere } from '../features/accounts/accounts.queries';
import { writeSystemLog } from '../features/system-log/systemLog.service';
import { OpsError } from './tools';

/**
 * Recovers a lost administrator password from the server's own machine (`npm run
 * reset-admin-password`): a new password (the one given, else a generated one shown once) that must
 * be changed at the next sign-in; the account is unlocked, its sign-in lockout cleared and every
 * login of it ended. Logged in the system log as done from the server.
 */
export async function resetAdminPassword(db: Db, loginName: string, password?: string): Promise<{ password: string; generated: boolean }> {
  const chosen = password || crypto.randomBytes(9).toString('base64url');
  if (chosen.length < 8) throw new OpsError('Mật khẩu mới phải có ít nhất 8 ký tự / the new password needs at least 8 characters');
  const hash = await hashPassword(chosen);
  await db.transaction(async (tx) => {
    const user = await findUserByLoginName(tx, loginName);
    if (!user) throw new OpsError(`Không có tài khoản "${loginName}" / no account named "${loginName}"`);
    await setResetPassword(tx, user.id, hash);
    await setLocked(tx, user.id, false);
    await tx.query(`DELETE FROM login_throttle WHERE lower(split_part(login_name, '#', 1)) = lower($1)`, [user.tentaikhoan]);
    await signOutEverywhere(tx, user.id);
    await writeSystemLog(tx, { userId: null, tentaikhoan: SERVER_ACTOR.commandLine, adminId: user.admin_id, ip: SERVER_ACTOR.ip }, {
      action: 'dat-lai-mat-khau', targetType: 'taikhoan', targetId: user.id, targetName: user.tentaikhoan, areaId: user.area_id ?? undefined, detail: { nguon: 'npm run reset-admin-password' },
    });
  });
  return { password: chosen, generated: !password };
}
