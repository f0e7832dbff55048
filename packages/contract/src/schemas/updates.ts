import { z } from 'zod';

/**
 * Issue #31 item 3: remote updates of the speaker agent (docs/operations.md "Updating boxes",
 * docs/device-protocol.md "Updates"). The server keeps signed agent packages (.deb); an
 * administrator rolls a version out in stages, pauses, resumes and rolls back.
 */
export const UPDATE_MESSAGES = {
  wholeScopeOnly: 'Cập nhật phần mềm loa chỉ dành cho tài khoản quản lý mọi địa bàn!',
  noFile: 'Bạn chưa chọn tệp gói phần mềm (.deb)!',
  noSignature: 'Thiếu chữ ký của gói (tệp .sig do npm run sign:speaker tạo ra)!',
  noPublicKey: 'Máy chủ chưa cấu hình khoá công khai để kiểm tra chữ ký gói (LOA_UPDATE_PUBLIC_KEY)!',
  notDeb: 'Tệp tải lên không phải gói Debian (.deb) hợp lệ!',
  notLoaSpeaker: 'Gói này không phải phần mềm loa (tên gói phải là loa-speaker)!',
  badControl: 'Tệp control của gói thiếu phiên bản hoặc kiến trúc, hoặc có giá trị không hợp lệ!',
  badArchitecture: 'Kiến trúc của gói phải là amd64 hoặc arm64!',
  badSignature: 'Chữ ký không khớp với gói: gói đã bị sửa đổi hoặc không được ký bằng khoá của hệ thống!',
  duplicate: 'Gói phần mềm phiên bản và kiến trúc này đã có trên máy chủ!',
  versionUnknown: 'Chưa có gói phần mềm nào của phiên bản này trên máy chủ!',
  stagesRequired: 'Đợt cập nhật cần ít nhất một giai đoạn, mỗi giai đoạn chọn loa, địa bàn hoặc "các loa còn lại"!',
  deviceUnknown: 'Loa không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  areaUnknown: 'Địa bàn không tồn tại hoặc không thuộc phạm vi quản lý của bạn!',
  noDevices: 'Các giai đoạn đã chọn không có loa nào cần cập nhật lên phiên bản này!',
  downgrade: 'Phiên bản chọn cũ hơn phiên bản đang chạy trên một số loa: không được hạ phiên bản, muốn quay về bản cũ hãy dùng "Hoàn lại"!',
  rolloutUnknown: 'Đợt cập nhật không tồn tại!',
  rolloutRunning: 'Đang có một đợt cập nhật khác chưa xong: hãy tạm dừng hoặc hoàn lại đợt đó trước!',
  notRunning: 'Đợt cập nhật này không đang chạy!',
  notPaused: 'Đợt cập nhật này không ở trạng thái tạm dừng!',
  cannotRollBack: 'Đợt cập nhật này đã được hoàn lại hoặc không còn gì để hoàn lại!',
  previousMissing: 'Không có gói của phiên bản cũ trên máy chủ để hoàn lại: hãy tải gói phiên bản đó lên trước!',
} as const;

export const AGENT_ARCHITECTURES = ['amd64', 'arm64'] as const;
export type AgentArchitecture = (typeof AGENT_ARCHITECTURES)[number];

/** A Debian version as the server accepts it (digits first; letters, digits, `.`, `+`, `~`, `-`). */
export const AGENT_VERSION_PATTERN = /^[0-9][A-Za-z0-9.+~-]{0,39}$/;

/** An agent package kept by the server. */
export const agentPackageSchema = z.object({
  _id: z.string(),
  phienban: z.string(),
  kientruc: z.enum(AGENT_ARCHITECTURES),
  kichthuoc: z.number().int(),
  sha256: z.string(),
  nguoitai: z.string(),
  ngaytao: z.string(),
});
export type AgentPackage = z.infer<typeof agentPackageSchema>;

/** One stage of a rollout: some boxes, some areas (with the areas below), or every box not named in an earlier stage. */
export const rolloutStageSchema = z.object({
  thietbi: z.array(z.string().max(64)).max(2000).default([]),
  diaban: z.array(z.string().max(64)).max(500).default([]),
  conlai: z.boolean().default(false),
});
export type RolloutStage = z.infer<typeof rolloutStageSchema>;

export const rolloutCreateBodySchema = z.object({
  phienban: z.string({ error: UPDATE_MESSAGES.versionUnknown }).trim().regex(AGENT_VERSION_PATTERN, UPDATE_MESSAGES.versionUnknown),
  giaidoan: z.array(rolloutStageSchema, { error: UPDATE_MESSAGES.stagesRequired }).min(1, UPDATE_MESSAGES.stagesRequired).max(10, UPDATE_MESSAGES.stagesRequired),
  /** Also during the boxes' quiet hours (never during a broadcast or a planned occurrence). */
  batbuoc: z.boolean().default(false),
});
export type RolloutCreateBody = z.infer<typeof rolloutCreateBodySchema>;
export const rolloutIdBodySchema = z.object({ id: z.string().min(1, UPDATE_MESSAGES.rolloutUnknown).max(64) });

/**
 * `dangchay` running; `tamdung` paused (by an officer, or by itself when a box failed); `hoantat`
 * every box reached the version; `danghoanlai` boxes going back to their previous version;
 * `dahoanlai` every box that had changed is back.
 */
export const ROLLOUT_STATES = ['dangchay', 'tamdung', 'hoantat', 'danghoanlai', 'dahoanlai'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/**
 * A box in a rollout: `cho` waiting (its stage not begun, offline, busy or in quiet hours), `dagui`
 * the command was sent, `xong` it runs the target version, `loi` it refused or failed, `tuquaylai` it
 * installed but could not reconnect and went back by itself, `huy` left out (rolled back before it was sent).
 */
export const ROLLOUT_DEVICE_STATES = ['cho', 'dagui', 'xong', 'loi', 'tuquaylai', 'huy'] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];

const counts = z.object(Object.fromEntries(ROLLOUT_DEVICE_STATES.map((s) => [s, z.number().int()])) as Record<RolloutDeviceState, z.ZodNumber>);

export const rolloutSchema = z.object({
  _id: z.string(),
  phienban: z.string(),
  trangthai: z.enum(ROLLOUT_STATES),
  batbuoc: z.boolean(),
  /** Why it paused by itself, or null. */
  lydo: z.string().nullable(),
  /** The stage under way (1-based), of `sogiaidoan`. */
  giaidoan: z.number().int(),
  sogiaidoan: z.number().int(),
  tong: z.number().int(),
  dem: counts,
  /** Progress per area (the box's area when the rollout was made). */
  theodiaban: z.array(z.object({ diaban: z.object({ _id: z.string(), tendiaban: z.string() }), tong: z.number().int(), dem: counts })),
  /** The boxes that failed or went back, with what they said. */
  loi: z.array(z.object({ thietbi: z.object({ _id: z.string(), tenthietbi: z.string() }), trangthai: z.enum(ROLLOUT_DEVICE_STATES), thongbao: z.string() })),
  nguoitao: z.string(),
  ngaytao: z.string(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

/** The version in a firmware string a box reports (`loa-speaker/0.3.1` → `0.3.1`), or null. */
export function agentVersionOf(firmware: string | null | undefined): string | null {
  if (!firmware) return null;
  const version = firmware.slice(firmware.lastIndexOf('/') + 1);
  return AGENT_VERSION_PATTERN.test(version) ? version : null;
}

/** Debian-style comparison of two versions, enough for the agent's (digits and letters, `~` sorts first): <0, 0, >0. */
export function compareAgentVersions(a: string, b: string): number {
  const parts = (v: string) => v.match(/\d+|[^\d]+/g) ?? [];
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    // A pre-release marker (~) sorts before anything, even the end.
    if (x.startsWith('~') || y.startsWith('~')) return x.startsWith('~') ? -1 : 1;
    if (x === '') return -1;
    if (y === '') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
