import { z } from 'zod';
import { DEVICE_MESSAGES } from './devices.messages';

export { DEVICE_HEALTH_FAULTS, DEVICE_MESSAGES, type DeviceHealthFault } from './devices.messages';

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
  /**
   * The speaker's clock against the server's, as it last reported it; null for a device that does
   * not synchronise (or has not reported yet). `lech`: ms the device's clock is behind the server's
   * (server − device); `khuhoi`: round trip of the exchange, ms; `chatluong`: tot / kem / chuadongbo
   * / khongtincay (a fault, `loi` says which: khongphanhoi, khuhoicham, nhayvot, or khongbaocao: online
   * for minutes and never reported a clock, an agent that does not synchronise).
   */
  dongho: z.object({
    lech: z.number(),
    khuhoi: z.number(),
    chatluong: z.enum(['tot', 'kem', 'chuadongbo', 'khongtincay']),
    loi: z.enum(['khongphanhoi', 'khuhoicham', 'nhayvot', 'khongbaocao']).nullable(),
  }).nullable().optional(),
  /**
   * The plan of scheduled occurrences the speaker holds (issue #30), against the one last sent to
   * it: `sansang` (the latest, every file in its cache), `thieutep` (`thieu` files not yet there),
   * `chuanhan` (it has not got the latest plan). `nhan`: the same in Vietnamese words, for API
   * clients (the console words it from `tinhtrang` and `thieu` in its language). Null when no plan
   * was sent to it (or none is known).
   */
  lichphat: z.object({
    phienban: z.number().nullable(),
    tinhtrang: z.enum(['sansang', 'thieutep', 'chuanhan']),
    thieu: z.number().int(),
    nhan: z.string(),
  }).nullable().optional(),
  /**
   * The box's health as it last reported it (issue #31; null for a speaker that does not report it):
   * `nhietdo` CPU °C, `odiatrong` and `bonhotrong` free percent, `thoigianchay` uptime in seconds,
   * `phienban` the agent's version, `tinhieumodem` (percent) and `nhamang` the modem's, `luc` when
   * (unix s); `canhbao`: the thresholds crossed (DEVICE_HEALTH_FAULTS).
   */
  suckhoe: z.object({
    nhietdo: z.number().nullable(),
    odiatrong: z.number().nullable(),
    bonhotrong: z.number().nullable(),
    thoigianchay: z.number().nullable(),
    phienban: z.string().nullable(),
    tinhieumodem: z.number().nullable(),
    nhamang: z.string().nullable(),
    canhbao: z.array(z.enum(['nhietdo', 'odia', 'bonho'])),
    luc: z.number().int(),
  }).nullable().optional(),
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

const deviceId = z.string({ error: DEVICE_MESSAGES.deviceUnknown }).min(1, DEVICE_MESSAGES.deviceUnknown).max(64);

/** Edit a device's registry data (capnhat). */
export const deviceUpdateBodySchema = deviceCreateBodySchema.extend({ id: deviceId });
export const deviceIdBodySchema = z.object({ id: deviceId });
export const deviceIdQuerySchema = z.object({ id: deviceId });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, DEVICE_MESSAGES.timeFormat);
const RELAY_URL = /^(https?|rtsp|rtmp|icecast|srt|udp):\/\/\S+$/i;

/** Built-in device configuration, used where neither the device nor its areas set a value. */
export const DEFAULT_DEVICE_SETTINGS = { amluong: 70, keepalive: 30, reportInterval: 20 } as const;

/** Stored configuration of a device or of an area (inherited by its devices). */
export const storedDeviceConfigSchema = z.object({
  amluong: z.number().int().min(0, DEVICE_MESSAGES.volumeRange).max(100, DEVICE_MESSAGES.volumeRange).optional(),
  keepalive: z.number().int().min(5, DEVICE_MESSAGES.keepaliveRange).max(600, DEVICE_MESSAGES.keepaliveRange).optional(),
  kenhmacdinh: z.string().max(2000, DEVICE_MESSAGES.relayUrlInvalid).refine((v) => v === '' || RELAY_URL.test(v), DEVICE_MESSAGES.relayUrlInvalid).optional(),
  giotinh: z.object({ tu: hhmm, den: hhmm }).optional(),
});

/** A configuration change: a value sets it, `null` removes it so the area's (or default) value applies. */
export const deviceConfigPatchSchema = z.object({
  amluong: storedDeviceConfigSchema.shape.amluong.unwrap().nullable().optional(),
  keepalive: storedDeviceConfigSchema.shape.keepalive.unwrap().nullable().optional(),
  kenhmacdinh: storedDeviceConfigSchema.shape.kenhmacdinh.unwrap().nullable().optional(),
  giotinh: storedDeviceConfigSchema.shape.giotinh.unwrap().nullable().optional(),
});
export type StoredDeviceConfig = z.infer<typeof storedDeviceConfigSchema>;

/** Configure one device (id) or a whole area (diaban): update. */
export const deviceConfigBodySchema = deviceConfigPatchSchema
  .extend({ id: z.string().max(64).optional(), diaban: z.string().max(64).optional() })
  .refine((b) => Boolean(b.id) !== Boolean(b.diaban), 'Hãy chọn một thiết bị hoặc một địa bàn để cấu hình!');

/** A command from the console to one device: volume or reboot. */
export const deviceControlBodySchema = z.discriminatedUnion('lenh', [
  z.object({ id: deviceId, lenh: z.literal('amluong'), amluong: z.number().int().min(0, DEVICE_MESSAGES.volumeRange).max(100, DEVICE_MESSAGES.volumeRange) }),
  z.object({ id: deviceId, lenh: z.literal('khoidonglai') }),
], { error: 'Lệnh điều khiển không hợp lệ (amluong, khoidonglai)!' });

export const deviceHistoryQuerySchema = z.object({
  id: deviceId,
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(500).optional().default(50),
});

/** Why a connection-history entry was written: connected, connection lost, silent too long, cut off for invalid messages. */
/**
 * Why a device came online or went offline: connected; dropped abruptly (the broker published its
 * last will: a reboot, a power cut or a lost link); stopped by itself (it said so before leaving);
 * no report for too long; cut off for invalid messages; cut off for a new secret; its credentials
 * refused by the broker; the server (with its embedded broker) restarted.
 */
export const CONNECTION_REASONS = ['ket-noi', 'mat-ket-noi', 'tat-may', 'khong-phan-hoi', 'gui-sai', 'khoa-moi', 'tu-choi-dang-nhap', 'may-chu-khoi-dong-lai'] as const;
export type ConnectionReason = (typeof CONNECTION_REASONS)[number];

export const connectionHistorySchema = z.object({
  items: z.array(z.object({ thoigian: z.number().int(), online: z.boolean(), lydo: z.enum(CONNECTION_REASONS), ip: z.string().nullable() })),
  total: z.number().int(),
});
export const playHistorySchema = z.object({
  items: z.array(z.object({
    /** `gap` (issue #30): a streamed item dropped and resumed; `lydo` says how many seconds were lost. */
    thoigian: z.number().int(), sukien: z.enum(['started', 'finished', 'error', 'gap']), idphien: z.string().nullable(),
    thutu: z.number().int().nullable(), url: z.string().nullable(), loi: z.string().nullable(),
    /** The bulletin's title, the item's readable name, and why it ended or failed in Vietnamese (ours, issue #18). */
    tieude: z.string().nullable(), tenmuc: z.string().nullable(), lydo: z.string().nullable(),
  })),
  total: z.number().int(),
});

export const areaDevicesQuerySchema = z.object({ diaban: z.string({ error: DEVICE_MESSAGES.areaRequired }).min(1, DEVICE_MESSAGES.areaRequired).max(64) });

/** One device with its own and its effective configuration (thongtin). */
export const deviceDetailSchema = deviceSchema.extend({
  cauhinh: storedDeviceConfigSchema,
  cauhinhhieuluc: z.object({
    amluong: z.number(), keepalive: z.number(), kenhmacdinh: z.string().nullable(), giotinh: z.object({ tu: z.string(), den: z.string() }).nullable(),
  }),
});

export type DeviceUpdateBody = z.infer<typeof deviceUpdateBodySchema>;
export type DeviceConfigBody = z.infer<typeof deviceConfigBodySchema>;
export type DeviceDetail = z.infer<typeof deviceDetailSchema>;
export type ConnectionHistory = z.infer<typeof connectionHistorySchema>;
export type PlayHistory = z.infer<typeof playHistorySchema>;
