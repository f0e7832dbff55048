import { z } from 'zod';
import { isCalendarDay } from '../vietnamTime';
import { HOLIDAY_MESSAGES } from './holidays.messages';

export { HOLIDAY_MESSAGES } from './holidays.messages';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isCalendarDay);

/** A day of the administrator's holiday calendar: built in (the law) or the administrator's own. */
export const holidaySchema = z.object({
  ngay: isoDay,
  ten: z.string(),
  nguon: z.enum(['luat', 'rieng']),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** GET /v1/client/ngaynghi: the calendar's settings and every holiday of the year asked for. */
export const holidayCalendarSchema = z.object({
  /** Whether Vietnam's public holidays (Labour Code, art. 112) count. */
  ngayleluat: z.boolean(),
  /** The administrator's own days, one "dd/mm/yyyy Tên" a line, as saved. */
  ngayrieng: z.string(),
  nam: z.number().int(),
  danhsach: z.array(holidaySchema),
});
export type HolidayCalendarView = z.infer<typeof holidayCalendarSchema>;

export const holidayCalendarQuerySchema = z.object({ nam: z.coerce.number().int().min(1900).max(2199).optional() });

/** POST /v1/client/ngaynghi/capnhat. */
export const holidayCalendarBodySchema = z.object({
  ngayleluat: z.boolean(),
  ngayrieng: z.string().max(40_000).default(''),
});
export type HolidayCalendarBody = z.infer<typeof holidayCalendarBodySchema>;

/** One refused line of a holiday list. */
export const holidayLineErrorSchema = z.object({ dong: z.number().int(), noidung: z.string(), lydo: z.string() });
export type HolidayLineError = z.infer<typeof holidayLineErrorSchema>;

/**
 * Reads the administrator's own days, one a line: "dd/mm/yyyy Name" (or "yyyy-mm-dd Name"; blank
 * lines and lines from "#" are left out). Every malformed line is reported by its number.
 */
export function parseHolidayLines(text: string): { days: { ngay: string; ten: string }[]; errors: HolidayLineError[] } {
  const days: { ngay: string; ten: string }[] = [];
  const errors: HolidayLineError[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const refuse = (lydo: string) => errors.push({ dong: i + 1, noidung: line, lydo });
    const match = /^(\S+)\s*(.*)$/.exec(line)!;
    const ngay = isoOf(match[1]);
    const ten = match[2].replace(/^[-–:]\s*/, '').trim();
    if (!ngay) return refuse(HOLIDAY_MESSAGES.badDate);
    if (!ten) return refuse(HOLIDAY_MESSAGES.noName);
    if (seen.has(ngay)) return refuse(HOLIDAY_MESSAGES.duplicate);
    seen.add(ngay);
    days.push({ ngay, ten: ten.slice(0, 200) });
  });
  return { days, errors };
}

/** YYYY-MM-DD of a "dd/mm/yyyy" or "yyyy-mm-dd" day that exists in the calendar, else null. */
function isoOf(text: string): string | null {
  const vn = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [y, m, d] = vn ? [+vn[3], +vn[2], +vn[1]] : iso ? [+iso[1], +iso[2], +iso[3]] : [0, 0, 0];
  if (y < 1900 || y > 2199) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** The lines of a list of own days, as the settings page shows them. */
export const holidayLinesOf = (days: { ngay: string; ten: string }[]): string =>
  days.map((d) => `${d.ngay.slice(8, 10)}/${d.ngay.slice(5, 7)}/${d.ngay.slice(0, 4)} ${d.ten}`).join('\n');
