import { ACCOUNT_TYPE_LABELS, ADMIN_ACCOUNT_TYPE, RIGHTS, type Account, type RightEntry } from '@loa/contract';
import type { AccountRow } from './accounts.queries';

const rightLabels = new Map<string, string>(RIGHTS.map((r) => [r.value, r.quyen]));

/** Rights as value and label (spec §3 quyenhan). */
export const toRightEntries = (values: string[]): RightEntry[] => values.map((value) => ({ value, quyen: rightLabels.get(value) ?? value }));

/** §6: 'nguoidung' is labelled administrator, any other value user. */
export const accountTypeLabel = (type: string): string => (type === ADMIN_ACCOUNT_TYPE ? ACCOUNT_TYPE_LABELS.admin : ACCOUNT_TYPE_LABELS.user);

/** An account as the management screen lists it (never its password hash). */
export function toAccount(row: AccountRow): Account {
  return {
    _id: row.id,
    tentaikhoan: row.tentaikhoan,
    hoten: row.hoten,
    email: row.email,
    sdt: row.sdt,
    diaban: row.area_id ? { _id: row.area_id, tendiaban: row.area_name ?? '' } : null,
    loaitaikhoan: row.loaitaikhoan,
    tenloaitaikhoan: accountTypeLabel(row.loaitaikhoan),
    quyenhan: toRightEntries(row.quyenhan),
    trangthaixacthucemail: row.email_verified,
    khoa: row.locked,
    doimatkhau: row.must_change_password,
    idAdmin: row.admin_id,
    ngaytao: row.created_at.toISOString(),
  };
}
