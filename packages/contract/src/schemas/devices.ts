import { z } from 'zod';

export const DEVICE_MESSAGES = {
  nameRequired: 'Tên thiết bị không được để trống!',
  areaRequired: 'Bạn chưa chọn địa bàn cho thiết bị!',
  areaUnknown: 'Địa bàn không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  serialRequired: 'Số serial/IMEI không được để trống!',
  serialDuplicate: 'Số serial/IMEI này đã được dùng cho một thiết bị khác!',
  latitudeRange: 'Vĩ độ phải nằm trong khoảng -90 đến 90!',
  longitudeRange: 'Kinh độ phải nằm trong khoảng -180 đến 180!',
  deviceUnknown: 'Thiết bị không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  volumeRange: 'Âm lượng phải từ 0 đến 100!',
  deviceOffline: 'Thiết bị đang mất kết nối, lệnh sẽ không tới được thiết bị!',
} as const;

/** Live state of a speaker as the console shows it. */
export const deviceLiveSchema = z.object({
  online: z.boolean(),
  amluong: z.number().int().nullable(),
  dangphat: z.object({ sessionId: z.string(), itemIndex: z.number().int(), position: z.number(), title: z.string().nullable() }).nullable(),
  tinhieu: z.number().nullable(),
  firmware: z.string().nullable(),
  ip: z.string().nullable(),
  /** Last time the device was heard from, unix seconds. */
  lancuoi: z.number().int().nullable(),
});
export type DeviceLive = z.infer<typeof deviceLiveSchema>;

/** A speaker (cụm loa) of the registry. */
export const deviceSchema = z.object({
  _id: z.string(),
  tenthietbi: z.string(),
  serial: z.string(),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }),
  vido: z.number().nullable(),
  kinhdo: z.number().nullable(),
  ghichu: z.string(),
  trangthai: deviceLiveSchema,
  ngaytao: z.number().int(),
});
export type Device = z.infer<typeof deviceSchema>;

/** Add a device (themmoi); the answer carries the secret, shown once. */
export const deviceCreateBodySchema = z.object({
  tenthietbi: z.string({ error: DEVICE_MESSAGES.nameRequired }).trim().min(1, DEVICE_MESSAGES.nameRequired).max(120),
  diaban: z.string({ error: DEVICE_MESSAGES.areaRequired }).min(1, DEVICE_MESSAGES.areaRequired).max(64),
  serial: z.string({ error: DEVICE_MESSAGES.serialRequired }).trim().min(1, DEVICE_MESSAGES.serialRequired).max(64),
  vido: z.number().min(-90, DEVICE_MESSAGES.latitudeRange).max(90, DEVICE_MESSAGES.latitudeRange).nullable().optional(),
  kinhdo: z.number().min(-180, DEVICE_MESSAGES.longitudeRange).max(180, DEVICE_MESSAGES.longitudeRange).nullable().optional(),
  ghichu: z.string().trim().max(1000).optional().default(''),
});
export type DeviceCreateBody = z.infer<typeof deviceCreateBodySchema>;

export const deviceSecretSchema = z.object({ _id: z.string(), secret: z.string() });
export type DeviceSecret = z.infer<typeof deviceSecretSchema>;

/** Reset issues a new secret (one device or many) and disconnects the old session. */
export const deviceResetBodySchema = z
  .object({ id: z.string().max(64).optional(), ids: z.array(z.string().max(64)).max(20_000).optional() })
  .refine((b) => Boolean(b.id) || (b.ids?.length ?? 0) > 0, DEVICE_MESSAGES.deviceUnknown);

/** GET danhsachthietbi query: search, filters, sort and paging. */
export const deviceListQuerySchema = z.object({
  q: z.string().max(100).optional(),
  diaban: z.string().max(64).optional(),
  trangthai: z.enum(['online', 'offline', 'dangphat']).optional(),
  sort: z.enum(['tenthietbi', 'diaban', 'lancuoi', 'ngaytao']).optional().default('tenthietbi'),
  order: z.enum(['asc', 'desc']).optional().default('asc'),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(20_000).optional().default(50),
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const deviceListSchema = z.object({ items: z.array(deviceSchema), total: z.number().int() });
