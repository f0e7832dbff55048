import type { LiveBroadcast, User } from '@loa/contract';
import { hasRight } from '../../auth/useAuth';

/**
 * Whether the card shows Stop (spec §4, §6): an immediate broadcast only to its creator; a scheduled one
 * to its creator, or to a user with dungphatchuongtrinh under the same administrator.
 */
export function canStop(entry: Pick<LiveBroadcast, 'type' | 'nguoitao' | 'idAdmin'>, user: Pick<User, 'userID' | 'idAdmin' | 'quyenhan'>): boolean {
  const isCreator = entry.nguoitao === user.userID;
  if (entry.type === 'phatngay') return isCreator;
  return isCreator || (hasRight(user, 'dungphatchuongtrinh') && entry.idAdmin === user.idAdmin);
}
