import type { Locale } from '@loa/contract';
import { shortWeekday } from '../../lib/shortWeekday';

export { shortWeekday };

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAY_LOCALE: Record<Locale, string> = { vi: 'vi-VN', en: 'en-GB' };

/** Header date: weekday in the UI language, then DD/MM/YYYY, e.g. 'Thứ Bảy, 21/11/2026'. */
export function formatHeaderDate(date: Date, locale: Locale): string {
  const weekday = new Intl.DateTimeFormat(WEEKDAY_LOCALE[locale], { weekday: 'long' }).format(date);
  const capitalised = weekday.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toLocaleUpperCase(WEEKDAY_LOCALE[locale]));
  return `${capitalised}, ${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** The header's date on a phone, where the long form does not fit: 'T7, 21/11/2026'. */
export function formatHeaderDateShort(date: Date, locale: Locale): string {
  return `${shortWeekday(date.getDay(), locale)}, ${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
