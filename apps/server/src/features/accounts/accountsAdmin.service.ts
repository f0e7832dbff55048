import crypto from 'node:crypto';
import { ACCOUNT_MESSAGES, type Account, type AccountCreateBody, type AccountUpdateBody } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { conflict } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import { requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import { writeSystemLog } from '../system-log/systemLog.service';
import * as q from './accounts.queries';
import { toAccount } from './accountView';
import {
  accountInScope, checkAccountArea, checkAccountType, checkGrantedRights, checkNotSelfOrOwner, keepOneAdministrator,
} from './accountRules';

export interface AccountContext {
  db: Db;
  bus: DomainBus;
  session: Session;
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

async function reload(db: Db, id: string): Promise<Account> {
  return toAccount((await q.findAccount(db, id))!);
}

/** Accounts under the caller's administrator (and area). Right: quanlytaikhoan. */
export async function listManagedAccounts(ctx: AccountContext, query: { tim?: string; trang: number; sodong: number }): Promise<{ items: Account[]; total: number }> {
  requireRight(ctx.session, 'quanlytaikhoan');
  const areaIds = ctx.session.user.area_id ? [...(await areaScope(ctx.db, ctx.session)).ids] : null;
  const { rows, total } = await q.listAccounts(ctx.db, {
    adminId: ctx.session.user.admin_id, areaIds, search: query.tim || undefined, offset: (query.trang - 1) * query.sodong, limit: query.sodong,
  });
  return { items: rows.map(toAccount), total };
}

export interface NewAccount {
  tentaikhoan: string;
  matkhau: string;
  hoten: string;
  email: string;
  sdt: string;
  loaitaikhoan: string;
  quyenhan: string[];
  areaId: string | null;
  adminId: string;
  emailVerified?: boolean;
}

/** Inserts an already checked account; a login name taken (in any letter case) is a 409. */
export async function insertNewAccount(db: Db, a: NewAccount): Promise<string> {
  if (await q.findUserByLoginName(db, a.tentaikhoan)) throw conflict(ACCOUNT_MESSAGES.loginNameTaken);
  const id = crypto.randomUUID();
  try {
    await q.insertUser(db, {
      id, tentaikhoan: a.tentaikhoan, passwordHash: await hashPassword(a.matkhau), hoten: a.hoten, email: a.email, sdt: a.sdt,
      loaitaikhoan: a.loaitaikhoan, quyenhan: a.quyenhan, areaId: a.areaId, adminId: a.adminId,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(ACCOUNT_MESSAGES.loginNameTaken);
    throw e;
  }
  if (a.emailVerified) await q.setEmailVerified(db, id, a.email);
  return id;
}

/** Creates an account under the caller's administrator with an area and rights (all checked). */
export async function createAccount(ctx: AccountContext, body: AccountCreateBody): Promise<Account> {
  const { db, session } = ctx;
  requireRight(session, 'quanlytaikhoan');
  checkAccountType(session, body.loaitaikhoan);
  const quyenhan = checkGrantedRights(session, body.quyenhan);
  const areaId = await checkAccountArea(db, session, body.diaban);
  const id = await insertNewAccount(db, { ...body, quyenhan, areaId, adminId: session.user.admin_id });
  await writeSystemLog(db, session.actor, {
    action: 'them-tai-khoan', targetType: 'taikhoan', targetId: id, areaId, detail: { tentaikhoan: body.tentaikhoan, loaitaikhoan: body.loaitaikhoan, quyenhan },
  });
  return reload(db, id);
}

/** Edits name, contact, type, rights and area; refuses to leave nobody to manage the accounts. */
export async function updateAccount(ctx: AccountContext, body: AccountUpdateBody): Promise<Account> {
  const { db, session } = ctx;
  requireRight(session, 'quanlytaikhoan');
  const account = await accountInScope(db, session, body.id);
  if (body.loaitaikhoan !== account.loaitaikhoan) checkAccountType(session, body.loaitaikhoan);
  const quyenhan = checkGrantedRights(session, body.quyenhan, account.quyenhan);
  const areaId = body.diaban === account.area_id ? account.area_id : await checkAccountArea(db, session, body.diaban);
  await keepOneAdministrator(db, account, { loaitaikhoan: body.loaitaikhoan, quyenhan, locked: account.locked });
  await q.updateAccount(db, account.id, { hoten: body.hoten, email: body.email, sdt: body.sdt, loaitaikhoan: body.loaitaikhoan, quyenhan, areaId });
  const changed = (['hoten', 'email', 'sdt', 'loaitaikhoan'] as const).filter((k) => account[k] !== body[k]);
  if (JSON.stringify(account.quyenhan) !== JSON.stringify(quyenhan)) changed.push('quyenhan' as never);
  if (account.area_id !== areaId) changed.push('diaban' as never);
  await writeSystemLog(db, session.actor, { action: 'sua-tai-khoan', targetType: 'taikhoan', targetId: account.id, areaId, detail: { truong: changed, quyenhan } });
  return reload(db, account.id);
}

async function signOut(ctx: AccountContext, userId: string): Promise<void> {
  for (const deviceId of await q.signOutEverywhere(ctx.db, userId)) ctx.bus.emit('login.revoked', { userId, deviceId });
}

/** Locks (every login is signed out at once) or unlocks an account. */
export async function setAccountLocked(ctx: AccountContext, id: string, locked: boolean): Promise<Account> {
  const { db, session } = ctx;
  requireRight(session, 'quanlytaikhoan');
  const account = await accountInScope(db, session, id);
  checkNotSelfOrOwner(session, account);
  if (locked) await keepOneAdministrator(db, account, { ...account, locked: true });
  await q.setLocked(db, id, locked);
  if (locked) await signOut(ctx, id);
  await writeSystemLog(db, session.actor, { action: locked ? 'khoa-tai-khoan' : 'mo-khoa-tai-khoan', targetType: 'taikhoan', targetId: id, areaId: account.area_id });
  return reload(db, id);
}

/** Deletes an account (its history stays); its logins end at once. */
export async function deleteAccount(ctx: AccountContext, id: string): Promise<void> {
  const { db, session } = ctx;
  requireRight(session, 'quanlytaikhoan');
  const account = await accountInScope(db, session, id);
  checkNotSelfOrOwner(session, account);
  await keepOneAdministrator(db, account, { ...account, locked: true });
  await signOut(ctx, id);
  await q.softDeleteAccount(db, id);
  await writeSystemLog(db, session.actor, { action: 'xoa-tai-khoan', targetType: 'taikhoan', targetId: id, areaId: account.area_id, detail: { tentaikhoan: account.tentaikhoan } });
}

/**
 * Resets a password (to the one given, or a generated one answered once). The user is signed out
 * and must change it at the next sign-in.
 */
export async function resetAccountPassword(ctx: AccountContext, id: string, password?: string): Promise<{ matkhautam: string }> {
  const { db, session } = ctx;
  requireRight(session, 'quanlytaikhoan');
  const account = await accountInScope(db, session, id);
  const matkhautam = password ?? crypto.randomBytes(9).toString('base64url');
  await q.setResetPassword(db, id, await hashPassword(matkhautam));
  if (account.id !== session.user.id) await signOut(ctx, id);
  await writeSystemLog(db, session.actor, { action: 'dat-lai-mat-khau', targetType: 'taikhoan', targetId: id, areaId: account.area_id });
  return { matkhautam };
}
