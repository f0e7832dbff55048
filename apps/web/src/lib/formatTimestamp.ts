import { formatLoginActivity, vnDay, vnHourMinute, vnIsoDay } from '@loa/contract';

/**
 * The console's one way to show an instant: Vietnam time (Asia/Ho_Chi_Minh, UTC+7 all year)
 * whatever the browser's zone, days as DD/MM/YYYY and 24-hour clocks.
 */

/** An ISO time from the server as HH:mm:ss - DD/MM/YYYY, or the text as is when unreadable. */
export function formatTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatInstant(ms);
}

/** An instant (Unix ms) as HH:mm:ss - DD/MM/YYYY. */
export const formatInstant = (ms: number): string => formatLoginActivity(ms / 1000);

/** An instant (Unix ms) as DD/MM/YYYY HH:mm (tables with little room). */
export const formatShortDateTime = (ms: number): string => `${vnDay(vnIsoDay(ms))} ${vnHourMinute(ms)}`;

/** A day ('YYYY-MM-DD') as DD/MM, or DD/MM/YYYY with `withYear`. */
export const formatDay = (isoDay: string, withYear = false): string => (withYear ? vnDay(isoDay) : vnDay(isoDay).slice(0, 5));
