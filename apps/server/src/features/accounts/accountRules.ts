import { ACCOUNT_MESSAGES, ADMIN_ACCOUNT_TYPE, MSG, RIGHTS } from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, notFound, outOfScope, refusedRight, type AppError } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { areaScope } from '../areas/areas.service';
import { listAreasInScope } from '../areas/areas.queries';
import { countManagingAdministrators, findAccount, type AccountRow, type UserRow } from './accounts.queries';

const knownRights = new Set<string>(RIGHTS.map((r) => r.value));
export const isAdministrator = (u: { loaitaikhoan: string }) => u.loaitaikhoan === ADMIN_ACCOUNT_TYPE;
const managesAccounts = (u: { loaitaikhoan: string; quyenhan: string[]; locked: boolean }) =>
  isAdministrator(u) && !u.locked && u.quyenhan.includes('quanlytaikhoan');

/** What an account action is about: an account, or an invitation (the account it will become). */
export interface AccountTarget {
  admin_id: string;
  area_id: string | null;
  loaitaikhoan: string;
  quyenhan: string[];
}

/** The area ids a manager covers: null when the account has no area (its whole administrator). */
export async function managerScope(db: Db, manager: UserRow): Promise<Set<string> | null> {
  if (!manager.area_id) return null;
  return new Set((await listAreasInScope(db, manager.admin_id, manager.area_id)).map((a) => a.id));
}

/**
 * The one rule of account management (spec §6, hardening #15): a manager may act on an account,
 * or on an invitation, or read a mail about either, only when it holds quanlytaikhoan, the target
 * belongs to the same administrator, lies in the manager's area scope (a manager with an area
 * never reaches an account without one), is an administrator account only for an administrator,
 * and holds no right the manager lacks. Without the last check a manager could reset the password
 * of a wider account and sign in as it. Answers why not, or null when it may.
 */
export function refusalToActOn(manager: UserRow, scope: Set<string> | null, target: AccountTarget): 'unknown' | 'forbidden' | 'adminOnly' | 'widerRights' | null {
  if (manager.locked || !manager.quyenhan.includes('quanlytaikhoan')) return 'forbidden';
  if (target.admin_id !== manager.admin_id) return 'unknown';
  if (scope && !(target.area_id && scope.has(target.area_id))) return 'unknown';
  if (isAdministrator(target) && !isAdministrator(manager)) return 'adminOnly';
  if (target.quyenhan.some((r) => !manager.quyenhan.includes(r))) return 'widerRights';
  return null;
}

/** The refusal as the error to answer; `unknownMessage` names the kind of target (account, invitation, mail). */
export function refusalError(reason: NonNullable<ReturnType<typeof refusalToActOn>>, unknownMessage: string): AppError {
  if (reason === 'unknown') return outOfScope(unknownMessage);
  if (reason === 'adminOnly') return refusedRight(ACCOUNT_MESSAGES.adminOnly);
  if (reason === 'widerRights') return refusedRight(MSG.accountWiderRights);
  return refusedRight(MSG.forbidden);
}

/**
 * Checks the rights to grant: every one must exist and be held by the caller (nobody hands out
 * more than they have). Answers them without duplicates, in the order of RIGHTS.
 */
export function checkGrantedRights(session: Session, wanted: string[]): string[] {
  const unique = [...new Set(wanted)];
  if (unique.some((r) => !knownRights.has(r))) throw badRequest(ACCOUNT_MESSAGES.rightUnknown);
  if (unique.some((r) => !session.user.quyenhan.includes(r))) throw refusedRight(ACCOUNT_MESSAGES.rightNotHeld);
  return RIGHTS.map((r) => r.value).filter((r) => unique.includes(r));
}

/** The area of a new or edited account: in the caller's scope; a scoped caller cannot make an unscoped account. */
export async function checkAccountArea(db: Db, session: Session, areaId: string | null): Promise<string | null> {
  if (!areaId) {
    if (session.user.area_id) throw badRequest(ACCOUNT_MESSAGES.areaRequired);
    return null;
  }
  const scope = await areaScope(db, session);
  if (!scope.ids.has(areaId)) throw outOfScope(ACCOUNT_MESSAGES.areaUnknown);
  return areaId;
}

/** Only administrators create or touch administrator accounts. */
export function checkAccountType(session: Session, type: string): void {
  if (type === ADMIN_ACCOUNT_TYPE && !isAdministrator(session.user)) throw refusedRight(ACCOUNT_MESSAGES.adminOnly);
}

/** The account, if the caller may act on it (refusalToActOn); anything else is 404 or 403. */
export async function accountInScope(db: Db, session: Session, id: string): Promise<AccountRow> {
  const account = await findAccount(db, id);
  if (!account) throw notFound(ACCOUNT_MESSAGES.accountUnknown);
  const reason = refusalToActOn(session.user, await managerScope(db, session.user), account);
  if (reason) throw refusalError(reason, ACCOUNT_MESSAGES.accountUnknown);
  return account;
}

/**
 * Serialises the changes that could leave an administrator without an account manager: the
 * administrator's own row is locked until the transaction ends, so two administrators removing
 * each other's right (or locking, deleting each other) at the same instant take turns, and the
 * second sees the first one's change. Works alike on PGlite and PostgreSQL.
 */
export async function lockAccountsOf(tx: Db, adminId: string): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [adminId]);
}

/** Refuses a change that would leave the administrator's accounts with nobody to manage them (run under lockAccountsOf). */
export async function keepOneAdministrator(db: Db, before: AccountRow, after: { loaitaikhoan: string; quyenhan: string[]; locked: boolean }): Promise<void> {
  if (!managesAccounts(before) || managesAccounts(after)) return;
  if ((await countManagingAdministrators(db, before.admin_id, before.id)) === 0) throw badRequest(ACCOUNT_MESSAGES.lastAdministrator);
}

/** Locking or deleting: never oneself, never the administrator the others belong to. */
export function checkNotSelfOrOwner(session: Session, account: AccountRow): void {
  if (account.id === session.user.id) throw badRequest(ACCOUNT_MESSAGES.notOnSelf);
  if (account.id === account.admin_id) throw refusedRight(ACCOUNT_MESSAGES.ownerProtected);
}
