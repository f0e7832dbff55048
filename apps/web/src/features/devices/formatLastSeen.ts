import { formatInstant } from '../../lib/formatTimestamp';
import type { Locale } from '@loa/contract';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [['second', 60], ['minute', 60], ['hour', 24], ['day', 30], ['month', 12], ['year', Infinity]];

/** "5 phút trước" / "5 minutes ago"; '—' when the device was never heard from. */
export function formatLastSeen(unixSeconds: number | null, nowMs: number, locale: Locale): string {
  if (unixSeconds === null) return '—';
  let value = Math.max(0, Math.round(nowMs / 1000 - unixSeconds));
  if (value < 10) return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (value < size) return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-value, unit);
    value = Math.floor(value / size);
  }
  return '—';
}

/** Absolute time for a tooltip or a history row: HH:mm:ss - DD/MM/YYYY in Vietnam time. */
export function formatDateTime(unixSeconds: number): string {
  return formatInstant(unixSeconds * 1000);
}
