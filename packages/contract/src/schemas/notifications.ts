import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../constants';
import { isHttpUrl } from './outbound';
import { NOTIFICATION_MESSAGES, NOTIFICATION_KINDS } from './notifications.messages';

export { NOTIFICATION_MESSAGES, NOTIFICATION_KINDS } from './notifications.messages';
export { NOTIFICATION_TEXTS } from './notifications.texts';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['value'];
const kinds = NOTIFICATION_KINDS.map((k) => k.value) as [NotificationKind, ...NotificationKind[]];

export const notificationSchema = z.object({
  _id: z.string(),
  loai: z.enum(kinds),
  tieude: z.string(),
  noidung: z.string(),
  /** Console path to open (e.g. /quan-ly-thiet-bi?id=…), or null. */
  lienket: z.string().nullable(),
  doituong: z.object({ loai: z.string(), id: z.string() }).nullable(),
  dadoc: z.boolean(),
  thoigian: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  chuadoc: z.enum(['0', '1']).optional(),
  /** `tieptheo` of the previous page. */
  sau: z.string().regex(/^\d{1,19}$/).optional(),
  sodong: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationPageSchema = z.object({ items: z.array(notificationSchema), chuadoc: z.number().int(), tieptheo: z.string().nullable() });
export const unreadCountSchema = z.object({ chuadoc: z.number().int() });
export const notificationReadBodySchema = z.object({ ids: z.array(z.string().regex(/^\d{1,19}$/)).min(1).max(500) });

/** Messaging services a tenant can forward notifications to (/notification-{service}). */
export const MESSAGING_SERVICES = ['telegram', 'zalo', 'webhook'] as const;
export type MessagingService = (typeof MESSAGING_SERVICES)[number];
export const messagingServiceSchema = z.enum(MESSAGING_SERVICES, { error: NOTIFICATION_MESSAGES.serviceUnknown });

/** A bot token as BotFather gives it; it becomes part of the request path, so nothing else may pass. */
const TELEGRAM_TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{1,100}$/;
const telegramConfig = z.object({
  /** Left empty on an update: the stored token is kept. */
  bottoken: z.string().trim().max(200).refine((v) => v === '' || TELEGRAM_TOKEN.test(v), NOTIFICATION_MESSAGES.telegramTokenInvalid).optional(),
  chatid: z.string({ error: NOTIFICATION_MESSAGES.telegramChatRequired }).trim().min(1, NOTIFICATION_MESSAGES.telegramChatRequired).max(100),
});
/**
 * Zalo Official Account: the OA's access token (sent as a header, never in a path), and the followers
 * who receive the messages, by their user id for the OA (digits), comma-separated.
 */
const zaloConfig = z.object({
  /** Left empty on an update: the stored token is kept. */
  accesstoken: z.string().trim().max(1000).optional(),
  nguoinhan: z.string({ error: NOTIFICATION_MESSAGES.zaloUserRequired }).trim().min(1, NOTIFICATION_MESSAGES.zaloUserRequired).max(500)
    .refine((v) => v.split(',').map((x) => x.trim()).every((x) => /^\d{1,30}$/.test(x)) && v.split(',').length <= 20, NOTIFICATION_MESSAGES.zaloUserInvalid),
});
const webhookConfig = z.object({
  url: z.string().trim().max(2000, NOTIFICATION_MESSAGES.webhookUrlInvalid).refine(isHttpUrl, NOTIFICATION_MESSAGES.webhookUrlInvalid),
  /** Optional shared secret: requests carry X-Loa-Signature: sha256=<hex HMAC of the body>. Empty keeps the stored one. */
  bimat: z.string().max(200).optional(),
});
const events = z.array(z.enum(kinds, { error: NOTIFICATION_MESSAGES.eventUnknown })).max(kinds.length);

/** The language the forwarded messages are written in (Vietnamese unless chosen). */
const language = z.enum(LOCALES).default(DEFAULT_LOCALE);

export const forwardingUpdateBodySchema = z.discriminatedUnion('dichvu', [
  z.object({ dichvu: z.literal('telegram'), batdau: z.boolean(), sukien: events, ngonngu: language, cauhinh: telegramConfig }),
  z.object({ dichvu: z.literal('zalo'), batdau: z.boolean(), sukien: events, ngonngu: language, cauhinh: zaloConfig }),
  z.object({ dichvu: z.literal('webhook'), batdau: z.boolean(), sukien: events, ngonngu: language, cauhinh: webhookConfig }),
], { error: NOTIFICATION_MESSAGES.serviceUnknown });
export type ForwardingUpdateBody = z.infer<typeof forwardingUpdateBodySchema>;

/** A forwarding setting as the console shows it: secrets are masked. */
export const forwardingSchema = z.object({
  dichvu: messagingServiceSchema,
  batdau: z.boolean(),
  sukien: z.array(z.enum(kinds)),
  /** The language its messages are written in. */
  ngonngu: z.enum(LOCALES),
  cauhinh: z.record(z.string(), z.string()),
  loigannhat: z.string().nullable(),
  /** Whether the caller may change it (the administrator's own account, or an account manager not limited to an area). */
  duocsua: z.boolean(),
});
export type Forwarding = z.infer<typeof forwardingSchema>;
export const forwardingServiceBodySchema = z.object({ dichvu: messagingServiceSchema });
