import { z } from 'zod';

// Outbound requests (hardening #15 item 3, SSRF): the addresses the server itself fetches
// (relay streams, webhooks, speech providers' audio), and why a fetch was refused or failed.
// The reasons are sentences shown to users instead of anything the remote side answered.
export const OUTBOUND_MESSAGES = {
  urlNotHttp: 'Địa chỉ phải là một URL bắt đầu bằng http:// hoặc https://!',
  relayUrlNotHttp: 'Đường dẫn tiếp sóng phải là một địa chỉ bắt đầu bằng http:// hoặc https:// (ví dụ https://radio.vn/truc-tiep.mp3)!',
  channelUnknown: 'Kênh tiếp sóng không tồn tại!',
  addressRefused: 'Địa chỉ này trỏ vào mạng nội bộ hoặc một địa chỉ đặc biệt (localhost, 10.x, 192.168.x, 169.254.x…) nên máy chủ không được phép kết nối. Nếu thật sự cần, hãy nhờ quản trị hệ thống cho phép địa chỉ này.',
  hostNotFound: 'Không tìm thấy tên máy trong địa chỉ.',
  connectFailed: 'Không kết nối được tới máy nhận.',
  timeout: 'Máy nhận không trả lời trong thời gian cho phép.',
  tooLarge: 'Câu trả lời của máy nhận vượt quá dung lượng cho phép.',
  redirect: 'Máy nhận chuyển hướng sang địa chỉ khác; máy chủ không đi theo.',
} as const;

/** The reason a webhook or provider answered with a non-success status (its body is never shown). */
export const outboundStatusMessage = (status: number): string => `Máy nhận trả lời mã lỗi HTTP ${status}.`;

const httpUrl = z.url({ protocol: /^https?$/ });
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Whether a text is an absolute http(s) URL with a host, spelled plainly: no spaces or control
 * characters the URL parser would silently drop (so "java\nscript:" cannot pass as something else).
 */
export function isHttpUrl(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text) && !hasControl(text) && httpUrl.safeParse(text).success;
}

/** A relay channel id (danhsachkenhsohoa `_id`), which a relay source may name instead of a typed path. */
export const CHANNEL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

