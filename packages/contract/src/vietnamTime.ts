/** Vietnam keeps UTC+7 all year (no daylight saving): local days and clocks are fixed offsets from UTC. */
export const VN_OFFSET_MS = 7 * 3600 * 1000;

const vn = (ms: number) => new Date(ms + VN_OFFSET_MS).toISOString();

/** HH:mm:ss of an instant in Vietnam. */
export const vnClock = (ms: number): string => vn(ms).slice(11, 19);
/** HH:mm of an instant in Vietnam (messages and cards name when a broadcast ends). */
export const vnHourMinute = (ms: number): string => vn(ms).slice(11, 16);
/** The local (Asia/Ho_Chi_Minh) day of an instant, YYYY-MM-DD. */
export const vnIsoDay = (ms: number): string => vn(ms).slice(0, 10);
/** DD/MM/YYYY of a YYYY-MM-DD day. */
export const vnDay = (isoDay: string): string => `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;

/**
 * Whether `value` is a day that exists, YYYY-MM-DD (2026-02-30 does not: Date.parse rolls it over
 * to March, and the database refuses it). A longer value (a date and time) is checked on its day.
 */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}
