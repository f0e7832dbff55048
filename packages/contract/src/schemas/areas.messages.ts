// The words (and plain constants) apart from the schemas: a console screen that needs only
// these does not load zod (docs/performance.md, "Console first load").
export const AREA_MESSAGES = {
  nameRequired: 'Tên địa bàn không được để trống!',
  levelInvalid: 'Cấp địa bàn không hợp lệ (tỉnh, huyện, xã, thôn)!',
  unknown: 'Địa bàn không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  parentLevel: 'Địa bàn cha phải có cấp cao hơn địa bàn con!',
  cycle: 'Không thể chuyển một địa bàn vào bên trong chính nó!',
  rootOutsideScope: 'Bạn chỉ được tạo địa bàn bên trong phạm vi được giao!',
  duplicateName: 'Đã có địa bàn cùng tên ở cùng cấp này!',
} as const;

export const AREA_LEVELS = ['tinh', 'huyen', 'xa', 'thon'] as const;

export const AREA_LEVEL_LABELS: Record<(typeof AREA_LEVELS)[number], string> = { tinh: 'Tỉnh', huyen: 'Huyện', xa: 'Xã', thon: 'Thôn' };

/** The administrative units of each level, by the word their names start with (a town is a commune-level "Thị trấn"). */
const AREA_UNITS: Record<(typeof AREA_LEVELS)[number], string[]> = {
  tinh: ['Thành phố', 'Tỉnh'],
  huyen: ['Thành phố', 'Thị xã', 'Quận', 'Huyện'],
  xa: ['Thị trấn', 'Phường', 'Đặc khu', 'Xã'],
  thon: ['Tổ dân phố', 'Khu phố', 'Khối', 'Bản', 'Buôn', 'Làng', 'Ấp', 'Xóm', 'Thôn'],
};

/** What an area is called, from its name ("Thị trấn Diên Sanh" is a Thị trấn, not a Xã), else its level's name. */
export function areaUnitLabel(area: { tendiaban: string; cap: (typeof AREA_LEVELS)[number] }): string {
  const name = area.tendiaban.normalize('NFC').trim().toLocaleLowerCase('vi');
  return AREA_UNITS[area.cap].find((unit) => name.startsWith(`${unit.toLocaleLowerCase('vi')} `)) ?? AREA_LEVEL_LABELS[area.cap];
}
