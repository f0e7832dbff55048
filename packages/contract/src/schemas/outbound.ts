import { z } from 'zod';

// Outbound requests (hardening #15 item 3, SSRF): the addresses the server itself fetches
// (relay streams, webhooks, speech providers' audio), and why a fetch was refused or failed.
// The reasons are sentences shown to users instead of anything the remote side answered.
export { OUTBOUND_MESSAGES } from './outbound.messages';

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

