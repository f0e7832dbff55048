import { z } from 'zod';
import { isCalendarDay } from '../vietnamTime';
import { SYSTEM_LOG_MESSAGES } from './systemLog.messages';

export { SYSTEM_LOG_MESSAGES } from './systemLog.messages';

// A day (or an instant) that exists: 2026-02-30 is refused, not rolled over to March (issue #27).
const date = z.string().trim().max(40).refine((v) => !Number.isNaN(Date.parse(v)) && (!/^\d{4}-\d{2}-\d{2}/.test(v) || isCalendarDay(v)), SYSTEM_LOG_MESSAGES.dateInvalid);

/** Filters of the system log (all optional) and the keyset cursor of the next page. */
export const systemLogQuerySchema = z
  .object({
    /** User id or login name of the actor. */
    nguoidung: z.string().trim().max(64).optional(),
    hanhdong: z.string().trim().max(64).optional(),
    /** Area id: entries about this area and every area below it. */
    diaban: z.string().trim().max(64).optional(),
    tu: date.optional(),
    den: date.optional(),
    /** `tieptheo` of the previous page. */
    sau: z.string().regex(/^\d{1,19}$/, SYSTEM_LOG_MESSAGES.cursorInvalid).optional(),
    sodong: z.coerce.number().int().min(1).max(500).default(50),
  })
  .refine((q) => !q.tu || !q.den || Date.parse(q.tu) <= Date.parse(q.den), SYSTEM_LOG_MESSAGES.dateRange);
export type SystemLogQuery = z.infer<typeof systemLogQuerySchema>;

export const systemLogEntrySchema = z.object({
  _id: z.string(),
  thoigian: z.string(),
  nguoidung: z.object({ _id: z.string().nullable(), tentaikhoan: z.string().nullable() }),
  hanhdong: z.string(),
  /** `ten`: the target's name when the entry was written (it outlives the target). */
  doituong: z.object({ loai: z.string().nullable(), id: z.string().nullable(), ten: z.string().nullable().optional() }),
  diaban: z.object({ _id: z.string(), tendiaban: z.string() }).nullable(),
  chitiet: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  ketqua: z.string(),
});
export type SystemLogEntry = z.infer<typeof systemLogEntrySchema>;

/** One page; `tieptheo` is the cursor of the next page, null on the last one. */
export const systemLogPageSchema = z.object({ items: z.array(systemLogEntrySchema), tieptheo: z.string().nullable() });
export type SystemLogPage = z.infer<typeof systemLogPageSchema>;

/** Columns of the CSV export, in order. */
export const SYSTEM_LOG_CSV_COLUMNS = ['Thời gian', 'Người thực hiện', 'Hành động', 'Đối tượng', 'Địa bàn', 'Địa chỉ IP', 'Kết quả', 'Chi tiết'] as const;
/** At most this many rows in one export. */
export const SYSTEM_LOG_CSV_MAX_ROWS = 100_000;
