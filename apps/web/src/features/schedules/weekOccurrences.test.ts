import { describe, expect, it } from 'vitest';
import { mondayOf, vnDate, vnTime, weekdayOf } from './vietnamTime';
import { weekOccurrences, type Recurrence } from './weekOccurrences';

// 2025-11-17 is a Monday.
const MONDAY = '2025-11-17';
const weekly = (overrides: Partial<Recurrence> = {}): Recurrence => ({
  chedophat: 'hangtuan', thutrongtuan: [1, 2, 3, 4, 5], giophat: ['06:00', '17:00'], ngaybatdau: '2025-11-01', ngayketthuc: null, ...overrides,
});

describe('weekOccurrences', () => {
  it('places a weekday schedule on Monday to Friday at each time, in order', () => {
    const found = weekOccurrences(weekly(), MONDAY);
    expect(found.map((o) => `${o.column} ${o.date} ${o.time}`)).toEqual([
      '0 2025-11-17 06:00', '0 2025-11-17 17:00', '1 2025-11-18 06:00', '1 2025-11-18 17:00', '2 2025-11-19 06:00',
      '2 2025-11-19 17:00', '3 2025-11-20 06:00', '3 2025-11-20 17:00', '4 2025-11-21 06:00', '4 2025-11-21 17:00',
    ]);
  });

  it('puts Sunday (0) in the last column', () => {
    const found = weekOccurrences(weekly({ thutrongtuan: [0], giophat: ['08:30'] }), MONDAY);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ column: 6, date: '2025-11-23', time: '08:30' });
  });

  it('keeps to the date range: nothing before the start or after the end', () => {
    const found = weekOccurrences(weekly({ ngaybatdau: '2025-11-19', ngayketthuc: '2025-11-20', giophat: ['07:00'] }), MONDAY);
    expect(found.map((o) => o.date)).toEqual(['2025-11-19', '2025-11-20']);
    expect(weekOccurrences(weekly({ ngayketthuc: '2025-11-16' }), MONDAY)).toEqual([]);
    expect(weekOccurrences(weekly({ ngaybatdau: '2025-11-24' }), MONDAY)).toEqual([]);
  });

  it('plays a once-only schedule on its start date only, whatever the weekdays', () => {
    const once = weekly({ chedophat: 'motlan', thutrongtuan: [], ngaybatdau: '2025-11-22', ngayketthuc: '2025-12-30', giophat: ['09:00'] });
    expect(weekOccurrences(once, MONDAY).map((o) => `${o.column} ${o.time}`)).toEqual(['5 09:00']);
    expect(weekOccurrences(once, '2025-11-24')).toEqual([]);
  });

  it('gives starts in Vietnam time (UTC+7), whatever the browser zone', () => {
    const [first] = weekOccurrences(weekly({ giophat: ['06:00'] }), MONDAY);
    expect(first?.start).toBe(Date.UTC(2025, 10, 16, 23, 0));
    expect(vnTime(first!.start)).toBe('06:00');
  });

  it('keeps a midnight start on its own Vietnam day (the previous day in UTC)', () => {
    const [midnight] = weekOccurrences(weekly({ thutrongtuan: [1], giophat: ['00:00'] }), MONDAY);
    expect(midnight).toMatchObject({ column: 0, date: '2025-11-17', time: '00:00' });
    expect(new Date(midnight!.start).toISOString()).toBe('2025-11-16T17:00:00.000Z');
    expect(vnDate(midnight!.start)).toBe('2025-11-17');
  });

  it('ignores seconds and duplicate times', () => {
    expect(weekOccurrences(weekly({ thutrongtuan: [3], giophat: ['18:00:00', '18:00', '05:15'] }), MONDAY).map((o) => o.time)).toEqual(['05:15', '18:00']);
  });
});

describe('mondayOf', () => {
  it('finds the Monday of the Vietnam week, not the UTC one', () => {
    // Sunday 2025-11-23 17:30 UTC is already Monday 00:30 in Vietnam.
    expect(mondayOf(Date.UTC(2025, 10, 23, 17, 30))).toBe('2025-11-24');
    expect(mondayOf(Date.UTC(2025, 10, 23, 16, 59))).toBe('2025-11-17');
    expect(mondayOf(Date.UTC(2025, 10, 17, 0, 0))).toBe('2025-11-17');
    expect(weekdayOf('2025-11-17')).toBe(1);
  });
});
