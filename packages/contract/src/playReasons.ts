/**
 * Why a speaker ended or failed a play item, in Vietnamese: the one place that turns the agent's
 * codes (`finished` with `preempted`, `takenOver`, `stopped`, `reboot`, `shutdown`) and its error texts into words
 * an officer reads (device history, live card).
 */
export const PLAY_END_REASONS: Record<string, string> = {
  stopped: 'Dừng theo lệnh từ máy chủ',
  preempted: 'Bị ngắt bởi bản tin ưu tiên cao hơn (phát tiếp khi bản tin đó kết thúc)',
  takenOver: 'Bị ngắt: cán bộ khác phát đè bản tin cùng mức ưu tiên',
  reboot: 'Loa khởi động lại',
  shutdown: 'Phần mềm loa dừng hoặc loa tắt',
};

/**
 * The agent's error texts and what they mean. The agent's own (it fetches files and live voice) by
 * their opening words; the player's (mpg123 or ffplay open a relay themselves; issue #32 item 10),
 * found anywhere in the last lines it wrote, as measured against mpg123 1.31 and ffplay.
 */
const ERROR_PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^HTTP (\d{3})\b/, (m) => `Không tải được âm thanh (máy chủ trả lỗi ${m[1]})`],
  [/^cannot fetch .*?: ([A-Z_]+)\s*$/, (m) => `Không tải được âm thanh (${m[1]})`],
  [/^cannot fetch /, () => 'Không tải được âm thanh'],
  [/^(unsupported audio URL|Invalid URL|Failed to parse URL)/, () => 'Địa chỉ âm thanh không hợp lệ'],
  [/^live stream answered HTTP (\d{3})/, (m) => `Không nhận được luồng phát trực tiếp (HTTP ${m[1]})`],
  [/^live stream: /, () => 'Mất kết nối với luồng phát trực tiếp'],
  [/HTTP error response: HTTP\/[\d.]+ (\d{3})|Server returned (\d{3})/, (m) => `Không tải được nguồn tiếp sóng (HTTP ${m[1] ?? m[2]})`],
  [/no data at all from network resource/, () => 'Không tải được nguồn tiếp sóng (máy chủ nguồn không gửi dữ liệu)'],
  [/Resolving .*?: (Name or service not known|Temporary failure)|Failed to resolve hostname/, () => 'Không tải được nguồn tiếp sóng (không tìm thấy tên máy chủ nguồn)'],
  [/Connection refused|Unable to establish connection|Connection timed out|Network is unreachable/, () => 'Không tải được nguồn tiếp sóng (không kết nối được máy chủ nguồn)'],
  [/Unknown mpeg MIME type ([\w./+-]+)|Invalid data found when processing input/, (m) => `Nguồn phát không phải âm thanh MP3${m[1] ? ` (${m[1]})` : ''}`],
  [/failed to open file: .*No such file/, () => 'Không mở được tệp âm thanh trên loa'],
  [/exited with code (\d+)/, (m) => `Trình phát của loa bị lỗi (mã ${m[1]})`],
];

/**
 * A play-history or live-card reason in Vietnamese; null when there is nothing to say. An error
 * not recognised is not shown raw (it is English, from the player): its text stays in the device's
 * history record and the server log.
 */
export function playReasonText(event: 'started' | 'finished' | 'error', message: string | null | undefined): string | null {
  if (event === 'started') return null;
  if (event === 'finished') return message ? PLAY_END_REASONS[message] ?? message : 'Phát hết';
  if (!message) return 'Lỗi phát không rõ nguyên nhân';
  for (const [pattern, say] of ERROR_PATTERNS) {
    const m = pattern.exec(message);
    if (m) return say(m);
  }
  return 'Trình phát của loa báo lỗi (chi tiết trong nhật ký của loa)';
}

/** What a speaker lost to a link that dropped mid-stream (issue #30: `gap` events), in Vietnamese. */
export function gapText(seconds: number | null | undefined): string {
  return `Mất tiếng ${(Math.round((seconds ?? 0) * 10) / 10).toLocaleString('vi-VN')} giây do đường truyền gián đoạn`;
}

/** A stored audio name as people wrote it: without the unique prefix (timestamp, random hex, uploader tag) and URL escapes. */
export function readableMediaName(urlOrKey: string): string {
  const last = urlOrKey.split(/[?#]/)[0]!.split('/').pop() ?? urlOrKey;
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A malformed escape: the name as stored.
  }
  return name.replace(/^\d{13}-?[0-9a-f]{16}-(?:[0-9a-f]{12}-)?/, '') || name;
}
