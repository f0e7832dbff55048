import { z } from 'zod';
import { storedDeviceConfigSchema } from './devices';

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

export const AREA_MESSAGES = {
  nameRequired: 'Tên địa bàn không được để trống!',
  levelInvalid: 'Cấp địa bàn không hợp lệ (tỉnh, huyện, xã, thôn)!',
  unknown: 'Địa bàn không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  parentLevel: 'Địa bàn cha phải có cấp cao hơn địa bàn con!',
  cycle: 'Không thể chuyển một địa bàn vào bên trong chính nó!',
  rootOutsideScope: 'Bạn chỉ được tạo địa bàn bên trong phạm vi được giao!',
  duplicateName: 'Đã có địa bàn cùng tên ở cùng cấp này!',
} as const;

const name = z.string({ error: AREA_MESSAGES.nameRequired }).trim().min(1, AREA_MESSAGES.nameRequired).max(120);

export const areaCreateBodySchema = z.object({
  tendiaban: name,
  cap: z.enum(AREA_LEVELS, { error: AREA_MESSAGES.levelInvalid }),
  idcha: z.string().max(64).nullable().optional().default(null),
});
export const areaUpdateBodySchema = z.object({
  id: z.string({ error: AREA_MESSAGES.unknown }).min(1, AREA_MESSAGES.unknown).max(64),
  tendiaban: name,
  idcha: z.string().max(64).nullable().optional().default(null),
});
export const areaIdBodySchema = z.object({ id: z.string({ error: AREA_MESSAGES.unknown }).min(1, AREA_MESSAGES.unknown).max(64) });

/** An area with what it holds, for the area management screen. */
export const areaDetailSchema = z.object({
  _id: z.string(),
  tendiaban: z.string(),
  cap: z.enum(AREA_LEVELS),
  idcha: z.string().nullable(),
  /** Devices in this area itself (not below it). */
  sothietbi: z.number().int(),
  sothietbionline: z.number().int(),
  /** The area's own stored configuration, inherited by its devices. */
  cauhinh: storedDeviceConfigSchema,
});
export type AreaDetail = z.infer<typeof areaDetailSchema>;

export type AreaLevel = (typeof AREA_LEVELS)[number];
export type AreaCreateBody = z.infer<typeof areaCreateBodySchema>;
export type AreaUpdateBody = z.infer<typeof areaUpdateBodySchema>;
