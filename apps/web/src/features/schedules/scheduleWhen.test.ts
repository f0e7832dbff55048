import { describe, expect, it } from 'vitest';
import { DAY_SHORT, formatRange, formatScheduleWhen, formatWeekdays } from './scheduleWhen';

const vi = DAY_SHORT.vi;

describe('formatWeekdays', () => {
  it('joins three or more days in a row with a dash, Monday first', () => {
    expect(formatWeekdays([5, 1, 2, 3, 4], vi, 'Hằng ngày')).toBe('T2–T6');
    expect(formatWeekdays([6, 0], vi, 'Hằng ngày')).toBe('T7, CN');
    expect(formatWeekdays([1, 3, 4, 5, 0], vi, 'Hằng ngày')).toBe('T2, T4–T6, CN');
    expect(formatWeekdays([0, 1, 2, 3, 4, 5, 6], vi, 'Hằng ngày')).toBe('Hằng ngày');
  });
});

describe('formatScheduleWhen', () => {
  it('shows weekly days and sorted times, or the date of a once-only schedule', () => {
    expect(formatScheduleWhen({ chedophat: 'hangtuan', thutrongtuan: [1, 2, 3, 4, 5], giophat: ['17:00', '06:00:00'], ngaybatdau: '2025-11-01' }, vi, '')).toBe('T2–T6 06:00, 17:00');
    expect(formatScheduleWhen({ chedophat: 'motlan', thutrongtuan: [3], giophat: ['09:00'], ngaybatdau: '2025-11-22' }, vi, '')).toBe('22/11/2025 09:00');
  });
});

describe('formatRange', () => {
  it('shows a whole occurrence in Vietnam time, to the second when a bound is not on the minute', () => {
    expect(formatRange(Date.UTC(2025, 10, 17, 23, 0), Date.UTC(2025, 10, 17, 23, 5))).toBe('18/11/2025 06:00–06:05');
    expect(formatRange(Date.UTC(2025, 10, 18, 10, 31), Date.UTC(2025, 10, 18, 10, 31, 30))).toBe('18/11/2025 17:31:00–17:31:30');
    expect(formatRange(Date.UTC(2025, 10, 18, 16, 30), Date.UTC(2025, 10, 18, 17, 30))).toBe('18/11/2025 23:30–19/11/2025 00:30');
  });
});
