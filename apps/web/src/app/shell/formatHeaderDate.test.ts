import { describe, expect, it } from 'vitest';
import { formatHeaderDate, formatHeaderDateShort, shortWeekday } from './formatHeaderDate';

describe('formatHeaderDate', () => {
  it('shows the Vietnamese weekday and DD/MM/YYYY', () => {
    expect(formatHeaderDate(new Date(2026, 10, 21), 'vi')).toBe('Thứ Bảy, 21/11/2026');
    expect(formatHeaderDate(new Date(2026, 10, 22), 'vi')).toBe('Chủ Nhật, 22/11/2026');
    expect(formatHeaderDate(new Date(2026, 0, 5), 'vi')).toBe('Thứ Hai, 05/01/2026');
  });

  it('shows the English weekday in English', () => {
    expect(formatHeaderDate(new Date(2026, 10, 21), 'en')).toBe('Saturday, 21/11/2026');
  });

  it('writes short weekdays as Vietnamese calendars do, T2 … CN, for a phone\'s header and the date picker', () => {
    expect([1, 2, 3, 4, 5, 6, 0].map((day) => shortWeekday(day, 'vi'))).toEqual(['T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'CN']);
    expect(shortWeekday(1, 'en')).toBe('Mon');
    expect(formatHeaderDateShort(new Date(2026, 10, 21), 'vi')).toBe('T7, 21/11/2026');
  });
});
