import { RIGHTS, type LoginDevice, type User } from '@loa/contract';
import type { Db } from '../../infra/db';
import { listLoginDevices, type LoginDeviceRow } from '../auth/auth.queries';
import type { UserRow } from './accounts.queries';

const rightLabels = new Map<string, string>(RIGHTS.map((r) => [r.value, r.quyen]));

/** A login-device row as the console shows it; an expired login reads as signed out. */
export function toLoginDevice(row: LoginDeviceRow): LoginDevice {
  const expired = row.expires_at.getTime() < Date.now();
  return {
    DeviceID: row.id,
    userId: row.user_id,
    TenThietBi: row.name,
    HoatDongLanCuoi: Math.floor(row.last_active_at.getTime() / 1000),
    DiaDiem: row.place,
    DiaChiIP: row.ip,
    status: row.status === 'login' && !expired ? 'login' : 'logout',
  };
}

/** Builds the user of spec §3 that the console keeps, with its login devices. */
export async function buildUserView(db: Db, user: UserRow, deviceId: string): Promise<User> {
  const devices = await listLoginDevices(db, user.id);
  return {
    tentaikhoan: user.tentaikhoan,
    hoten: user.hoten,
    email: user.email,
    sdt: user.sdt,
    diaban: user.area_id ? { _id: user.area_id, tendiaban: user.area_name ?? '' } : null,
    loaitaikhoan: user.loaitaikhoan,
    quyenhan: user.quyenhan.map((value) => ({ value, quyen: rightLabels.get(value) ?? value })),
    trangthaixacthucemail: user.email_verified,
    ThietbiDangnhap: devices.map(toLoginDevice),
    idAdmin: user.admin_id,
    userID: user.id,
    DeviceID: deviceId,
    doimatkhau: user.must_change_password,
  };
}
