import type { Locale } from './constants';

/**
 * A code's words in both languages, and the small part of the label table (labels.ts) the console's
 * shell needs on its first load: the messaging services of its menu. Kept apart so the shell does not
 * load the system log's tables with it.
 */
export interface Label { vi: string; en: string }

/** Messaging services notifications are forwarded to (/notification-{service}). */
export const SERVICE_LABELS = {
  telegram: { vi: 'Telegram', en: 'Telegram' },
  zalo: { vi: 'Zalo OA', en: 'Zalo OA' },
  webhook: { vi: 'Webhook', en: 'Webhook' },
} as const satisfies Record<string, Label>;

/** The label of a code in a table, in the locale; an unknown code (a newer server) is shown as it is. */
export function labelOf(table: Record<string, Label>, code: string, locale: Locale = 'vi'): string {
  return Object.prototype.hasOwnProperty.call(table, code) ? table[code][locale] : code;
}
