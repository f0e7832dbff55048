import { z } from 'zod';
import { rightEntrySchema } from './auth';

/** Bearer keys (issue #14 item 1): how they are sent, their limits and the messages about them. */
export const API_KEY_SCHEME = 'khoaApi';
/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'loa_';
export const API_KEY_DEFAULT_RATE_PER_MINUTE = 120;
export const API_KEY_MAX_RATE_PER_MINUTE = 6000;

export const API_KEY_MESSAGES = {
  nameRequired: 'Tên khoá API không được để trống (tối đa 100 ký tự)!',
  nameTaken: 'Đã có khoá API đang dùng với tên này, hãy chọn tên khác!',
  rateInvalid: `Giới hạn số lần gọi mỗi phút phải từ 1 đến ${API_KEY_MAX_RATE_PER_MINUTE}!`,
  unknown: 'Khoá API không tồn tại hoặc không thuộc quyền quản lý của bạn!',
  alreadyRevoked: 'Khoá API này đã bị thu hồi!',
  administratorsOnly: 'Chỉ quản trị viên có quyền quản lý tài khoản mới được quản lý khoá API!',
  invalid: 'Khoá API không hợp lệ!',
  revoked: 'Khoá API đã bị thu hồi!',
  tooManyRequests: 'Khoá API này đã gọi quá số lần cho phép trong một phút, vui lòng thử lại sau!',
  notForKeys: 'Thao tác này chỉ dành cho người dùng đăng nhập, không dùng được với khoá API!',
} as const;

/** A key as the Kết nối page lists it (never its secret). */
export const apiKeySchema = z.object({
  _id: z.string(),
  ten: z.string(),
  /** The first characters of the key, so an administrator can tell which one a system uses. */
  tiento: z.string(),
  quyenhan: z.array(rightEntrySchema),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }).nullable(),
  gioihanphut: z.number().int(),
  nguoitao: z.string(),
  ngaytao: z.string(),
  lansudungcuoi: z.string().nullable(),
  ipcuoi: z.string().nullable(),
  thuhoi: z.boolean(),
  ngaythuhoi: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreateBodySchema = z.object({
  ten: z.string({ error: API_KEY_MESSAGES.nameRequired }).trim().min(1, API_KEY_MESSAGES.nameRequired).max(100, API_KEY_MESSAGES.nameRequired),
  /** Unknown or unheld rights are refused by the service with a message that says so. */
  quyenhan: z.array(z.string().max(64)).max(32).default([]),
  diaban: z.string().max(64).nullable().optional().default(null),
  gioihanphut: z.coerce.number({ error: API_KEY_MESSAGES.rateInvalid }).int(API_KEY_MESSAGES.rateInvalid)
    .min(1, API_KEY_MESSAGES.rateInvalid).max(API_KEY_MAX_RATE_PER_MINUTE, API_KEY_MESSAGES.rateInvalid).default(API_KEY_DEFAULT_RATE_PER_MINUTE),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

/** The answer to a creation: the only time the secret is ever shown. */
export const apiKeyCreatedSchema = z.object({ khoa: apiKeySchema, bimat: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyIdBodySchema = z.object({ id: z.string({ error: API_KEY_MESSAGES.unknown }).min(1, API_KEY_MESSAGES.unknown).max(64) });
export const apiKeyListSchema = z.array(apiKeySchema);
