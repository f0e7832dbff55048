import { ACCOUNT_MESSAGES, type EmailVerificationSent } from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, badRequest } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { actorOf } from '../auth/auth.service';
import type { Mailer } from '../mail/mailer';
import { hashLinkToken, newLinkToken } from '../mail/linkTokens';
import { writeSystemLog } from '../system-log/systemLog.service';
import { findUserById, setEmailVerified } from './accounts.queries';

/**
 * Sends the signed-in user a one-time link to /xac-thuc-email for their current address, and says
 * what became of it: mailed, or (no SMTP) kept in the outbox that only account managers read.
 */
export async function sendEmailVerification(ctx: { db: Db; mailer: Mailer; publicUrl: string; ttlHours: number }, session: Session): Promise<EmailVerificationSent> {
  const { user } = session;
  if (!user.email) throw badRequest(ACCOUNT_MESSAGES.emailMissing);
  if (user.email_verified) throw badRequest(ACCOUNT_MESSAGES.emailAlreadyVerified);
  const { token, hash } = newLinkToken();
  await ctx.db.query(
    `INSERT INTO email_verifications (token_hash, user_id, email, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hash, user.id, user.email, ctx.ttlHours],
  );
  try {
    await ctx.mailer.send({
      to: user.email, adminId: user.admin_id, concerns: { loai: 'taikhoan', id: user.id }, subject: 'Xác thực email tài khoản Loa',
      text: [`Xin chào ${user.hoten},`, '', 'Mở liên kết sau để xác thực địa chỉ email của tài khoản', `${user.tentaikhoan}:`,
        `${ctx.publicUrl}/xac-thuc-email?token=${token}`, '', `Liên kết chỉ dùng được một lần, trong ${ctx.ttlHours} giờ.`].join('\n'),
    });
  } catch {
    throw new AppError(500, ACCOUNT_MESSAGES.mailSendFailed);
  }
  const cachgui = ctx.mailer.kind === 'smtp' ? 'smtp' : 'hopthu';
  await writeSystemLog(ctx.db, session.actor, { action: 'gui-xac-thuc-email', targetType: 'taikhoan', targetId: user.id, detail: { email: user.email, ketqua: cachgui === 'smtp' ? 'đã gửi qua SMTP' : 'lưu trong hộp thư gửi đi (chưa cấu hình SMTP)' } });
  return { cachgui };
}

/** Opens a verification link: the address is verified if it is still the account's address. Works once. */
export async function verifyEmail(db: Db, token: string, ip: string): Promise<{ email: string; trangthaixacthucemail: boolean }> {
  // The link is used, the address verified and the entry written together, or none of them.
  const email = await db.transaction(async (tx) => {
    const rows = await tx.query<{ user_id: string; email: string }>(
      `UPDATE email_verifications SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id, email`,
      [hashLinkToken(token)],
    );
    if (rows.length === 0 || !(await setEmailVerified(tx, rows[0].user_id, rows[0].email))) throw badRequest(ACCOUNT_MESSAGES.emailTokenInvalid);
    const user = await findUserById(tx, rows[0].user_id);
    if (user) await writeSystemLog(tx, actorOf(user, ip), { action: 'xac-thuc-email', targetType: 'taikhoan', targetId: user.id, detail: { email: rows[0].email } });
    return rows[0].email;
  });
  return { email, trangthaixacthucemail: true };
}
