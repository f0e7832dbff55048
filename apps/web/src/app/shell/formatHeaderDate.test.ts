import { describe, expect, it } from 'vitest';
import { formatHeaderDate } from './formatHeaderDate';

describe('formatHeaderDate', () => {
  it('shows the Vietnamese weekday and DD/MM/YYYY', () => {
    expect(formatHeaderDate(new Date(2026, 10, 21), 'vi')).toBe('Thứ Bảy, 21/11/2026');
    expect(formatHeaderDate(new Date(2026, 10, 22), 'vi')).toBe('Chủ Nhật, 22/11/2026');
    expect(formatHeaderDate(new Date(2026, 0, 5), 'vi')).toBe('Thứ Hai, 05/01/2026');
  });

  it('shows the English weekday in English', () => {
    expect(formatHeaderDate(new Date(2026, 10, 21), 'en')).toBe('Saturday, 21/11/2026');
  });
});
