import { describe, expect, it } from 'vitest';
import { changeRows } from './useSchedules';
import { makeSchedule } from './scheduleFixtures';

describe('a change to a cached page of schedules', () => {
  it('keeps the total in step with the rows, so the first schedule saved reads "1–1 trên 1" (#32 low item)', () => {
    const empty = { items: [], tong: 0, trang: 1, sodong: 20 };
    const added = changeRows(empty, (list) => [makeSchedule(), ...list]);
    expect(added).toMatchObject({ tong: 1 });
    expect(changeRows(added, (list) => list.filter((s) => s._id !== 'lp-1'))).toMatchObject({ items: [], tong: 0 });
    // Replacing a row changes no total.
    expect(changeRows({ ...empty, items: [makeSchedule()], tong: 45 }, (list) => list.map((s) => ({ ...s, tieude: 'Đã sửa' })))).toMatchObject({ tong: 45 });
  });
});
