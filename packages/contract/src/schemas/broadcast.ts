import { z } from 'zod';
import { liveReachSchema } from './reach';
import { MSG } from '../messages';
import { EMERGENCY_PRIORITY, MESSAGE_TYPES, isPriority, REPEAT_COUNT_MIN, REPEAT_INTERVAL_MIN_SECONDS, SOURCE_KINDS } from '../constants';
import { CHANNEL_ID, isHttpUrl, OUTBOUND_MESSAGES } from './outbound';
import { vnHourMinute } from '../vietnamTime';
import { BROADCAST_MESSAGES } from './broadcast.messages';

/** The device option 'Tất cả thiết bị': every device of the chosen areas (exclusive of single devices). */
export const ALL_DEVICES = 'tatca';

export { BROADCAST_MESSAGES } from './broadcast.messages';

/**
 * The refusal of an equal-priority broadcast (issue #18): who is live on the chosen speakers, on
 * how many, and until when; the console offers to interrupt it.
 */
export function speakersBusyMessage(busy: { tieude: string; nguoitao: { hoten: string }; ketthuc: number; soloa: number; tructiep?: boolean }): string {
  // Live voice has no end to tell and is never interrupted by another officer (issue #12).
  if (busy.tructiep) {
    return `${busy.soloa} loa đã chọn đang phát trực tiếp${busy.tieude ? ` "${busy.tieude}"` : ''} của ${busy.nguoitao.hoten || 'người dùng khác'}. Không thể phát đè lên phát trực tiếp cùng mức ưu tiên hoặc cao hơn, hãy chờ người đó dừng.`;
  }
  const title = busy.tieude ? `bản tin "${busy.tieude}"` : 'một bản tin';
  return `${busy.soloa} loa đã chọn đang phát ${title} của ${busy.nguoitao.hoten || 'người dùng khác'} đến ${vnHourMinute(busy.ketthuc)}, cùng mức ưu tiên. Bản tin mới không được phát đè lên bản tin đó, trừ khi bạn chọn ngắt nó.`;
}

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_BROADCAST_SECONDS = 24 * 3600;
/** No rule can let more repeats than one a second fit in 24 hours; larger counts are refused at input. */
export const MAX_REPEAT_COUNT = MAX_BROADCAST_SECONDS;

/**
 * Seconds from the first run's start to the last run's end (issue #15 item 11): the programme,
 * then each repeat, preceded in mode 2 by its waiting interval. The 24-hour limit applies to this.
 */
export function broadcastSpanSeconds(total: number, repeat: { kieulaplai: 0 | 1 | 2; solanlaplai: number; thoigianlaplai: number }): number {
  if (repeat.kieulaplai === 0) return total;
  const repeats = Math.max(0, repeat.solanlaplai);
  return total + repeats * (total + (repeat.kieulaplai === 2 ? repeat.thoigianlaplai : 0));
}

/** Repeat fields shared by broadcasts and schedules, bounded so no number can overflow a column. */
export const repeatIntervalSchema = z.number().min(0).max(MAX_BROADCAST_SECONDS, BROADCAST_MESSAGES.tooLong);
export const repeatCountSchema = z.number({ error: MSG.repeatCountWhole }).int(MSG.repeatCountWhole).max(MAX_REPEAT_COUNT, BROADCAST_MESSAGES.tooLong);

const timeline = z.object({ batdau: z.number().min(0), ketthuc: z.number().min(0) });
const sourceBase = {
  /** Duration in seconds. */
  thoigianBatdau: z.number().min(0, BROADCAST_MESSAGES.durationInvalid).max(MAX_BROADCAST_SECONDS, BROADCAST_MESSAGES.tooLong),
  liveThoigian: timeline.optional(),
  thutu: z.number().int().min(1).optional(),
  userId: z.string().optional(),
  thongtin: z.object({ tieude: z.string().max(200).optional(), nguoitao: z.string().optional() }).optional(),
  sotab: z.number().int().optional(),
};

/** A stored audio file of a FILE source: `url` is the unique stored name (timestamp + hex + original name). */
export const sourceFileSchema = z.object({
  fileName: z.string().min(1).max(255),
  url: z.string().min(1).max(400),
  duration: z.number().min(0),
  thoigianbatdau: z.number().min(0).optional(),
});
export type SourceFile = z.infer<typeof sourceFileSchema>;

export const fileSourceSchema = z.object({ ...sourceBase, kieunguon: z.literal(SOURCE_KINDS.file), files: z.array(sourceFileSchema).min(1, MSG.noFileChosen) });
// Speakers and the listen link fetch a relay path: only http(s) (the server also checks the host, see infra/outbound).
const relayPath = z.string({ error: MSG.relayPathEmpty }).trim().min(1, MSG.relayPathEmpty).max(2000, OUTBOUND_MESSAGES.relayUrlNotHttp);
export const relaySourceSchema = z.object({
  ...sourceBase,
  kieunguon: z.literal(SOURCE_KINDS.relay),
  tenkenh: z.string({ error: MSG.relayNameEmpty }).trim().min(1, MSG.relayNameEmpty).max(200),
  /** A typed http(s) path, or the id of one of the administrator's channels (spec: "channel id or typed path"). */
  url: relayPath.refine((v) => v === '' || isHttpUrl(v) || CHANNEL_ID.test(v), OUTBOUND_MESSAGES.relayUrlNotHttp),
  /** Seconds (entered in minutes, stored × 60). */
  thoiluong: z.number({ error: MSG.relayDurationEmpty }).refine((v) => v !== 0, MSG.relayDurationEmpty).refine((v) => v > 0, MSG.relayDurationInvalid),
});
export const ttsSourceSchema = z.object({
  ...sourceBase,
  kieunguon: z.literal(SOURCE_KINDS.tts),
  /** The converted speech (POST /v1/client/tts/{engine}); empty with `vanban`, when an emergency speaks its text as it is sent. */
  url: z.string({ error: MSG.ttsNotDone }).max(400).optional(),
  urldownload: z.string().max(400).optional(),
  noidunggiongnoi: z.string().max(100).optional(),
  /**
   * Ours (issue #29): the text itself, for an emergency bulletin (phatngay) spoken as it is sent:
   * its speakers hear a chime at once and the speech follows when it is made. Checked as a
   * conversion is (spec §5); schedules and programmes still need the converted `url`.
   */
  vanban: z.string().max(10_000).optional(),
  /** The voice (speaker_id) and engine of `vanban`: by default the first voice and the offline engine. */
  giongdoc: z.string().max(64).optional(),
  bochuyen: z.string().max(64).optional(),
});
export const digitalSourceSchema = z.object({ ...sourceBase, kieunguon: z.literal(SOURCE_KINDS.digital), url: z.string().max(400).optional() });

/** One source of a broadcast (nguonphat item, spec §3). */
export const sourceSchema = z.discriminatedUnion('kieunguon', [fileSourceSchema, relaySourceSchema, ttsSourceSchema, digitalSourceSchema]);
export type Source = z.infer<typeof sourceSchema>;
export const sourcesSchema = z.array(sourceSchema).max(100);

/** The broadcast request (thongtin, spec §3). */
export const broadcastInfoSchema = z.object({
  tieude: z.string().trim().max(200).optional().default(''),
  chedophat: z.string().max(50).optional(),
  thutrongtuan: z.array(z.number().int().min(0).max(6)).optional(),
  thoigianbatdau: z.unknown().optional(),
  thoigianketthuc: z.unknown().optional(),
  thoiluong: z.number().min(0).optional(),
  nguoitao: z.string().optional(),
  diabanchon: z.array(z.string().max(64)).max(1000).optional().default([]),
  thietbichon: z.array(z.string().max(64)).max(20_000).optional().default([]),
  thoigianBatdauTimeline: z.unknown().optional(),
  loaibantin: z.number().int().nullable().optional(),
  uutien: z.number().int().nullable().optional(),
  idAdmin: z.string().optional(),
  kieulaplai: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional().default(0),
  /** Seconds (entered in minutes). */
  thoigianlaplai: repeatIntervalSchema.optional().default(0),
  solanlaplai: repeatCountSchema.optional().default(1),
  /**
   * Broadcasts of the same priority the caller chooses to interrupt on the chosen speakers (the
   * console asks "Ngắt bản tin của …?" after a 409 naming them). Without it such a clash is refused.
   */
  ngatphat: z.array(z.string().max(64)).max(50).optional().default([]),
});
export type BroadcastInfo = z.infer<typeof broadcastInfoSchema>;

/** The first failing rule of spec §5 "Broadcast submit", in its order; null when the request is valid. */
export function broadcastError(info: Pick<BroadcastInfo, 'loaibantin' | 'uutien' | 'diabanchon' | 'thietbichon' | 'tieude' | 'kieulaplai' | 'thoigianlaplai' | 'solanlaplai'>, sourceCount: number): string | null {
  if (!info.loaibantin || !MESSAGE_TYPES.some((m) => m.id === info.loaibantin)) return MSG.noMessageType;
  if (!isPriority(info.uutien)) return MSG.noPriority;
  if (!info.diabanchon?.length) return MSG.noArea;
  if (!info.thietbichon?.length) return MSG.noDevice;
  if (!info.tieude?.trim()) return MSG.noProgramName;
  if (sourceCount === 0) return MSG.noSources;
  if (info.kieulaplai === 2 && (info.thoigianlaplai ?? 0) < REPEAT_INTERVAL_MIN_SECONDS) return MSG.repeatIntervalMin;
  if (info.kieulaplai !== 0 && (info.solanlaplai ?? 0) < REPEAT_COUNT_MIN) return MSG.repeatCountMin;
  if (info.kieulaplai !== 0 && !Number.isInteger(info.solanlaplai ?? 0)) return MSG.repeatCountWhole;
  return null;
}

/** Recomputes order, start and end offsets and the total (spec §4 "Source list"). */
export function layoutTimeline<T extends { thoigianBatdau: number }>(sources: T[]): { sources: (T & { thutu: number; liveThoigian: { batdau: number; ketthuc: number } })[]; total: number } {
  let total = 0;
  const laid = sources.map((s, i) => {
    const batdau = total;
    total += s.thoigianBatdau;
    return { ...s, thutu: i + 1, liveThoigian: { batdau, ketthuc: total } };
  });
  return { sources: laid, total };
}

export const DEFAULT_PRIORITY = EMERGENCY_PRIORITY;

/** Who made a running broadcast, as the live panel shows it. */
export const liveCreatorSchema = z.object({ _id: z.string(), hoten: z.string() });

/** The source block of a live entry (nguon / nguonphat of spec §3). */
export const liveSourceInfoSchema = z.object({
  tenchuongtrinh: z.string().nullable(),
  nguoitao: liveCreatorSchema,
  diabanphat: z.array(z.object({ _id: z.string(), tendiaban: z.string() })),
  kieulaplai: z.number().int(),
  solanlaplai: z.number().int(),
});

/** A running broadcast (live panel card, lichphatdangphat, userdangphat). */
export const liveBroadcastSchema = z.object({
  idlichphat: z.string(),
  type: z.enum(['phatngay', 'phatlich']),
  nguonphat: liveSourceInfoSchema,
  /** File name (or channel, or text summary) playing now. */
  nguondangphat: z.string().nullable(),
  nguoncho: z.array(z.string()),
  nguoitao: z.string(),
  idAdmin: z.string(),
  iddiaban: z.object({ tendiaban: z.string() }),
  chophatlai: z.boolean(),
  /** Unix ms when the next repeat starts, while waiting to repeat. */
  thoigianchophatlai: z.number().nullable(),
  kieulaplai: z.number().int(),
  solanlaplai: z.number().int(),
  /** Unix ms when the current run ends. */
  thoigianketthuc: z.number(),
  thoiluong: z.number(),
  loaibantin: z.number().int(),
  uutien: z.number().int(),
  sothietbi: z.number().int(),
  /** Ours (issue #12): a live voice session; its card counts up from `batdau` instead of down. */
  tructiep: z.object({ batdau: z.number() }).nullable().optional(),
  /** For a scheduled run ('phatlich'): the schedule it was fired from, so the schedule list can offer Stop. */
  idlichgoc: z.string().nullable().optional(),
  /**
   * A broadcast that holds some of this one's speakers now: one of higher priority that pre-empted
   * it ('ngat', since `luc`), or one that was there first at the same or a higher priority, which
   * this one waits behind ('cho'). Either way it resumes there when that one ends. Null when it plays everywhere.
   */
  bingat: z.object({
    kieu: z.enum(['ngat', 'cho']),
    idlichphat: z.string(),
    tieude: z.string(),
    nguoitao: z.object({ _id: z.string(), hoten: z.string() }),
    uutien: z.number().int(),
    /** Unix ms since when. */
    luc: z.number(),
    /** Unix ms when the holder ends (and this one resumes there). */
    ketthuc: z.number(),
    /** How many of this broadcast's speakers it holds. */
    soloa: z.number().int(),
  }).nullable().optional(),
  /** Ours (issue #18): the speakers' side of the broadcast now; absent in the engine's own events, sent by CAP-NHAT-PHAM-VI-PHAT. */
  phamvi: liveReachSchema.optional(),
});

/** A broadcast live on speakers that a new one would share (the 409 of an equal-priority clash). */
export const busyBroadcastSchema = z.object({
  idlichphat: z.string(),
  tieude: z.string(),
  nguoitao: z.object({ _id: z.string(), hoten: z.string() }),
  uutien: z.number().int(),
  ketthuc: z.number(),
  soloa: z.number().int(),
  /** Ours (issue #12): it is a live voice session (no planned end). */
  tructiep: z.boolean().optional(),
});
export type BusyBroadcast = z.infer<typeof busyBroadcastSchema>;
export type LiveBroadcast = z.infer<typeof liveBroadcastSchema>;

/** Presigned upload (geturlupload): one entry per file name. */
export const uploadUrlsBodySchema = z.object({ key: z.array(z.string().min(1).max(255)).min(1).max(50) });
export const uploadUrlSchema = z.object({ url: z.string(), fields: z.object({ key: z.string() }) });

export const stopByIdBodySchema = z.object({ id: z.string({ error: BROADCAST_MESSAGES.notFound }).min(1, BROADCAST_MESSAGES.notFound).max(64) });

/** Relay / digital channels (danhsachkenhsohoa). */
export const channelSchema = z.object({ _id: z.string(), tenkenh: z.string(), url: z.string() });
export type Channel = z.infer<typeof channelSchema>;
export const channelBodySchema = z.object({
  tenkenh: z.string({ error: MSG.relayNameEmpty }).trim().min(1, MSG.relayNameEmpty).max(200),
  url: relayPath.refine(isHttpUrl, OUTBOUND_MESSAGES.relayUrlNotHttp),
});
