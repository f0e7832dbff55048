import type { LiveBroadcast } from '@loa/contract';

/** A running broadcast for tests. */
export function makeLive(overrides: Partial<LiveBroadcast> = {}): LiveBroadcast {
  return {
    idlichphat: 'lp-1',
    type: 'phatngay',
    nguonphat: { tenchuongtrinh: 'Thông báo phòng chống bão số 3', nguoitao: { _id: 'u-1', hoten: 'Nguyễn Văn An' }, diabanphat: [{ _id: 'xa-1', tendiaban: 'Xã Tân Lập' }], kieulaplai: 0, solanlaplai: 1 },
    nguondangphat: 'ban-tin-bao.mp3',
    nguoncho: ['VOV1'],
    nguoitao: 'u-1',
    idAdmin: 'admin-1',
    iddiaban: { tendiaban: 'Xã Tân Lập' },
    chophatlai: false,
    thoigianchophatlai: null,
    kieulaplai: 0,
    solanlaplai: 1,
    thoigianketthuc: Date.now() + 90_000,
    thoiluong: 120,
    loaibantin: 2,
    uutien: 1,
    sothietbi: 3,
    ...overrides,
  };
}
