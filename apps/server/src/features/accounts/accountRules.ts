import { ACCOUNT_MESSAGES, ADMIN_ACCOUNT_TYPE, RIGHTS } from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, forbidden, notFound } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { areaScope } from '../areas/areas.service';
import { countManagingAdministrators, findAccount, type AccountRow } from './accounts.queries';

const knownRights = new Set<string>(RIGHTS.map((r) => r.value));
export const isAdministrator = (u: { loaitaikhoan: string }) => u.loaitaikhoan === ADMIN_ACCOUNT_TYPE;
const managesAccounts = (u: { loaitaikhoan: string; quyenhan: string[]; locked: boolean }) =>
  isAdministrator(u) && !u.locked && u.quyenhan.includes('quanlytaikhoan');

/**
 * Checks the rights to grant: every one must exist, and a newly granted one must be held by the
 * caller (nobody hands out more than they have). Answers them without duplicates.
 */
export function checkGrantedRights(session: Session, wanted: string[], current: string[] = []): string[] {
  const unique = [...new Set(wanted)];
  if (unique.some((r) => !knownRights.has(r))) throw badRequest(ACCOUNT_MESSAGES.rightUnknown);
  const added = unique.filter((r) => !current.includes(r));
  if (added.some((r) => !session.user.quyenhan.includes(r))) throw forbidden(ACCOUNT_MESSAGES.rightNotHeld);
  return RIGHTS.map((r) => r.value).filter((r) => unique.includes(r));
}

/** The area of a new or edited account: in the caller's scope; a scoped caller cannot make an unscoped account. */
export async function checkAccountArea(db: Db, session: Session, areaId: string | null): Promise<string | null> {
  if (!areaId) {
    if (session.user.area_id) throw badRequest(ACCOUNT_MESSAGES.areaRequired);
    return null;
  }
  const scope = await areaScope(db, session);
  if (!scope.ids.has(areaId)) throw notFound(ACCOUNT_MESSAGES.areaUnknown);
  return areaId;
}

/** Only administrators create or touch administrator accounts. */
export function checkAccountType(session: Session, type: string): void {
  if (type === ADMIN_ACCOUNT_TYPE && !isAdministrator(session.user)) throw forbidden(ACCOUNT_MESSAGES.adminOnly);
}

/**
 * The account, if the caller may act on it: same administrator, inside the caller's area scope,
 * and an administrator account only for an administrator. Anything else is 404 (or 403).
 */
export async function accountInScope(db: Db, session: Session, id: string): Promise<AccountRow> {
  const account = await findAccount(db, id);
  if (!account || account.admin_id !== session.user.admin_id) throw notFound(ACCOUNT_MESSAGES.accountUnknown);
  if (session.user.area_id) {
    const scope = await areaScope(db, session);
    if (!account.area_id || !scope.ids.has(account.area_id)) throw notFound(ACCOUNT_MESSAGES.accountUnknown);
  }
  if (isAdministrator(account) && account.id !== session.user.id) checkAccountType(session, ADMIN_ACCOUNT_TYPE);
  return account;
}

/** Refuses a change that would leave the administrator's accounts with nobody to manage them. */
export async function keepOneAdministrator(db: Db, before: AccountRow, after: { loaitaikhoan: string; quyenhan: string[]; locked: boolean }): Promise<void> {
  if (!managesAccounts(before) || managesAccounts(after)) return;
  if ((await countManagingAdministrators(db, before.admin_id, before.id)) === 0) throw badRequest(ACCOUNT_MESSAGES.lastAdministrator);
}

/** Locking or deleting: never oneself, never the administrator the others belong to. */
export function checkNotSelfOrOwner(session: Session, account: AccountRow): void {
  if (account.id === session.user.id) throw badRequest(ACCOUNT_MESSAGES.notOnSelf);
  if (account.id === account.admin_id) throw forbidden(ACCOUNT_MESSAGES.ownerProtected);
}
