import { MSG, type RightValue } from '@loa/contract';
import { refusedRight } from '../../infra/errors';
import type { Session } from './auth.service';

/** Whether the account holds a right (spec §6: a check tests whether the list contains the value). */
export const hasRight = (session: Session, right: RightValue): boolean => session.user.quyenhan.includes(right);

/** Throws 403 unless the account holds the right. */
export function requireRight(session: Session, right: RightValue): void {
  if (!hasRight(session, right)) throw refusedRight(MSG.forbidden, right);
}
