import type { MonthlyRule, Schedule, ScheduleException } from '@loa/contract';
import type { I18nValue } from '../../i18n/I18nProvider';
import { VN_OFFSET_MS, vnDate, vnTime } from './vietnamTime';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** Weekdays in the console's order (Monday first): 0 = Sunday … 6 = Saturday. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Short day names, by weekday number. */
export const DAY_SHORT = {
  vi: ['CN', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
} as const;

/** Full day names, by weekday number. */
export const DAY_LONG = {
  vi: ['Chủ nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
} as const;

/** A monthly rule in words: 'Ngày 15 hằng tháng', 'Thứ Hai tuần thứ 2 hằng tháng', 'Thứ Sáu cuối cùng hằng tháng'. */
export function formatMonthly(rule: MonthlyRule, { t, locale }: Pick<I18nValue, 't' | 'locale'>): string {
  if (rule.kieu === 'ngay') return t('schedules.whenMonthlyDay', { day: rule.ngay });
  const weekday = DAY_LONG[locale][rule.thu]!;
  return rule.tuan === -1 ? t('schedules.whenMonthlyLast', { weekday }) : t('schedules.whenMonthlyNth', { weekday, nth: rule.tuan });
}

/** Weekdays as runs, Monday first: [1,2,3,4,5] → 'T2–T6', [1,3] → 'T2, T4'; every day → `everyDay`. */
export function formatWeekdays(weekdays: readonly number[], names: readonly string[], everyDay: string): string {
  const chosen = WEEK_ORDER.filter((d) => weekdays.includes(d));
  if (chosen.length === 7) return everyDay;
  const parts: string[] = [];
  let i = 0;
  while (i < chosen.length) {
    let j = i;
    while (j + 1 < chosen.length && WEEK_ORDER.indexOf(chosen[j + 1]!) === WEEK_ORDER.indexOf(chosen[j]!) + 1) j += 1;
    const from = names[chosen[i]!]!;
    const to = names[chosen[j]!]!;
    if (j - i >= 2) parts.push(`${from}–${to}`);
    else parts.push(...chosen.slice(i, j + 1).map((d) => names[d]!));
    i = j + 1;
  }
  return parts.join(', ');
}

/** DD/MM/YYYY of a YYYY-MM-DD date. */
export const formatDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * When a schedule plays, as the list shows it: 'T2–T6 06:00, 17:00', '22/11/2025 09:00', and for the
 * other repeats (with `i18n`) 'Hằng ngày 06:00', 'Thứ Hai tuần thứ 2 hằng tháng 06:00', '3 ngày: 25/11/2026, … 06:00'.
 */
export function formatScheduleWhen(
  schedule: Pick<Schedule, 'chedophat' | 'thutrongtuan' | 'giophat' | 'ngaybatdau'> & Partial<Pick<Schedule, 'hangthang' | 'cacngay'>>,
  names: readonly string[], everyDay: string, i18n?: Pick<I18nValue, 't' | 'locale'>,
): string {
  const times = [...schedule.giophat].map((t) => t.slice(0, 5)).sort().join(', ');
  return `${ruleWords(schedule, names, everyDay, i18n)} ${times}`.trim();
}

function ruleWords(schedule: Parameters<typeof formatScheduleWhen>[0], names: readonly string[], everyDay: string, i18n?: Pick<I18nValue, 't' | 'locale'>): string {
  switch (schedule.chedophat) {
    case 'motlan': return formatDate(schedule.ngaybatdau);
    case 'hangngay': return everyDay;
    case 'ngaythuong': return formatWeekdays([1, 2, 3, 4, 5], names, everyDay);
    case 'hangthang': return schedule.hangthang && i18n ? formatMonthly(schedule.hangthang, i18n) : '';
    case 'cacngay': {
      const dates = schedule.cacngay ?? [];
      const shown = dates.slice(0, 3).map(formatDate).join(', ') + (dates.length > 3 ? ', …' : '');
      return i18n ? i18n.t('schedules.whenDates', { count: dates.length, dates: shown }) : shown;
    }
    default: return formatWeekdays(schedule.thutrongtuan, names, everyDay);
  }
}

/** An exception in words: '25/12/2026 06:00: không phát', '25/12/2026 06:00 → 26/12/2026 07:00'. */
export function formatException(e: ScheduleException, t: I18nValue['t']): string {
  const when = `${formatDate(e.ngay)}${e.gio ? ` ${e.gio.slice(0, 5)}` : ''}`;
  return e.doisang ? t('schedules.exceptionMoved', { when, to: `${formatDate(e.doisang.ngay)} ${e.doisang.gio.slice(0, 5)}` }) : t('schedules.exceptionSkipped', { when });
}

/** How many exceptions the list row names before '… và n ngoại lệ khác'. */
const EXCEPTIONS_SHOWN = 2;

/**
 * What else bounds a schedule's repeats, as the list row shows it under its days and times (issue #32):
 * its end date and count ('Đến 31/12/2026 · Phát 10 lần · Bỏ qua ngày lễ'), and its exceptions; null where there is none.
 */
export function formatRuleLimits(
  schedule: Pick<Schedule, 'chedophat' | 'ngayketthuc' | 'solanphat' | 'bongayle' | 'ngoaile'>, t: I18nValue['t'],
): { limits: string | null; exceptions: string | null } {
  const repeats = schedule.chedophat !== 'motlan';
  const limits = [
    repeats && schedule.ngayketthuc ? t('schedules.rowUntil', { date: formatDate(schedule.ngayketthuc) }) : null,
    repeats && schedule.solanphat ? t('schedules.rowCount', { count: schedule.solanphat }) : null,
    schedule.bongayle ? t('schedules.rowHolidays') : null,
  ].filter((part) => part !== null);
  const named = schedule.ngoaile.slice(0, EXCEPTIONS_SHOWN).map((e) => formatException(e, t));
  const more = schedule.ngoaile.length - named.length;
  const list = `${named.join('; ')}${more > 0 ? ` ${t('schedules.rowMoreExceptions', { count: more })}` : ''}`;
  return { limits: limits.length ? limits.join(' · ') : null, exceptions: named.length ? t('schedules.rowExceptions', { list }) : null };
}

/** An instant as 'DD/MM/YYYY HH:mm' in Vietnam time. */
export const formatStart = (ms: number): string => `${formatDate(vnDate(ms))} ${vnTime(ms)}`;

/** The Vietnam time of day of an instant as HH:mm, or HH:mm:ss when `seconds`. */
const clock = (ms: number, seconds: boolean): string => new Date(ms + VN_OFFSET_MS).toISOString().slice(11, seconds ? 19 : 16);

/**
 * A whole occurrence, 'DD/MM/YYYY HH:mm–HH:mm' in Vietnam time: seconds are shown when a bound is
 * not on the minute (so a 30 s programme never reads '17:31–17:31'), the end's date when it is another day.
 */
export function formatRange(start: number, end: number): string {
  const seconds = Math.floor(start / 1000) % 60 !== 0 || Math.floor(end / 1000) % 60 !== 0;
  const endDate = vnDate(end) === vnDate(start) ? '' : `${formatDate(vnDate(end))} `;
  return `${formatDate(vnDate(start))} ${clock(start, seconds)}–${endDate}${clock(end, seconds)}`;
}
