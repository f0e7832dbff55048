import { getLunarDate } from '@dqcai/vn-lunar';

/**
 * Vietnam's public holidays (Labour Code 2019, art. 112): 1/1; Tết Nguyên đán, 5 days — the last day
 * of the lunar year (29 or 30 of the twelfth month) and the 1st to 4th of the first month; Giỗ Tổ
 * Hùng Vương (10/3 lunar); 30/4; 1/5; Quốc khánh 2/9 and the day before it (the law leaves the
 * Government to choose the day before or after each year: an administrator adds 3/9 as its own day
 * when that is the choice). Lunar dates are those of the Vietnamese calendar (UTC+7, Hồ Ngọc Đức's
 * tables in @dqcai/vn-lunar), which differs from the Chinese one (UTC+8) in some years.
 */
const FIXED: Record<string, string> = {
  '01-01': 'Tết Dương lịch',
  '04-30': 'Ngày Chiến thắng (30/4)',
  '05-01': 'Ngày Quốc tế Lao động (1/5)',
  '09-01': 'Quốc khánh (ngày liền kề)',
  '09-02': 'Quốc khánh (2/9)',
};

const cache = new Map<string, string | null>();

/** The lunar day, month and whether the month is a leap one, of a solar YYYY-MM-DD. */
function lunarOf(isoDay: string): { day: number; month: number; leap: boolean } {
  const l = getLunarDate(+isoDay.slice(8, 10), +isoDay.slice(5, 7), +isoDay.slice(0, 4));
  return { day: l.day, month: l.month, leap: l.leap };
}

const nextDay = (isoDay: string): string => new Date(Date.parse(`${isoDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function compute(isoDay: string): string | null {
  const fixed = FIXED[isoDay.slice(5)];
  if (fixed) return fixed;
  const lunar = lunarOf(isoDay);
  if (!lunar.leap && lunar.month === 1 && lunar.day <= 4) return `Tết Nguyên đán (mùng ${lunar.day})`;
  if (!lunar.leap && lunar.month === 3 && lunar.day === 10) return 'Giỗ Tổ Hùng Vương (10/3 âm lịch)';
  if (lunar.month === 12) {
    const tomorrow = lunarOf(nextDay(isoDay));
    if (tomorrow.month === 1 && tomorrow.day === 1) return `Tết Nguyên đán (${lunar.day} tháng Chạp)`;
  }
  return null;
}

/** The name of the public holiday falling on a local day (YYYY-MM-DD), or null. */
export function statutoryHolidayName(isoDay: string): string | null {
  let name = cache.get(isoDay);
  if (name === undefined) {
    name = compute(isoDay);
    if (cache.size > 20_000) cache.clear();
    cache.set(isoDay, name);
  }
  return name;
}

/** The public holidays of a year, in order. */
export function statutoryHolidaysOf(year: number): { ngay: string; ten: string }[] {
  const out: { ngay: string; ten: string }[] = [];
  for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const name = statutoryHolidayName(day);
    if (name) out.push({ ngay: day, ten: name });
  }
  return out;
}

/** The solar day (YYYY-MM-DD) of the first day of a lunar year (Tết). */
export function lunarNewYear(year: number): string {
  for (let t = Date.UTC(year, 0, 15); t < Date.UTC(year, 2, 1); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const l = lunarOf(day);
    if (l.month === 1 && l.day === 1 && !l.leap) return day;
  }
  throw new Error(`no lunar new year found in ${year}`);
}
