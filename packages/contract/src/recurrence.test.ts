import { describe, expect, it } from 'vitest';
import { CLASH_HORIZON_DAYS, firstOverlap, hasAnyOccurrence, localDate, nextOccurrence, occurrencesBetween, type Recurrence } from './recurrence';

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

  it('finds a clash a year ahead: a one-time run on 29/12 against a daily schedule (issue #32 item 4)', () => {
    const from = at('2026-11-27T12:00:00');
    const daily: Recurrence = { mode: 'hangngay', weekdays: [], startDate: '2026-11-01', endDate: null, times: ['06:00', '12:00', '18:00'] };
    const late: Recurrence = { mode: 'motlan', weekdays: [], startDate: '2027-10-29', endDate: null, times: ['18:04'] };
    expect(firstOverlap(late, 60_000, daily, 5 * 60_000, from, from + CLASH_HORIZON_DAYS * 86_400_000)?.start).toBe(at('2027-10-29T18:04:00'));
    expect(firstOverlap(daily, 5 * 60_000, late, 60_000, from, from + CLASH_HORIZON_DAYS * 86_400_000)?.start).toBe(at('2027-10-29T18:04:00'));
  });

  it('answers what comparing every run with every run answers, for schedules of many shapes', () => {
    // The pairwise check it replaced, kept here as the reference.
    const pairwise = (a: Recurrence, spanA: number, b: Recurrence, spanB: number, from: number, to: number) => {
      const bStarts = occurrencesBetween(b, from - spanB, to);
      for (const start of occurrencesBetween(a, from - spanA, to)) {
        if (start + spanA <= from) continue;
        const other = bStarts.find((o) => o < start + spanA && start < o + spanB);
        if (other !== undefined) return { start: Math.max(start, other), end: Math.min(start + spanA, other + spanB) };
      }
      return null;
    };
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const time = () => `${String(next(24)).padStart(2, '0')}:${String(next(4) * 15).padStart(2, '0')}`;
    const shape = (): Recurrence => {
      const mode = (['hangngay', 'hangtuan', 'ngaythuong', 'motlan'] as const)[next(4)];
      return { mode, weekdays: [next(7), next(7)], startDate: `2026-1${next(2) + 1}-0${next(9) + 1}`, endDate: next(2) ? null : '2027-02-10', times: [time(), time()] };
    };
    const from = at('2026-11-27T00:00:00');
    for (let i = 0; i < 300; i += 1) {
      const [a, b] = [shape(), shape()];
      const [spanA, spanB] = [(next(120) + 1) * 60_000, (next(120) + 1) * 60_000];
      const found = firstOverlap(a, spanA, b, spanB, from, from + 120 * 86_400_000);
      expect(found && { start: found.start, end: found.end }, JSON.stringify({ a, b, spanA, spanB })).toEqual(pairwise(a, spanA, b, spanB, from, from + 120 * 86_400_000));
    }
  });
});

describe('repeats beyond weekly', () => {
  const base = { weekdays: [], startDate: '2026-11-01', endDate: '2027-03-31', times: ['06:00'] };
  const days = (r: Recurrence, from: string, to: string) => occurrencesBetween(r, at(`${from}T00:00:00`), at(`${to}T00:00:00`)).map(localDate);

  it('fires every day, or Monday to Friday', () => {
    expect(days({ ...base, mode: 'hangngay' }, '2026-11-20', '2026-11-24')).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']);
    // 20 Nov 2026 is a Friday.
    expect(days({ ...base, mode: 'ngaythuong' }, '2026-11-20', '2026-11-25')).toEqual(['2026-11-20', '2026-11-23', '2026-11-24']);
  });

  it('fires monthly on a day of the month, and leaves out months without that day', () => {
    const r: Recurrence = { ...base, mode: 'hangthang', monthly: { kieu: 'ngay', ngay: 31 } };
    expect(days(r, '2026-11-01', '2027-04-01')).toEqual(['2026-12-31', '2027-01-31', '2027-03-31']);
  });

  it('fires on the second Monday of each month, and on the last Friday', () => {
    const second: Recurrence = { ...base, mode: 'hangthang', monthly: { kieu: 'thu', tuan: 2, thu: 1 } };
    expect(days(second, '2026-11-01', '2027-02-01')).toEqual(['2026-11-09', '2026-12-14', '2027-01-11']);
    const last: Recurrence = { ...base, mode: 'hangthang', monthly: { kieu: 'thu', tuan: -1, thu: 5 } };
    expect(days(last, '2026-11-01', '2027-02-01')).toEqual(['2026-11-27', '2026-12-25', '2027-01-29']);
  });

  it('fires on a set of dates only', () => {
    const r: Recurrence = { ...base, mode: 'cacngay', dates: ['2026-12-03', '2026-11-25'], startDate: '2026-11-25', endDate: '2026-12-03' };
    expect(days(r, '2026-11-01', '2027-01-01')).toEqual(['2026-11-25', '2026-12-03']);
  });

  it('ends after a count of occurrences, counting each time of day', () => {
    const r: Recurrence = { ...base, mode: 'hangngay', endDate: null, times: ['06:00', '17:00'], count: 3 };
    expect(occurrencesBetween(r, at('2026-10-01T00:00:00'), at('2027-01-01T00:00:00'))).toEqual([at('2026-11-01T06:00:00'), at('2026-11-01T17:00:00'), at('2026-11-02T06:00:00')]);
    // Asked from later on, the count still ends where it ended.
    expect(occurrencesBetween(r, at('2026-11-02T12:00:00'), at('2027-01-01T00:00:00'))).toEqual([]);
  });

  it('skips an exception, moves one occurrence, and skips holidays but not a moved occurrence', () => {
    const r: Recurrence = {
      ...base, mode: 'hangngay', times: ['06:00', '17:00'],
      exceptions: [{ ngay: '2026-11-21', gio: null, doisang: null }, { ngay: '2026-11-22', gio: '17:00', doisang: { ngay: '2026-11-23', gio: '20:00' } }],
      skips: (day) => day === '2026-11-23',
    };
    expect(occurrencesBetween(r, at('2026-11-20T00:00:00'), at('2026-11-25T00:00:00'))).toEqual([
      at('2026-11-20T06:00:00'), at('2026-11-20T17:00:00'), at('2026-11-22T06:00:00'), at('2026-11-23T20:00:00'), at('2026-11-24T06:00:00'), at('2026-11-24T17:00:00'),
    ]);
  });

  it('tells a rule that yields no occurrence from one that has some', () => {
    expect(hasAnyOccurrence({ ...base, mode: 'hangtuan', weekdays: [1], startDate: '2026-11-24', endDate: '2026-11-29' })).toBe(false);
    expect(hasAnyOccurrence({ ...base, mode: 'hangthang', monthly: { kieu: 'ngay', ngay: 30 }, startDate: '2027-02-01', endDate: '2027-02-28' })).toBe(false);
    expect(hasAnyOccurrence({ ...base, mode: 'hangngay', startDate: '2026-11-24', endDate: '2026-11-24', exceptions: [{ ngay: '2026-11-24', gio: null, doisang: null }] })).toBe(false);
    expect(hasAnyOccurrence({ ...base, mode: 'hangtuan', weekdays: [1], startDate: '2020-01-01', endDate: '2020-01-31' })).toBe(true);
  });
});
