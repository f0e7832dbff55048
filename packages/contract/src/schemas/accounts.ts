import { z } from 'zod';
import { ADMIN_ACCOUNT_TYPE, PASSWORD_MIN_LENGTH, RIGHTS } from '../constants';
import { rightEntrySchema } from './auth';
import { ACCOUNT_MESSAGES } from './accounts.messages';

export { ACCOUNT_MESSAGES } from './accounts.messages';

export const NON_ADMIN_ACCOUNT_TYPE = 'canbo';
export const ACCOUNT_TYPES = [ADMIN_ACCOUNT_TYPE, NON_ADMIN_ACCOUNT_TYPE] as const;
const rightValues = RIGHTS.map((r) => r.value) as [string, ...string[]];

const loginName = z.string({ error: ACCOUNT_MESSAGES.loginNameInvalid }).trim().regex(/^[A-Za-z0-9._-]{3,64}$/, ACCOUNT_MESSAGES.loginNameInvalid);
export const newPasswordSchema = z.string({ error: ACCOUNT_MESSAGES.passwordTooShort }).min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort).max(256);
const fullName = z.string({ error: 'Họ tên không được để trống!' }).trim().min(1, 'Họ tên không được để trống!').max(100);
const email = z.string().trim().max(200).refine((v) => v === '' || z.email().safeParse(v).success, ACCOUNT_MESSAGES.emailInvalid);
const phone = z.string().trim().max(20).refine((v) => v === '' || /^\+?[0-9 .-]{8,15}$/.test(v), 'Số điện thoại không hợp lệ!');
const accountType = z.enum(ACCOUNT_TYPES, { error: ACCOUNT_MESSAGES.accountTypeInvalid });
/** Unknown values are refused by the service with a message that says so (not as a schema error). */
const rights = z.array(z.string().max(64)).max(32);
const areaRef = z.string().max(64).nullable().optional().default(null);
const id = z.string({ error: ACCOUNT_MESSAGES.accountUnknown }).min(1, ACCOUNT_MESSAGES.accountUnknown).max(64);

/** An account as the account screen lists it. */
export const accountSchema = z.object({
  _id: z.string(),
  tentaikhoan: z.string(),
  hoten: z.string(),
  email: z.string(),
  sdt: z.string(),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }).nullable(),
  loaitaikhoan: z.string(),
  /** Label of §6: 'Quản Trị Viên' for 'nguoidung', 'Người Dùng' otherwise. */
  tenloaitaikhoan: z.string(),
  quyenhan: z.array(rightEntrySchema),
  trangthaixacthucemail: z.boolean(),
  khoa: z.boolean(),
  /** The password was reset: the user must change it at the next sign-in. */
  doimatkhau: z.boolean(),
  idAdmin: z.string(),
  ngaytao: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountListQuerySchema = z.object({
  tim: z.string().trim().max(100).optional(),
  trang: z.coerce.number().int().min(1).default(1),
  sodong: z.coerce.number().int().min(1).max(200).default(50),
});
export const accountListSchema = z.object({ items: z.array(accountSchema), total: z.number().int() });

export const accountCreateBodySchema = z.object({
  tentaikhoan: loginName,
  matkhau: newPasswordSchema,
  hoten: fullName,
  email: email.default(''),
  sdt: phone.default(''),
  loaitaikhoan: accountType.default(NON_ADMIN_ACCOUNT_TYPE),
  quyenhan: rights.default([]),
  diaban: areaRef,
});
export type AccountCreateBody = z.infer<typeof accountCreateBodySchema>;

export const accountUpdateBodySchema = z.object({
  id,
  hoten: fullName,
  email: email.default(''),
  sdt: phone.default(''),
  loaitaikhoan: accountType,
  quyenhan: rights,
  diaban: areaRef,
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;

export const accountIdBodySchema = z.object({ id });
/** Without matkhaumoi the server makes a temporary password and answers it once. */
export const accountResetPasswordBodySchema = z.object({ id, matkhaumoi: newPasswordSchema.optional() });
export const accountResetPasswordResultSchema = z.object({ matkhautam: z.string() });
/** The rights that exist, with labels, for the account form. */
export const rightListSchema = z.array(z.object({ value: z.enum(rightValues), quyen: z.string() }));

// Invitations

export const invitationCreateBodySchema = z.object({
  email: z.string({ error: ACCOUNT_MESSAGES.emailRequired }).trim().min(1, ACCOUNT_MESSAGES.emailRequired).max(200).pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid })),
  hoten: z.string().trim().max(100).default(''),
  loaitaikhoan: accountType.default(NON_ADMIN_ACCOUNT_TYPE),
  quyenhan: rights.default([]),
  diaban: areaRef,
});
export type InvitationCreateBody = z.infer<typeof invitationCreateBodySchema>;

export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  hoten: z.string(),
  loaitaikhoan: z.string(),
  quyenhan: z.array(rightEntrySchema),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }).nullable(),
  nguoimoi: z.string(),
  trangthai: z.enum(['cho', 'dadung', 'huy', 'hethan']),
  hethan: z.string(),
  ngaytao: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationIdBodySchema = z.object({ id: z.string({ error: ACCOUNT_MESSAGES.invitationInvalid }).min(1, ACCOUNT_MESSAGES.invitationInvalid).max(64) });
const token = z.string({ error: ACCOUNT_MESSAGES.invitationInvalid }).min(1, ACCOUNT_MESSAGES.invitationInvalid).max(200);
export const invitationTokenQuerySchema = z.object({ token });
/** What the invited person sees before accepting (no rights to change). */
export const invitationPreviewSchema = z.object({ email: z.string(), hoten: z.string(), nguoimoi: z.string(), tendiaban: z.string().nullable(), hethan: z.string() });
export const invitationAcceptBodySchema = z
  .object({ token, tentaikhoan: loginName, matkhau: newPasswordSchema, nhaplaimatkhau: z.string().max(256).optional(), hoten: fullName, sdt: phone.default('') })
  .refine((b) => b.nhaplaimatkhau === undefined || b.nhaplaimatkhau === b.matkhau, ACCOUNT_MESSAGES.passwordRepeatMismatch);
export type InvitationAcceptBody = z.infer<typeof invitationAcceptBodySchema>;

// E-mail verification

export const emailVerifyBodySchema = z.object({ token: z.string({ error: ACCOUNT_MESSAGES.emailTokenInvalid }).min(1, ACCOUNT_MESSAGES.emailTokenInvalid).max(200) });
export const emailVerifyResultSchema = z.object({ email: z.string(), trangthaixacthucemail: z.boolean() });
/**
 * What became of a verification link asked for: mailed through SMTP ('smtp'), or, without SMTP,
 * kept in the outbox ('hopthu') that only account managers read (Quản lý tài khoản → Hộp thư gửi đi).
 */
export const emailVerificationSentSchema = z.object({ cachgui: z.enum(['smtp', 'hopthu']) });
export type EmailVerificationSent = z.infer<typeof emailVerificationSentSchema>;

// Outbox (mail written to disk when no SMTP server is configured)

export const outboxItemSchema = z.object({ _id: z.string(), nguoinhan: z.string(), tieude: z.string(), thoigian: z.string(), kichthuoc: z.number().int() });
export const outboxListSchema = z.array(outboxItemSchema);
export const outboxMessageSchema = outboxItemSchema.extend({ noidung: z.string(), eml: z.string() });
export const outboxIdParamsSchema = z.object({ id: z.string().regex(/^[\w.-]{1,120}\.eml$/, ACCOUNT_MESSAGES.mailUnknown) });
