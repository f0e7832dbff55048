import type { Locale } from '@loa/contract';

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAY_LOCALE: Record<Locale, string> = { vi: 'vi-VN', en: 'en-GB' };

/** Header date: weekday in the UI language, then DD/MM/YYYY, e.g. 'Thứ Bảy, 21/11/2026'. */
export function formatHeaderDate(date: Date, locale: Locale): string {
  const weekday = new Intl.DateTimeFormat(WEEKDAY_LOCALE[locale], { weekday: 'long' }).format(date);
  const capitalised = weekday.replace(/(^|\s)(\p{L})/gu, (_, space: string, letter: string) => space + letter.toLocaleUpperCase(WEEKDAY_LOCALE[locale]));
  return `${capitalised}, ${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
