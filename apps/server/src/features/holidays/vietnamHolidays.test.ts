import { describe, expect, it } from 'vitest';
import { lunarNewYear, statutoryHolidayName, statutoryHolidaysOf } from './vietnamHolidays';

describe('the lunar holidays of Vietnam (UTC+7)', () => {
  it('puts Tết on its known days, including years where China (UTC+8) differs', () => {
    expect(lunarNewYear(2026)).toBe('2026-02-17');
    expect(lunarNewYear(2027)).toBe('2027-02-06');
    // The new moon of February 2030 falls at 23:09 in Hà Nội, 00:09 on 3/2 in Beijing.
    expect(lunarNewYear(2030)).toBe('2030-02-02');
    // 1985 and 2007: Vietnam's Tết differs from China's (20/2/1985, 18/2/2007).
    expect(lunarNewYear(1985)).toBe('1985-01-21');
    expect(lunarNewYear(2007)).toBe('2007-02-17');
  });

  it('gives Tết five days (the last day of the year, 1st to 4th), Giỗ Tổ Hùng Vương and the fixed days', () => {
    const y2026 = statutoryHolidaysOf(2026).map((h) => h.ngay);
    // Month 12 of Ất Tỵ has 29 days: 16/2/2026 is its last day.
    expect(y2026).toEqual(['2026-01-01', '2026-02-16', '2026-02-17', '2026-02-18', '2026-02-19', '2026-02-20', '2026-04-26', '2026-04-30', '2026-05-01', '2026-09-01', '2026-09-02']);
    expect(statutoryHolidayName('2026-04-26')).toBe('Giỗ Tổ Hùng Vương (10/3 âm lịch)');
    expect(statutoryHolidayName('2027-02-05')).toMatch(/^Tết Nguyên đán/);
    expect(statutoryHolidayName('2026-02-21')).toBeNull();
  });
});
