import { z } from 'zod';
import { MSG } from '../messages';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { areaSchema } from './common';

const text = (max: number) => z.string().trim().max(max);

/** Login payload of spec §3. */
export const loginBodySchema = z.object({
  tentaikhoan: z.string({ error: MSG.loginNameRequired }).trim().min(1, MSG.loginNameRequired).max(64),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256),
  token: z.string().max(4096).optional().nullable(),
  DiaDiem: text(200).optional().nullable(),
  DeviceID: z.string().max(64).optional().nullable(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Login device entry of spec §3. HoatDongLanCuoi is unix seconds. */
export const loginDeviceSchema = z.object({
  DeviceID: z.string(),
  userId: z.string(),
  TenThietBi: z.string(),
  HoatDongLanCuoi: z.number().int(),
  DiaDiem: z.string(),
  DiaChiIP: z.string(),
  status: z.enum(['login', 'logout']),
});
export type LoginDevice = z.infer<typeof loginDeviceSchema>;

export const rightEntrySchema = z.object({ value: z.string(), quyen: z.string() });
export type RightEntry = z.infer<typeof rightEntrySchema>;

/** The logged-in user as the console keeps it (spec §3). */
export const userSchema = z.object({
  tentaikhoan: z.string(),
  hoten: z.string(),
  email: z.string(),
  sdt: z.string(),
  diaban: areaSchema.pick({ _id: true, tendiaban: true }).nullable(),
  loaitaikhoan: z.string(),
  quyenhan: z.array(rightEntrySchema),
  trangthaixacthucemail: z.boolean(),
  ThietbiDangnhap: z.array(loginDeviceSchema),
  idAdmin: z.string(),
  userID: z.string(),
  DeviceID: z.string(),
  /** The password was reset by an administrator: only profile, password change and sign-out work until it is changed. */
  doimatkhau: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Sign out another login device. */
export const signOutDeviceBodySchema = z.object({
  DeviceID: z.string({ error: MSG.loginDeviceNotFound }).min(1, MSG.loginDeviceNotFound).max(64),
  userId: z.string().max(64).optional(),
});

const phonePattern = /^\+?[0-9 .-]{8,15}$/;

/** Change information: full name, email and phone (spec §2 Profile dialog). */
export const changeInfoBodySchema = z.object({
  hoten: z.string({ error: MSG.fullNameRequired }).trim().min(1, MSG.fullNameRequired).max(100),
  email: z.string().trim().max(200).refine((v) => v === '' || z.email().safeParse(v).success, MSG.emailInvalid).default(''),
  sdt: z.string().trim().max(20).refine((v) => v === '' || phonePattern.test(v), MSG.phoneInvalid).default(''),
});
export type ChangeInfoBody = z.infer<typeof changeInfoBodySchema>;

/** First failing rule of spec §5 "Change password", in its order; null when the form is valid. */
export function changePasswordError(body: { matkhauHientai?: string; matkhaumoi?: string; nhaplaimatkhaumoi?: string }): string | null {
  if (!body.matkhauHientai) return MSG.currentPasswordRequired;
  if (!body.matkhaumoi) return MSG.newPasswordRequired;
  if (!body.nhaplaimatkhaumoi) return MSG.repeatPasswordRequired;
  if (body.nhaplaimatkhaumoi !== body.matkhaumoi) return MSG.repeatPasswordMismatch;
  if (body.matkhaumoi.length < PASSWORD_MIN_LENGTH) return MSG.newPasswordTooShort;
  return null;
}

export const changePasswordBodySchema = z
  .object({
    matkhauHientai: z.string().max(256).optional().default(''),
    matkhaumoi: z.string().max(256).optional().default(''),
    nhaplaimatkhaumoi: z.string().max(256).optional().default(''),
  })
  .superRefine((body, ctx) => {
    const message = changePasswordError(body);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
