import { MSG, changePasswordError, type ChangeInfoBody, type ChangePasswordBody, type User } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { badRequest } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { writeSystemLog } from '../system-log/systemLog.service';
import { findUserById, signOutEverywhere, updatePasswordHash, updateProfile } from './accounts.queries';
import { buildUserView } from './userView';

/** The signed-in user's own information (GET /v1/client/nguoidung/laythongtin). */
export async function getOwnProfile(db: Db, session: Session): Promise<User> {
  return buildUserView(db, session.user, session.deviceId);
}

/** Updates full name, email and phone; a changed email is no longer verified. */
export async function changeOwnInfo(db: Db, session: Session, body: ChangeInfoBody): Promise<User> {
  const before = session.user;
  await db.transaction(async (tx) => {
    await updateProfile(tx, before.id, body);
    const changed = (['hoten', 'email', 'sdt'] as const).filter((k) => before[k] !== body[k]);
    await writeSystemLog(tx, session.actor, { action: 'thay-doi-thong-tin', targetType: 'taikhoan', targetId: before.id, detail: { truong: changed } });
  });
  const after = await findUserById(db, before.id);
  return buildUserView(db, after ?? before, session.deviceId);
}

/**
 * Changes the password: the §5 checks in order, then the current password. Every other login of
 * the account ends at once (its sockets are told and cut), so a changed password really locks
 * out whoever else knew the old one; the login that changed it stays.
 */
export async function changeOwnPassword(deps: { db: Db; bus: DomainBus }, session: Session, body: ChangePasswordBody): Promise<void> {
  const { db } = deps;
  const invalid = changePasswordError(body);
  if (invalid) throw badRequest(invalid);
  if (!(await verifyPassword(body.matkhauHientai, session.user.password_hash))) {
    await writeSystemLog(db, session.actor, { action: 'doi-mat-khau', targetType: 'taikhoan', targetId: session.user.id, outcome: 'failed' });
    throw badRequest(MSG.currentPasswordWrong);
  }
  if (body.matkhaumoi === body.matkhauHientai) throw badRequest(MSG.newPasswordSameAsCurrent);
  const hash = await hashPassword(body.matkhaumoi);
  const revoked = await db.transaction(async (tx) => {
    await updatePasswordHash(tx, session.user.id, hash);
    const others = await signOutEverywhere(tx, session.user.id, session.deviceId);
    await writeSystemLog(tx, session.actor, { action: 'doi-mat-khau', targetType: 'taikhoan', targetId: session.user.id, detail: { dangxuat: others.length } });
    return others;
  });
  for (const deviceId of revoked) deps.bus.emit('login.revoked', { userId: session.user.id, deviceId });
}
