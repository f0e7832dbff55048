import { z } from 'zod';
import { MESSAGE_TYPES, PRIORITIES } from '../constants';
import { isCalendarDay } from '../vietnamTime';
import { monthlyRuleSchema } from './schedules';

/**
 * The exchange with the province information-source system (Hệ thống thông tin nguồn, Circular
 * 39/2020/TT-BTTTT and the ministry's technical guidance for it), issue #14. The guidance names the
 * data categories (areas, devices, bulletins, device status, play logs) but its JSON is not public,
 * so the field names below are ours, Vietnamese in the spirit of the circular; docs/interop.md maps
 * every one of them and says where we chose.
 */

export const PROVINCE_MESSAGES = {
  notConfigured: 'Chưa cấu hình kết nối Hệ thống thông tin nguồn cấp tỉnh (HTTT_NGUON_URL)!',
  messageUnknown: 'Thông điệp không tồn tại hoặc không thuộc quyền quản lý của bạn!',
  notRetryable: 'Thông điệp này đã được gửi, không cần gửi lại!',
  keysOnly: 'Chỉ Hệ thống thông tin nguồn (gọi bằng khoá API) mới được gửi bản tin và lệnh điều khiển tới đây!',
  areaUnknown: 'Địa bàn trong bản tin không tồn tại hoặc không thuộc phạm vi của khoá API này!',
  deviceUnknown: 'Thiết bị trong bản tin không tồn tại hoặc không thuộc phạm vi của khoá API này!',
  noArea: 'Bản tin phải có ít nhất một địa bàn nhận (diaban)!',
  noContent: 'Bản tin phải có nội dung: tệp âm thanh (tepamthanh) hoặc đường dẫn tiếp sóng (tiepsong)!',
  relayDurationRequired: 'Nội dung tiếp sóng phải có thời lượng (thoiluong, giây)!',
  timeRequired: 'Bản tin không khẩn cấp phải có thời điểm phát (thoigianphat) hoặc lịch phát (lichphat)!',
  timeInPast: 'Thời điểm phát của bản tin đã qua!',
  audioFailed: 'Không tải được tệp âm thanh của bản tin',
  bulletinUnknown: 'Không có bản tin nào với mã này (mabantin) đã nhận từ Hệ thống thông tin nguồn!',
  nothingToStop: 'Bản tin này không còn đang phát!',
  volumeTargetRequired: 'Lệnh âm lượng phải chỉ rõ địa bàn (diaban) hoặc thiết bị (thietbi)!',
  inProgress: 'Bản tin hoặc lệnh có mã này đang được xử lý, vui lòng chờ kết quả!',
} as const;

/** What the province exchange carries (loai): one path of the province's API each. */
export const PROVINCE_KINDS = ['diaban', 'thietbi', 'bantin', 'trangthaithietbi', 'nhatkyphat'] as const;
export type ProvinceKind = (typeof PROVINCE_KINDS)[number];
/** What happened to the object (thaotac): added, changed, deleted (areas, devices), cancelled (bulletins), reported (status, play log). */
export const PROVINCE_OPS = ['them', 'sua', 'xoa', 'huy', 'baocao'] as const;
export type ProvinceOp = (typeof PROVINCE_OPS)[number];

/** Device status as the province sees it. */
export const PROVINCE_DEVICE_STATES = ['hoatdong', 'dangphat', 'matketnoi'] as const;
export type ProvinceDeviceState = (typeof PROVINCE_DEVICE_STATES)[number];

/** The province's priority level (mucdouutien 1 khẩn cấp, 2 ưu tiên, 3 thông thường) of a Loa priority, and back. */
export const provinceLevelOf = (uutien: number): 1 | 2 | 3 => PRIORITIES.find((p) => p.id === uutien)?.muc ?? 3;
export const priorityOfLevel = (muc: 1 | 2 | 3): number => PRIORITIES.find((p) => p.muc === muc)!.id;

const isoTime = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(100);
const messageType = z.number().int().refine((n) => MESSAGE_TYPES.some((m) => m.id === n), 'loại bản tin phải từ 1 đến 6');
const level = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** An area (địa bàn) as pushed to the province. */
export const provinceAreaSchema = z.strictObject({
  madiaban: id,
  tendiaban: z.string().min(1).max(200),
  cap: z.enum(['tinh', 'huyen', 'xa', 'thon']),
  madiabancha: id.nullable(),
});
export const provinceAreaRefSchema = z.strictObject({ madiaban: id, tendiaban: z.string().max(200) });

/** A loudspeaker (cụm loa) as registered with the province. */
export const provinceDeviceSchema = z.strictObject({
  mathietbi: id,
  tenthietbi: z.string().min(1).max(200),
  /** Serial number or IMEI, as entered when the device was added. */
  soserial: z.string().min(1).max(100),
  madiaban: id,
  vido: z.number().min(-90).max(90).nullable(),
  kinhdo: z.number().min(-180).max(180).nullable(),
  amluong: z.number().int().min(0).max(100).nullable(),
  trangthai: z.enum(PROVINCE_DEVICE_STATES),
});
export const provinceDeviceRefSchema = z.strictObject({ mathietbi: id, tenthietbi: z.string().max(200) });

/** One part of a bulletin's content, in play order. */
export const provinceContentItemSchema = z.strictObject({
  /** tep: an audio file; tiepsong: a relayed stream; giongnoi: synthesised speech; ghiam: a recording. */
  loai: z.enum(['tep', 'tiepsong', 'giongnoi', 'ghiam', 'tructiep']),
  tieude: z.string().max(300),
  /** An absolute address the province can fetch (null for a live voice). */
  duongdan: z.url().nullable(),
  thoiluong: z.number().min(0),
});

/** When a scheduled bulletin plays (Asia/Ho_Chi_Minh). */
export const provinceTimetableSchema = z.strictObject({
  chedo: z.enum(['motlan', 'hangtuan', 'hangngay', 'ngaythuong', 'hangthang', 'cacngay']),
  ngaybatdau: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isCalendarDay),
  ngayketthuc: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isCalendarDay).nullable(),
  /** 0 = Sunday … 6 = Saturday. */
  thutrongtuan: z.array(z.number().int().min(0).max(6)).max(7),
  giophat: z.array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/)).min(1).max(24),
  /** Monthly ('hangthang'): a day of the month, or the Nth weekday (tuan -1: the last). */
  hangthang: monthlyRuleSchema.nullable().optional(),
  /** The dates of a 'cacngay' timetable. */
  cacngay: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isCalendarDay)).max(366).optional(),
});
export type ProvinceTimetable = z.infer<typeof provinceTimetableSchema>;

/** A bulletin (bản tin): an immediate broadcast or a schedule. */
export const provinceBulletinSchema = z.strictObject({
  mabantin: id,
  /** The province's own id when the bulletin came from the province, else null. */
  mabantinnguon: id.nullable(),
  tieude: z.string().min(1).max(200),
  loaibantin: messageType,
  mucdouutien: level,
  /** phatngay: played at once; phatlich: by its timetable. */
  hinhthuc: z.enum(['phatngay', 'phatlich']),
  /** choduyet | daduyet | yeucausua | ketthuc for a schedule; dangphat | daphat | dadung for an immediate one. */
  trangthai: z.enum(['choduyet', 'daduyet', 'yeucausua', 'ketthuc', 'dangphat', 'daphat', 'dadung']),
  nguoitao: z.string().max(200),
  diaban: z.array(provinceAreaRefSchema).max(1000),
  /** Single devices chosen; empty: every device of the areas. */
  thietbi: z.array(id).max(20_000),
  sothietbi: z.number().int().min(0),
  noidung: z.array(provinceContentItemSchema).min(1).max(200),
  thoiluong: z.number().min(0),
  kieulaplai: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  solanlaplai: z.number().int().min(0),
  thoigianlaplai: z.number().int().min(0),
  /** Immediate bulletins: when it started. */
  batdau: isoTime.nullable(),
  lichphat: provinceTimetableSchema.nullable(),
});

/** A bulletin cancelled (a schedule deleted, an immediate broadcast stopped). */
export const provinceCancelSchema = z.strictObject({ mabantin: id, lydo: z.string().max(300) });
export const provinceAreaDeletedSchema = z.strictObject({ madiaban: id });
export const provinceDeviceDeletedSchema = z.strictObject({ mathietbi: id });

/** A change of a device's status. */
export const provinceDeviceStatusSchema = z.strictObject({
  mathietbi: id,
  trangthai: z.enum(PROVINCE_DEVICE_STATES),
  amluong: z.number().int().min(0).max(100).nullable(),
  /** The bulletin it plays, while playing. */
  mabantin: id.nullable(),
  thoidiem: isoTime,
});

/** One entry of a device's play log (as the speaker reported it). */
export const provincePlayLogSchema = z.strictObject({
  mathietbi: id,
  /** The bulletin (schedule id for a scheduled run), null when the speaker named no session. */
  mabantin: id.nullable(),
  /** The run (one broadcast session). */
  maphien: id.nullable(),
  sukien: z.enum(['batdau', 'ketthuc', 'loi']),
  /** Index of the content part (0-based), null when not known. */
  thutu: z.number().int().min(0).nullable(),
  thoidiem: isoTime,
  loi: z.string().max(500).nullable(),
});

/** What each kind and operation carries (dulieu). */
export const PROVINCE_PAYLOADS = {
  diaban: { them: provinceAreaSchema, sua: provinceAreaSchema, xoa: provinceAreaDeletedSchema },
  thietbi: { them: provinceDeviceSchema, sua: provinceDeviceSchema, xoa: provinceDeviceDeletedSchema },
  bantin: { them: provinceBulletinSchema, sua: provinceBulletinSchema, huy: provinceCancelSchema },
  trangthaithietbi: { baocao: provinceDeviceStatusSchema },
  nhatkyphat: { baocao: provincePlayLogSchema },
} as const;

/** One message (thông điệp): its idempotency key, what it is about and when it happened. */
export const provinceEnvelopeSchema = z.strictObject({
  idthongdiep: z.string().min(1).max(200),
  loai: z.enum(PROVINCE_KINDS),
  thaotac: z.enum(PROVINCE_OPS),
  thoidiem: isoTime,
  dulieu: z.record(z.string(), z.unknown()),
});
export type ProvinceEnvelope = z.infer<typeof provinceEnvelopeSchema>;

/** The body Loa posts to `{HTTT_NGUON_URL}/{loai}`: this system's code and up to 100 messages of that kind. */
export const provinceBatchSchema = z.strictObject({
  mahethong: z.string().min(1).max(100),
  danhsach: z.array(provinceEnvelopeSchema).min(1).max(100),
});
export type ProvinceBatch = z.infer<typeof provinceBatchSchema>;

/** The province's answer: one result per message (danhan taken, trunglap taken before, tuchoi refused with why). */
export const provinceBatchResultSchema = z.object({
  ketqua: z.array(z.object({
    idthongdiep: z.string(),
    trangthai: z.enum(['danhan', 'trunglap', 'tuchoi']),
    loi: z.string().max(2000).optional(),
  })),
});
export type ProvinceBatchResult = z.infer<typeof provinceBatchResultSchema>;

/** Checks one message's dulieu against its kind and operation; answers the first problem or null. */
export function provincePayloadError(message: ProvinceEnvelope): string | null {
  const byOp = PROVINCE_PAYLOADS[message.loai] as Partial<Record<ProvinceOp, z.ZodType>>;
  const schema = byOp[message.thaotac];
  if (!schema) return `thaotac "${message.thaotac}" không dùng cho loai "${message.loai}"`;
  const parsed = schema.safeParse(message.dulieu);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `dulieu.${issue.path.join('.')}: ${issue.message}`;
}

// ---- Inbound: what the province sends to Loa (with an API key) ----

const httpUrl = z.url({ protocol: /^https?$/ });

/** A bulletin from the province: an emergency one plays at once, the others become schedules awaiting approval. */
export const provinceInboundBulletinSchema = z.object({
  mabantin: id,
  tieude: z.string().trim().min(1).max(200),
  loaibantin: messageType,
  mucdouutien: level,
  /** Loa's area ids, as Loa registered them with the province (madiaban). */
  diaban: z.array(id).max(1000).default([]),
  /** Loa's device ids (mathietbi); empty: every device of the areas. */
  thietbi: z.array(id).max(20_000).default([]),
  noidung: z.object({
    /** An MP3 the server downloads (through its outbound rules) and keeps. */
    tepamthanh: httpUrl.optional(),
    /** Or a stream to relay for `thoiluong` seconds. */
    tiepsong: httpUrl.optional(),
    thoiluong: z.number().int().min(1).max(24 * 3600).optional(),
  }),
  /** When a bulletin that is not an emergency plays once; or `lichphat` for a timetable. */
  thoigianphat: isoTime.optional(),
  lichphat: provinceTimetableSchema.optional(),
  kieulaplai: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  solanlaplai: z.number().int().min(1).max(100).default(1),
  thoigianlaplai: z.number().int().min(0).max(24 * 3600).default(0),
});
export type ProvinceInboundBulletin = z.infer<typeof provinceInboundBulletinSchema>;

/** A control command from the province. */
export const provinceCommandSchema = z.discriminatedUnion('lenh', [
  /** Set the volume (0–100) of devices, or of every device of areas. */
  z.object({ malenh: id, lenh: z.literal('amluong'), amluong: z.number().int().min(0).max(100), diaban: z.array(id).max(1000).default([]), thietbi: z.array(id).max(20_000).default([]) }),
  /** Stop what a bulletin the province sent has on air. */
  z.object({ malenh: id, lenh: z.literal('dung'), mabantin: id }),
  /** Schedule a bulletin the province sent before again, by a timetable (awaits approval). */
  z.object({ malenh: id, lenh: z.literal('lichphat'), mabantin: id, lichphat: provinceTimetableSchema }),
]);
export type ProvinceCommand = z.infer<typeof provinceCommandSchema>;

/** What Loa made of an inbound bulletin or command (answered again, unchanged, for a repeated id). */
export const provinceInboundResultSchema = z.object({
  ma: z.string(),
  /** phatngay: on air now; choduyet: a schedule awaiting approval; dathuchien: a command carried out. */
  ketqua: z.enum(['phatngay', 'choduyet', 'dathuchien']),
  idlichphat: z.string().nullable(),
  sothietbi: z.number().int().nullable(),
  /** True when this id had been received before (nothing was done again). */
  danhantruoc: z.boolean(),
});
export type ProvinceInboundResult = z.infer<typeof provinceInboundResultSchema>;

// ---- Console: the connector's state (Kết nối page) ----

export const PROVINCE_OUTBOX_STATUSES = ['cho', 'dagui', 'loi'] as const;

export const provinceOutboxItemSchema = z.object({
  _id: z.string(),
  idthongdiep: z.string(),
  loai: z.enum(PROVINCE_KINDS),
  thaotac: z.enum(PROVINCE_OPS),
  /** What it is about, readably (an area's or device's name, a bulletin's title). */
  doituong: z.string(),
  trangthai: z.enum(PROVINCE_OUTBOX_STATUSES),
  solanthu: z.number().int(),
  loicuoi: z.string().nullable(),
  ngaytao: z.number(),
  lanthutiep: z.number().nullable(),
  ngaygui: z.number().nullable(),
});
export type ProvinceOutboxItem = z.infer<typeof provinceOutboxItemSchema>;

export const provinceConnectorSchema = z.object({
  /** Whether HTTT_NGUON_URL is set. */
  cauhinh: z.boolean(),
  /** The province's address (no credentials), null when not set. */
  diachi: z.string().nullable(),
  mahethong: z.string().nullable(),
  /** ketnoi: the last exchange went through; loi: it failed; chuaketnoi: nothing tried yet. */
  tinhtrang: z.enum(['ketnoi', 'loi', 'chuaketnoi', 'tat']),
  lanthanhcongcuoi: z.number().nullable(),
  loicuoi: z.string().nullable(),
  lanloicuoi: z.number().nullable(),
  /** The caller's administrator's messages. */
  socho: z.number().int(),
  soloi: z.number().int(),
  sodagui24h: z.number().int(),
  /** The oldest message still waiting, unix ms. */
  chocunhat: z.number().nullable(),
  /** Messages waiting or refused, newest first (at most 50). */
  thongdiep: z.array(provinceOutboxItemSchema),
});
export type ProvinceConnector = z.infer<typeof provinceConnectorSchema>;

export const provinceRetryBodySchema = z.object({
  /** One message; without it every waiting or refused message of the caller's administrator is due now. */
  id: z.string().max(40).optional(),
});
export const provinceResyncResultSchema = z.object({ sodiaban: z.number().int(), sothietbi: z.number().int() });
