import { z } from 'zod';

/**
 * Live voice ("Phát trực tiếp", issue #12): the console sends the officer's microphone as MP3 in
 * small chunks over its Socket.IO connection; the server relays it as one endless MP3 stream that
 * speakers and the listen link fetch (docs/architecture.md "Live voice").
 */

/** Longest audio one chunk may carry (the console sends about 200 ms). */
export const LIVE_CHUNK_MAX_MS = 250;
/** Largest chunk: 250 ms at 320 kbit/s is 10 KB; anything bigger is not one of ours. */
export const LIVE_CHUNK_MAX_BYTES = 12 * 1024;
/** A live session with no audio for this long is ended on every speaker. */
export const LIVE_SILENCE_SECONDS = 10;
/**
 * The live item's nominal length: a session is ended by its officer (Stop, closing the tab, the
 * connection dropping or the audio stopping), this is only the backstop a forgotten one meets.
 */
export const LIVE_MAX_SECONDS = 4 * 3600;
/** What the console encodes: mono MP3, enough for speech on horn speakers. */
export const LIVE_KBPS = 64;
/** The play item kind of a live stream. */
export const LIVE_ITEM_TITLE = 'Phát trực tiếp';

/** Socket.IO events of live voice (ours; spec §7 shows no console-to-server events). */
export const LIVE_EVENTS = {
  /** console → server, with an acknowledgement: start a live session ({ ok, data } or { ok: false, message, dangphat? }). */
  start: 'PHAT-TRUC-TIEP-BAT-DAU',
  /** console → server: one chunk of MP3 frames (binary) for the session id. */
  chunk: 'PHAT-TRUC-TIEP-AM-THANH',
  /** console → server, with an acknowledgement: stop the session. */
  stop: 'PHAT-TRUC-TIEP-DUNG',
  /** server → console (the sender's socket): the session ended, and why. */
  ended: 'PHAT-TRUC-TIEP-KET-THUC',
} as const;

export const LIVE_MESSAGES = {
  micDenied: 'Trình duyệt đã bị từ chối quyền dùng micrô. Hãy cho phép micrô cho trang này (biểu tượng ổ khoá trên thanh địa chỉ) rồi thử lại!',
  micAbsent: 'Không tìm thấy micrô nào trên máy này. Hãy cắm micrô rồi thử lại!',
  micBusy: 'Micrô đang được một chương trình khác dùng, hãy đóng chương trình đó rồi thử lại!',
  micUnsupported: 'Trình duyệt này không hỗ trợ thu âm từ micrô (cần HTTPS hoặc localhost)!',
  notConnected: 'Chưa kết nối được với máy chủ, hãy thử lại sau giây lát!',
  notAudio: 'Dữ liệu gửi lên không phải âm thanh MP3 hợp lệ, phiên phát trực tiếp đã dừng!',
  tooBig: `Gói âm thanh quá lớn (tối đa ${LIVE_CHUNK_MAX_BYTES / 1024} KB và ${LIVE_CHUNK_MAX_MS} ms), phiên phát trực tiếp đã dừng!`,
  tooFast: 'Âm thanh gửi lên nhanh hơn thời gian thực, phiên phát trực tiếp đã dừng!',
  notYourStream: 'Phiên phát trực tiếp này không phải của bạn!',
  alreadyLive: 'Bạn đang phát trực tiếp từ phiên đăng nhập này, hãy dừng trước khi phát lần nữa!',
  signedOut: 'Phiên đăng nhập đã kết thúc, hãy đăng nhập lại để phát trực tiếp!',
  badOrigin: 'Kết nối không đến từ trang của hệ thống (sai nguồn gốc hoặc thiếu mã chống giả mạo), không được phép phát trực tiếp!',
  silence: `Phát trực tiếp đã dừng vì máy chủ không nhận được âm thanh trong ${LIVE_SILENCE_SECONDS} giây!`,
  disconnected: 'Phát trực tiếp đã dừng vì mất kết nối với máy chủ!',
  stopped: 'Đã dừng phát trực tiếp!',
  stoppedByOther: 'Phát trực tiếp đã được dừng (từ thẻ trong bảng "Đang phát" hoặc nút "Dừng phát")!',
  started: 'Đang phát trực tiếp!',
  notLive: 'Không có phiên phát trực tiếp nào đang chạy!',
  streamGone: 'Phiên phát trực tiếp đã kết thúc!',
} as const;

/** What the console sends to start: the broadcast dialog's fields, and whether a chime opens it. */
export const liveStartSchema = z.object({
  tieude: z.string().trim().max(200).optional().default(''),
  diabanchon: z.array(z.string().max(64)).max(1000).optional().default([]),
  thietbichon: z.array(z.string().max(64)).max(20_000).optional().default([]),
  loaibantin: z.number().int().nullable().optional(),
  uutien: z.number().int().nullable().optional(),
  /** A chime before the voice. */
  chuong: z.boolean().optional().default(false),
  /** The console's CSRF cookie echoed (double submit): a page of another site cannot read it. */
  csrf: z.string().max(200).optional(),
  /** Bulletins of the same priority (not live ones) the officer chooses to interrupt, as in the broadcast dialog. */
  ngatphat: z.array(z.string().max(64)).max(50).optional().default([]),
});
export type LiveStart = z.input<typeof liveStartSchema>;

/** The start's acknowledgement. */
export type LiveStartAnswer =
  | { ok: true; data: { idlichphat: string; batdau: number; chuong: number } }
  | { ok: false; message: string; dangphat?: unknown[] };

/** The sentences of liveEndedByOther, one per case (issue #32 item 3), so each has its English wording (messagesEn). */
export const LIVE_ENDED_TEXTS = {
  anotherOfficer: 'một cán bộ khác',
  otherBulletin: 'bản tin khác',
  stopped: (who: string, at: string) => `Phát trực tiếp của bạn đã bị ${who} dừng lúc ${at}!`,
  takenOver: (who: string, at: string, title: string | null) => `Phát trực tiếp của bạn đã bị ${who} ngắt lúc ${at} để phát ${title ? `"${title}"` : 'bản tin khác'}!`,
} as const;

/**
 * Why a live session ended by someone else's hand, in the officer's own words (issue #32 item 3):
 * who stopped it or took its speakers over, and when (Vietnam time, HH:mm:ss).
 */
export function liveEndedByOther(by: { hoten: string | null; at: string; takenOverBy?: string | null }): string {
  const who = by.hoten ?? LIVE_ENDED_TEXTS.anotherOfficer;
  return by.takenOverBy !== undefined ? LIVE_ENDED_TEXTS.takenOver(who, by.at, by.takenOverBy) : LIVE_ENDED_TEXTS.stopped(who, by.at);
}

/**
 * Why a live session ended, as the sender's console is told; `canhbao` when someone else ended it
 * (stopped from a card or taken over): the console shows it as a warning, not a success.
 */
export const liveEndedSchema = z.object({ idlichphat: z.string(), message: z.string(), canhbao: z.boolean().optional() });
export type LiveEnded = z.infer<typeof liveEndedSchema>;

/** Typed map of console-to-server events (Socket.IO); the console and the server both use it. */
export interface LiveClientEvents {
  [LIVE_EVENTS.start]: (payload: LiveStart, ack: (answer: LiveStartAnswer) => void) => void;
  [LIVE_EVENTS.chunk]: (id: string, chunk: ArrayBuffer | Uint8Array) => void;
  [LIVE_EVENTS.stop]: (id: string, ack: (answer: { ok: boolean; message: string }) => void) => void;
}

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44_100, 48_000, 32_000], 2: [22_050, 24_000, 16_000], 0: [11_025, 12_000, 8000] };

/**
 * The MPEG audio Layer III frame starting at `at`: its length in bytes and milliseconds; 'short'
 * when its header or body runs past the end of `bytes` (more may come), null when no frame header
 * is there.
 */
export function mp3FrameAt(bytes: Uint8Array, at: number): { length: number; ms: number } | 'short' | null {
  if (at + 4 > bytes.length) return 'short';
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (b1 >> 1) & 3; // 1: Layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const kbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const rate = RATES[version]![rateIndex]!;
  const samples = version === 3 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * kbps * 1000) / rate) + ((b2 >> 1) & 1);
  if (length < 4) return null;
  if (at + length > bytes.length) return 'short';
  return { length, ms: (samples * 1000) / rate };
}

/**
 * Checks that `bytes` is whole MPEG audio Layer III frames and nothing else, and answers how many
 * milliseconds they hold; null when it is anything else (a frame header wrong, a frame cut short).
 */
export function mp3FramesDuration(bytes: Uint8Array): number | null {
  let at = 0;
  let ms = 0;
  if (bytes.length < 4) return null;
  while (at < bytes.length) {
    const frame = mp3FrameAt(bytes, at);
    if (frame === null || frame === 'short') return null;
    at += frame.length;
    ms += frame.ms;
  }
  return ms;
}
