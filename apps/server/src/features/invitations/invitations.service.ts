import crypto from 'node:crypto';
import { ACCOUNT_MESSAGES, type Invitation, type InvitationAcceptBody, type InvitationCreateBody } from '@loa/contract';
import type { z } from 'zod';
import type { invitationPreviewSchema } from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, notFound } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { actorOf } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { findUserById } from '../accounts/accounts.queries';
import { insertNewAccount } from '../accounts/accountsAdmin.service';
import { checkAccountArea, checkAccountType, checkGrantedRights, managerScope, refusalError, refusalToActOn } from '../accounts/accountRules';
import { toRightEntries } from '../accounts/accountView';
import type { Mailer } from '../mail/mailer';
import { hashLinkToken, newLinkToken } from '../mail/linkTokens';
import { writeSystemLog } from '../system-log/systemLog.service';
import * as q from './invitations.queries';

export interface InvitationContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  ttlHours: number;
}

const toInvitation = (r: q.InvitationRow): Invitation => ({
  _id: r.id,
  email: r.email,
  hoten: r.hoten,
  loaitaikhoan: r.loaitaikhoan,
  quyenhan: toRightEntries(r.quyenhan),
  diaban: r.area_id ? { _id: r.area_id, tendiaban: r.area_name ?? '' } : null,
  nguoimoi: r.inviter_name ?? '',
  trangthai: r.status === 'cho' && r.expires_at.getTime() < Date.now() ? 'hethan' : r.status,
  hethan: r.expires_at.toISOString(),
  ngaytao: r.created_at.toISOString(),
});

const vnDate = (d: Date) => d.toLocaleString('vi-VN', { timeZone: 'Asia/Ho_Chi_Minh' });

/**
 * Invites a person by e-mail: rights, type and area are fixed now (with the same checks as a new
 * account); the mail carries a one-time link to /loi-moi. Right: quanlytaikhoan.
 */
export async function createInvitation(ctx: InvitationContext, session: Session, body: InvitationCreateBody): Promise<Invitation> {
  const { db } = ctx;
  requireRight(session, 'quanlytaikhoan');
  checkAccountType(session, body.loaitaikhoan);
  const quyenhan = checkGrantedRights(session, body.quyenhan);
  const areaId = await checkAccountArea(db, session, body.diaban);
  const { token, hash } = newLinkToken();
  const id = crypto.randomUUID();
  await q.insertInvitation(db, {
    id, adminId: session.user.admin_id, invitedBy: session.user.id, tokenHash: hash, email: body.email, hoten: body.hoten,
    loaitaikhoan: body.loaitaikhoan, quyenhan, areaId, ttlHours: ctx.ttlHours,
  });
  const invitation = (await q.findInvitation(db, id))!;
  const link = `${ctx.publicUrl}/loi-moi?token=${token}`;
  try {
    await ctx.mailer.send({
      to: body.email, adminId: session.user.admin_id, concerns: { loai: 'loimoi', id },
      subject: 'Lời mời tham gia hệ thống truyền thanh Loa',
      text: [
        `Xin chào${body.hoten ? ` ${body.hoten}` : ''},`, '',
        `${session.user.hoten} mời bạn sử dụng hệ thống truyền thanh Loa${invitation.area_name ? ` (địa bàn ${invitation.area_name})` : ''}.`,
        'Mở liên kết sau để chọn tên tài khoản và mật khẩu:', link, '',
        `Liên kết chỉ dùng được một lần, hết hạn lúc ${vnDate(invitation.expires_at)}.`,
      ].join('\n'),
    });
  } catch {
    await q.deleteInvitation(db, id);
    throw new AppError(500, ACCOUNT_MESSAGES.mailSendFailed);
  }
  await writeSystemLog(db, session.actor, { action: 'moi-tai-khoan', targetType: 'loimoi', targetId: id, areaId, detail: { email: body.email, quyenhan } });
  return toInvitation(invitation);
}

/** Invitations the caller may act on (refusalToActOn: administrator, area, type and rights). Right: quanlytaikhoan. */
export async function listInvitations(db: Db, session: Session): Promise<Invitation[]> {
  requireRight(session, 'quanlytaikhoan');
  const scope = await managerScope(db, session.user);
  const rows = await q.listInvitations(db, session.user.admin_id, scope ? [...scope] : null);
  return rows.filter((r) => refusalToActOn(session.user, scope, r) === null).map(toInvitation);
}

/** Cancels a pending invitation the caller may act on: its link stops working. Right: quanlytaikhoan. */
export async function cancelInvitation(db: Db, session: Session, id: string): Promise<void> {
  requireRight(session, 'quanlytaikhoan');
  const invitation = await q.findInvitation(db, id);
  if (!invitation) throw notFound(ACCOUNT_MESSAGES.invitationInvalid);
  const reason = refusalToActOn(session.user, await managerScope(db, session.user), invitation);
  if (reason) throw refusalError(reason, ACCOUNT_MESSAGES.invitationInvalid);
  await db.transaction(async (tx) => {
    if (!(await q.closeInvitation(tx, id, 'huy'))) throw notFound(ACCOUNT_MESSAGES.invitationInvalid);
    await writeSystemLog(tx, session.actor, { action: 'huy-loi-moi', targetType: 'loimoi', targetId: id, areaId: invitation.area_id });
  });
}

async function openInvitation(db: Db, token: string): Promise<q.InvitationRow> {
  const invitation = await q.findOpenInvitationByToken(db, hashLinkToken(token));
  if (!invitation) throw notFound(ACCOUNT_MESSAGES.invitationInvalid);
  return invitation;
}

/** What the invited person sees on /loi-moi (no login). */
export async function previewInvitation(db: Db, token: string): Promise<z.infer<typeof invitationPreviewSchema>> {
  const i = await openInvitation(db, token);
  return { email: i.email, hoten: i.hoten, nguoimoi: i.inviter_name ?? '', tendiaban: i.area_name, hethan: i.expires_at.toISOString() };
}

/**
 * The invited person chooses a login name and password: the account is created under the inviting
 * administrator with the rights and area of the invitation, its e-mail already verified (the link
 * reached it). The link works once.
 */
export async function acceptInvitation(db: Db, body: InvitationAcceptBody, ip: string): Promise<{ tentaikhoan: string }> {
  const userId = await db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, body.token);
    if (!(await q.closeInvitation(tx, invitation.id, 'dadung'))) throw notFound(ACCOUNT_MESSAGES.invitationInvalid);
    const id = await insertNewAccount(tx, {
      tentaikhoan: body.tentaikhoan, matkhau: body.matkhau, hoten: body.hoten, email: invitation.email, sdt: body.sdt,
      loaitaikhoan: invitation.loaitaikhoan, quyenhan: invitation.quyenhan, areaId: invitation.area_id, adminId: invitation.admin_id, emailVerified: true,
    });
    await tx.query('UPDATE invitations SET used_by = $2 WHERE id = $1', [invitation.id, id]);
    const created = (await findUserById(tx, id))!;
    await writeSystemLog(tx, actorOf(created, ip), { action: 'nhan-loi-moi', targetType: 'taikhoan', targetId: id, detail: { tentaikhoan: created.tentaikhoan } });
    return id;
  });
  const user = (await findUserById(db, userId))!;
  return { tentaikhoan: user.tentaikhoan };
}
