import { VN_OFFSET_MS, vnHourMinute, vnIsoDay } from '@loa/contract';

/** Vietnam keeps UTC+7 all year (no daylight saving): local days are fixed offsets from UTC. */
export { VN_OFFSET_MS };
export const DAY_MS = 24 * 3600 * 1000;

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumber = (isoDate: string): number => Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10)) / DAY_MS;

/** The YYYY-MM-DD date of a day number. */
export const isoOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The Vietnam calendar date of an instant, as YYYY-MM-DD. */
export const vnDate = vnIsoDay;

/** The Vietnam time of day of an instant, as HH:mm. */
export const vnTime = vnHourMinute;

/** Weekday of a date, 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekdayOf = (isoDate: string): number => (((dayNumber(isoDate) + 4) % 7) + 7) % 7;

/** The Monday (YYYY-MM-DD) of the Vietnam week holding the instant. */
export function mondayOf(ms: number): string {
  const date = vnDate(ms);
  const weekday = weekdayOf(date);
  return isoOfDay(dayNumber(date) - ((weekday + 6) % 7));
}

/** A date moved by a number of days. */
export const addDays = (isoDate: string, days: number): string => isoOfDay(dayNumber(isoDate) + days);

/** Unix ms of a Vietnam local date and 'HH:mm[:ss]' time. */
export function vnInstant(isoDate: string, time: string): number {
  const [h = '0', m = '0', s = '0'] = time.split(':');
  return dayNumber(isoDate) * DAY_MS + (+h * 3600 + +m * 60 + +s) * 1000 - VN_OFFSET_MS;
}
