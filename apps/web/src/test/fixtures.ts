import type { LoginDevice, User } from '@loa/contract';

/** A login device entry for tests. */
export function makeDevice(overrides: Partial<LoginDevice> = {}): LoginDevice {
  return { DeviceID: 'dev-1', userId: 'u-1', TenThietBi: 'Chrome trên Windows', HoatDongLanCuoi: 1_763_700_000, DiaDiem: 'Asia/Ho_Chi_Minh', DiaChiIP: '10.0.0.1', status: 'login', ...overrides };
}

/** A logged-in user for tests. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    tentaikhoan: 'canbo.xa',
    hoten: 'Nguyễn Văn An',
    email: 'an@example.vn',
    sdt: '0912345678',
    diaban: { _id: 'a-1', tendiaban: 'Xã Tân Lập' },
    loaitaikhoan: 'nguoidung',
    quyenhan: [{ value: 'themsuaxoalichphat', quyen: 'Soạn, sửa, xoá và phát chương trình' }],
    trangthaixacthucemail: true,
    ThietbiDangnhap: [makeDevice()],
    idAdmin: 'admin-1',
    userID: 'u-1',
    DeviceID: 'dev-1',
    ...overrides,
  };
}

/** The overview's answer (GET /v1/client/tongquan), with `thietbi` counts replaced by `devices`. */
export function overviewAnswer(devices: Partial<{ tong: number; online: number; offline: number; dangphat: number }> = {}) {
  return {
    status: 200,
    body: { data: {
      taikhoan: { tong: 7, dangdangnhap: 2 }, diaban: { tong: 5, theocap: { xa: 1, thon: 4 } }, thietbi: { tong: 9, online: 6, offline: 3, dangphat: 2, ...devices },
      nhatky: { homnay: 13 }, thietbitheodiaban: [], phathomnay: { tong: 0, theoloai: {} }, phattuannay: { tong: 0, theoloai: {} }, lichsapden: [], suco: [],
    } },
  };
}
