import { z } from 'zod';
import { isHttpUrl } from './outbound';

export const NOTIFICATION_MESSAGES = {
  serviceUnknown: 'Dịch vụ nhắn tin không được hỗ trợ!',
  eventUnknown: 'Loại sự kiện thông báo không tồn tại!',
  telegramTokenRequired: 'Bạn chưa nhập mã bot Telegram!',
  telegramChatRequired: 'Bạn chưa nhập mã cuộc trò chuyện (chat id) Telegram!',
  webhookUrlInvalid: 'Địa chỉ webhook phải là một URL http(s) hợp lệ!',
  telegramTokenInvalid: 'Mã bot Telegram không đúng dạng (ví dụ 123456789:AAHk…)!',
  notConfigured: 'Dịch vụ này chưa được cấu hình!',
  zaloTokenRequired: 'Bạn chưa nhập mã truy cập (access token) của Zalo OA!',
  zaloUserRequired: 'Bạn chưa nhập mã người nhận (user id) Zalo!',
  zaloUserInvalid: 'Mã người nhận Zalo chỉ gồm chữ số (tối đa 20 người, cách nhau bởi dấu phẩy)!',
  sendFailed: 'Gửi thử không thành công, hãy kiểm tra cấu hình!',
  testMessage: 'Loa: tin nhắn thử từ hệ thống truyền thanh.',
} as const;

/** Kinds of notification, raised by real events. */
export const NOTIFICATION_KINDS = [
  { value: 'thietbi-matketnoi', ten: 'Thiết bị mất kết nối lâu' },
  { value: 'thietbi-lechdongho', ten: 'Đồng hồ thiết bị không tin cậy' },
  { value: 'phat-batdau', ten: 'Chương trình bắt đầu phát' },
  { value: 'phat-ketthuc', ten: 'Chương trình dừng phát' },
  { value: 'phat-bingat', ten: 'Chương trình bị ngắt bởi bản tin ưu tiên cao hơn' },
  { value: 'lichphat-choduyet', ten: 'Lịch phát chờ duyệt' },
  { value: 'lichphat-sapden', ten: 'Lịch phát sắp đến giờ mà chưa được duyệt' },
  { value: 'lichphat-bolo', ten: 'Lịch phát bị bỏ lỡ' },
  { value: 'canhbao-cap', ten: 'Cảnh báo CAP được phát ngay' },
] as const;
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

export const forwardingUpdateBodySchema = z.discriminatedUnion('dichvu', [
  z.object({ dichvu: z.literal('telegram'), batdau: z.boolean(), sukien: events, cauhinh: telegramConfig }),
  z.object({ dichvu: z.literal('zalo'), batdau: z.boolean(), sukien: events, cauhinh: zaloConfig }),
  z.object({ dichvu: z.literal('webhook'), batdau: z.boolean(), sukien: events, cauhinh: webhookConfig }),
], { error: NOTIFICATION_MESSAGES.serviceUnknown });
export type ForwardingUpdateBody = z.infer<typeof forwardingUpdateBodySchema>;

/** A forwarding setting as the console shows it: secrets are masked. */
export const forwardingSchema = z.object({
  dichvu: messagingServiceSchema,
  batdau: z.boolean(),
  sukien: z.array(z.enum(kinds)),
  cauhinh: z.record(z.string(), z.string()),
  loigannhat: z.string().nullable(),
});
export type Forwarding = z.infer<typeof forwardingSchema>;
export const forwardingServiceBodySchema = z.object({ dichvu: messagingServiceSchema });
