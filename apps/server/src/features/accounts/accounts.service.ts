import { MSG, changePasswordError, type ChangeInfoBody, type ChangePasswordBody, type User } from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../auth/password';
import { writeSystemLog } from '../system-log/systemLog.service';
import { findUserById, updatePasswordHash, updateProfile } from './accounts.queries';
import { buildUserView } from './userView';

/** The signed-in user's own information (GET /v1/client/nguoidung/laythongtin). */
export async function getOwnProfile(db: Db, session: Session): Promise<User> {
  return buildUserView(db, session.user, session.deviceId);
}

/** Updates full name, email and phone; a changed email is no longer verified. */
export async function changeOwnInfo(db: Db, session: Session, body: ChangeInfoBody): Promise<User> {
  const before = session.user;
  await updateProfile(db, before.id, body);
  const changed = (['hoten', 'email', 'sdt'] as const).filter((k) => before[k] !== body[k]);
  await writeSystemLog(db, session.actor, { action: 'thay-doi-thong-tin', targetType: 'taikhoan', targetId: before.id, detail: { truong: changed } });
  const after = await findUserById(db, before.id);
  return buildUserView(db, after ?? before, session.deviceId);
}

/** Changes the password: the §5 checks in order, then the current password. */
export async function changeOwnPassword(db: Db, session: Session, body: ChangePasswordBody): Promise<void> {
  const invalid = changePasswordError(body);
  if (invalid) throw badRequest(invalid);
  if (!(await verifyPassword(body.matkhauHientai, session.user.password_hash))) {
    await writeSystemLog(db, session.actor, { action: 'doi-mat-khau', targetType: 'taikhoan', targetId: session.user.id, outcome: 'failed' });
    throw badRequest(MSG.currentPasswordWrong);
  }
  if (body.matkhaumoi === body.matkhauHientai) throw badRequest(MSG.newPasswordSameAsCurrent);
  await updatePasswordHash(db, session.user.id, await hashPassword(body.matkhaumoi));
  await writeSystemLog(db, session.actor, { action: 'doi-mat-khau', targetType: 'taikhoan', targetId: session.user.id });
}
