import type { Locale } from '@loa/contract';

/** A weekday as Vietnamese calendars write it (T2 … T7, CN; 0 is Sunday), or English's short name. */
export function shortWeekday(day: number, locale: Locale): string {
  if (locale === 'vi') return day === 0 ? 'CN' : `T${day + 1}`;
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short' }).format(new Date(2026, 10, 22 + day));
}
