/** Formatting helpers shared by the console and the server. */
import { vnClock, vnDay, vnIsoDay } from './vietnamTime';

const pad = (n: number) => String(n).padStart(2, '0');

/** Login activity time, spec §9: HH:mm:ss - DD/MM/YYYY, in Vietnam whatever the viewer's zone. */
export function formatLoginActivity(unixSeconds: number): string {
  const ms = unixSeconds * 1000;
  return `${vnClock(ms)} - ${vnDay(vnIsoDay(ms))}`;
}

/** Truncates a label to `max` characters with an ellipsis (card titles 17, other labels 20). */
export function truncateLabel(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** Seconds as HH:MM:SS, never negative. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
