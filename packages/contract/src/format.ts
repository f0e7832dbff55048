/** Formatting helpers shared by the console and the server. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Login activity time, spec §9: HH:mm:ss - DD/MM/YYYY (local time of the viewer). */
export function formatLoginActivity(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())} - ${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
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
