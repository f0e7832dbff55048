import type { Programme, Schedule } from '@loa/contract';

/** A weekday-mornings schedule for tests. */
export function makeSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    _id: 'lp-1', tieude: 'Bản tin sáng', idchuongtrinh: null,
    nguonphat: [{ kieunguon: 'Tiếp Sóng', tenkenh: 'VOV1', url: 'http://radio/vov1', thoiluong: 300, thoigianBatdau: 300 }],
    thoiluong: 300, diabanchon: [{ _id: 'xa-1', tendiaban: 'Xã Tân Lập' }], thietbichon: ['tatca'], sothietbi: 2, loaibantin: 1, uutien: 0,
    chedophat: 'hangtuan', thutrongtuan: [1, 2, 3, 4, 5], ngaybatdau: '2025-11-01', ngayketthuc: null, giophat: ['06:00', '17:00'],
    hangthang: null, cacngay: [], solanphat: null, ngoaile: [], bongayle: false,
    kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1, trangthai: 'choduyet', lydo: null, ghim: false, ghimcuatoi: false, ghimchung: false,
    nguoitao: { _id: 'u-2', hoten: 'Trần Thị Bình' }, nguoiduyet: null, phienban: 3, lanphattiep: Date.UTC(2025, 10, 17, 23, 0), ngaytao: 1_763_000_000_000,
    iddangphat: null, tinhtrang: null, lanphatcuoi: null, dukien: Date.UTC(2025, 10, 17, 23, 0), thaotac: { sua: true, xoa: true, ghim: true, ghimchung: false, duyet: false, yeucauduyetlai: false, dung: false },
    ...overrides,
  };
}

/** A library programme for tests. */
export function makeProgramme(overrides: Partial<Programme> = {}): Programme {
  return {
    _id: 'ct-1', ten: 'Thời sự tối', loaibantin: 3, thoiluong: 120,
    nguonphat: [{ kieunguon: 'FILE', thoigianBatdau: 120, files: [{ fileName: 'thoisu.mp3', url: 'audio/1-ab-thoisu.mp3', duration: 120, thoigianbatdau: 0 }] }],
    nguoitao: { _id: 'u-1', hoten: 'Nguyễn Văn An' }, ngaytao: 1_763_000_000_000, ngaysua: 1_763_100_000_000,
    ...overrides,
  };
}
