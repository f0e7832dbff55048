import { formatLoginActivity } from '@loa/contract';

/** An ISO time from the server as HH:mm:ss - DD/MM/YYYY (viewer's local time), or the text as is when unreadable. */
export function formatTimestamp(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : formatLoginActivity(ms / 1000);
}
