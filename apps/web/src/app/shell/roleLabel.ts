import { ADMIN_ACCOUNT_TYPE } from '@loa/contract';
import type { MessageId } from '../../i18n/vi';

/** Spec §6: account type 'nguoidung' is labelled administrator (with a badge); anything else is a user. */
export function roleOf(loaitaikhoan: string): { labelId: MessageId; isAdmin: boolean } {
  const isAdmin = loaitaikhoan === ADMIN_ACCOUNT_TYPE;
  return { labelId: isAdmin ? 'role.admin' : 'role.user', isAdmin };
}
