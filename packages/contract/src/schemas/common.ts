import { z } from 'zod';

/** Every successful answer is wrapped as `{ data }` (the console reads `data.data`). */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Error answers carry a Vietnamese message; 401 also says whether a silent refresh can help. */
export const errorSchema = z.object({ message: z.string() });
export const unauthorizedSchema = z.object({ message: z.string(), auto: z.enum(['yes', 'no']) });
export type ApiError = z.infer<typeof errorSchema>;
export type Unauthorized = z.infer<typeof unauthorizedSchema>;

/** Area (địa bàn) as the lists of spec §3 show it. */
export const areaSchema = z.object({
  _id: z.string(),
  tendiaban: z.string(),
  cap: z.enum(['tinh', 'huyen', 'xa', 'thon'] as const),
  idcha: z.string().nullable(),
});
export type Area = z.infer<typeof areaSchema>;

/** Human labels for wire field names, used to name the field in validation messages. */
export const FIELD_LABELS: Record<string, string> = {
  tentaikhoan: 'Tên tài khoản',
  password: 'Mật khẩu',
  token: 'Mã xác thực',
  DiaDiem: 'Địa điểm',
  DeviceID: 'Mã thiết bị đăng nhập',
  userId: 'Mã người dùng',
  hoten: 'Họ tên',
  email: 'Email',
  sdt: 'Số điện thoại',
  matkhauHientai: 'Mật khẩu hiện tại',
  matkhaumoi: 'Mật khẩu mới',
  nhaplaimatkhaumoi: 'Nhập lại mật khẩu mới',
};
