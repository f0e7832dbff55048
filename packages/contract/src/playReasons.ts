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

/** The agent's error texts, by their opening words, and what they mean. */
const ERROR_PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^HTTP (\d{3})\b/, (m) => `Không tải được âm thanh (máy chủ trả lỗi ${m[1]})`],
  [/^cannot fetch .*?: ([A-Z_]+)\s*$/, (m) => `Không tải được âm thanh (${m[1]})`],
  [/^cannot fetch /, () => 'Không tải được âm thanh'],
  [/^(unsupported audio URL|Invalid URL|Failed to parse URL)/, () => 'Địa chỉ âm thanh không hợp lệ'],
  [/exited with code (\d+)/, (m) => `Trình phát của loa bị lỗi (mã ${m[1]})`],
];

/** A play-history or live-card reason in Vietnamese; null when there is nothing to say. */
export function playReasonText(event: 'started' | 'finished' | 'error', message: string | null | undefined): string | null {
  if (event === 'started') return null;
  if (event === 'finished') return message ? PLAY_END_REASONS[message] ?? message : 'Phát hết';
  if (!message) return 'Lỗi phát không rõ nguyên nhân';
  for (const [pattern, say] of ERROR_PATTERNS) {
    const m = pattern.exec(message);
    if (m) return say(m);
  }
  return `Lỗi phát: ${message}`;
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
