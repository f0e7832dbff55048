const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000]];

/** 'trong 2 giờ' / 'in 2 hours', '5 phút trước' / '5 minutes ago': the largest whole unit; under a minute reads as now. */
export function formatRelative(at: number, now: number, locale: string): string {
  const diff = at - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit);
  }
  return format.format(0, 'second');
}
