import { describe, expect, it } from 'vitest';
import { firstOverlap, localDate, nextOccurrence, occurrencesBetween, type Recurrence } from './recurrence';

const at = (iso: string) => Date.parse(`${iso}+07:00`);
const weekdays: Recurrence = { mode: 'hangtuan', weekdays: [1, 2, 3, 4, 5], startDate: '2026-11-20', endDate: '2026-11-30', times: ['06:00', '17:00'] };

describe('occurrencesBetween', () => {
  it('fires on the chosen weekdays at each time, in Vietnam time', () => {
    const list = occurrencesBetween(weekdays, at('2026-11-20T00:00:00'), at('2026-11-25T00:00:00'));
    // 20 Nov 2026 is a Friday; 21–22 are the weekend.
    expect(list.map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-19T23:00:00.000Z', '2026-11-20T10:00:00.000Z',
      '2026-11-22T23:00:00.000Z', '2026-11-23T10:00:00.000Z',
      '2026-11-23T23:00:00.000Z', '2026-11-24T10:00:00.000Z',
    ]);
  });

  it('respects the date range and a single date', () => {
    expect(occurrencesBetween(weekdays, at('2026-11-30T12:00:00'), at('2026-12-05T00:00:00')).map(localDate)).toEqual(['2026-11-30']);
    const once: Recurrence = { mode: 'motlan', weekdays: [], startDate: '2026-11-22', endDate: null, times: ['23:59:30'] };
    expect(occurrencesBetween(once, 0, at('2027-01-01T00:00:00'))).toEqual([at('2026-11-22T23:59:30')]);
  });

  it('handles midnight: a 00:00 start belongs to its own local day', () => {
    const midnight: Recurrence = { mode: 'hangtuan', weekdays: [0], startDate: '2026-11-01', endDate: null, times: ['00:00'] };
    const next = nextOccurrence(midnight, at('2026-11-21T12:00:00'));
    expect(next).toBe(at('2026-11-22T00:00:00'));
    expect(localDate(next!)).toBe('2026-11-22');
  });
});

describe('firstOverlap', () => {
  it('finds two schedules that hold the same time, and none when they do not', () => {
    const morning: Recurrence = { mode: 'hangtuan', weekdays: [1], startDate: '2026-11-01', endDate: null, times: ['06:00'] };
    const late: Recurrence = { ...morning, times: ['06:10'] };
    const from = at('2026-11-22T00:00:00');
    expect(firstOverlap(morning, 15 * 60_000, late, 60_000, from, from + 14 * 86_400_000)).toEqual({
      start: at('2026-11-23T06:10:00'), end: at('2026-11-23T06:11:00'),
      a: { start: at('2026-11-23T06:00:00'), end: at('2026-11-23T06:15:00') }, b: { start: at('2026-11-23T06:10:00'), end: at('2026-11-23T06:11:00') },
    });
    expect(firstOverlap(morning, 5 * 60_000, late, 60_000, from, from + 14 * 86_400_000)).toBeNull();
  });
});
