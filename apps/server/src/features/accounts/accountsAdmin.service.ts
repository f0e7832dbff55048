import crypto from 'node:crypto';
import { ACCOUNT_MESSAGES, MSG, type Account, type AccountCreateBody, type AccountUpdateBody } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { conflict, forbidden } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { hashPassword } from '../auth/password';
import { requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import { writeSystemLog } from '../system-log/systemLog.service';
import * as q from './accounts.queries';
import { toAccount } from './accountView';
import {
  accountInScope, checkAccountArea, checkAccountType, checkGrantedRights, checkNotSelfOrOwner, keepOneAdministrator, lockAccountsOf,
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
  const id = await db.transaction(async (tx) => {
    const created = await insertNewAccount(tx, { ...body, quyenhan, areaId, adminId: session.user.admin_id });
    await writeSystemLog(tx, session.actor, {
      action: 'them-tai-khoan', targetType: 'taikhoan', targetId: created, areaId, detail: { tentaikhoan: body.tentaikhoan, loaitaikhoan: body.loaitaikhoan, quyenhan },
    });
    return created;
  });
  return reload(db, id);
}

/**
 * Runs one action on a managed account inside a transaction that holds the administrator's account
 * lock (lockAccountsOf): the caller is read again under the lock (a right removed a moment ago no
 * longer counts), the target must pass refusalToActOn, and the logins to end are signed out once
 * the change is committed. Every action on an existing account goes through here.
 */
async function actOnAccount<R>(
  ctx: AccountContext,
  id: string,
  act: (tx: Db, manager: Session, account: q.AccountRow, signOut: (userId: string, keepDeviceId?: string) => Promise<void>) => Promise<R>,
  /** Told to the account's own consoles once committed, before its logins are cut (so a lock says why). */
  changed?: 'capnhat' | 'khoa',
): Promise<R> {
  requireRight(ctx.session, 'quanlytaikhoan');
  const revoked: { userId: string; deviceId: string }[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    await lockAccountsOf(tx, ctx.session.user.admin_id);
    const fresh = await q.findAccount(tx, ctx.session.user.id);
    if (!fresh) throw forbidden(MSG.forbidden);
    const manager: Session = { ...ctx.session, user: fresh };
    const account = await accountInScope(tx, manager, id);
    const signOut = async (userId: string, keepDeviceId?: string) => {
      for (const deviceId of await q.signOutEverywhere(tx, userId, keepDeviceId)) revoked.push({ userId, deviceId });
    };
    return act(tx, manager, account, signOut);
  });
  if (changed) ctx.bus.emit('account.changed', { userId: id, lydo: changed });
  for (const r of revoked) ctx.bus.emit('login.revoked', r);
  return result;
}

/** Edits name, contact, type, rights and area; refuses to leave nobody to manage the accounts. */
export async function updateAccount(ctx: AccountContext, body: AccountUpdateBody): Promise<Account> {
  const id = await actOnAccount(ctx, body.id, async (tx, manager, account) => {
    if (body.loaitaikhoan !== account.loaitaikhoan) checkAccountType(manager, body.loaitaikhoan);
    const quyenhan = checkGrantedRights(manager, body.quyenhan);
    const areaId = body.diaban === account.area_id ? account.area_id : await checkAccountArea(tx, manager, body.diaban);
    await keepOneAdministrator(tx, account, { loaitaikhoan: body.loaitaikhoan, quyenhan, locked: account.locked });
    await q.updateAccount(tx, account.id, { hoten: body.hoten, email: body.email, sdt: body.sdt, loaitaikhoan: body.loaitaikhoan, quyenhan, areaId });
    const changed = (['hoten', 'email', 'sdt', 'loaitaikhoan'] as const).filter((k) => account[k] !== body[k]);
    if (JSON.stringify(account.quyenhan) !== JSON.stringify(quyenhan)) changed.push('quyenhan' as never);
    if (account.area_id !== areaId) changed.push('diaban' as never);
    await writeSystemLog(tx, manager.actor, { action: 'sua-tai-khoan', targetType: 'taikhoan', targetId: account.id, areaId, detail: { truong: changed, quyenhan } });
    return account.id;
  }, 'capnhat');
  return reload(ctx.db, id);
}

/** Locks (every login is signed out at once) or unlocks an account. */
export async function setAccountLocked(ctx: AccountContext, id: string, locked: boolean): Promise<Account> {
  await actOnAccount(ctx, id, async (tx, manager, account, signOut) => {
    checkNotSelfOrOwner(manager, account);
    if (locked) await keepOneAdministrator(tx, account, { ...account, locked: true });
    await q.setLocked(tx, id, locked);
    if (locked) await signOut(id);
    await writeSystemLog(tx, manager.actor, { action: locked ? 'khoa-tai-khoan' : 'mo-khoa-tai-khoan', targetType: 'taikhoan', targetId: id, areaId: account.area_id });
  }, locked ? 'khoa' : undefined);
  return reload(ctx.db, id);
}

/** Deletes an account (its history stays); its logins end at once. */
export async function deleteAccount(ctx: AccountContext, id: string): Promise<void> {
  await actOnAccount(ctx, id, async (tx, manager, account, signOut) => {
    checkNotSelfOrOwner(manager, account);
    await keepOneAdministrator(tx, account, { ...account, locked: true });
    await signOut(id);
    await q.softDeleteAccount(tx, id);
    await writeSystemLog(tx, manager.actor, { action: 'xoa-tai-khoan', targetType: 'taikhoan', targetId: id, targetName: account.tentaikhoan, areaId: account.area_id, detail: { tentaikhoan: account.tentaikhoan } });
  });
}

/**
 * Resets a password (to the one given, or a generated one answered once). The user is signed out
 * (on one's own account, every other login) and must change it at the next sign-in.
 */
export async function resetAccountPassword(ctx: AccountContext, id: string, password?: string): Promise<{ matkhautam: string }> {
  const matkhautam = password ?? crypto.randomBytes(9).toString('base64url');
  // Hashed before the lock is taken: it is slow, and needs nothing from the database.
  const hash = await hashPassword(matkhautam);
  await actOnAccount(ctx, id, async (tx, manager, account, signOut) => {
    await q.setResetPassword(tx, id, hash);
    await signOut(id, account.id === manager.user.id ? manager.deviceId : undefined);
    await writeSystemLog(tx, manager.actor, { action: 'dat-lai-mat-khau', targetType: 'taikhoan', targetId: id, areaId: account.area_id });
  });
  return { matkhautam };
}
