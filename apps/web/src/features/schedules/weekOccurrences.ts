import type { Schedule } from '@loa/contract';
import { addDays, dayNumber, vnInstant, weekdayOf } from './vietnamTime';

/** The recurrence fields of a schedule. */
export type Recurrence = Pick<Schedule, 'chedophat' | 'thutrongtuan' | 'giophat' | 'ngaybatdau' | 'ngayketthuc'>;

/** One planned start inside a week. */
export interface Occurrence {
  /** Vietnam date, YYYY-MM-DD. */
  date: string;
  /** Column of the week: 0 = Monday … 6 = Sunday. */
  column: number;
  /** 'HH:mm', Vietnam time. */
  time: string;
  /** Unix ms. */
  start: number;
}

/**
 * The planned starts of a schedule in the week starting on `monday` (Vietnam time), in time order.
 * Weekly schedules play on their weekdays between the start and (optional) end dates; once-only
 * schedules play on their start date only, whatever the weekdays say.
 */
export function weekOccurrences(recurrence: Recurrence, monday: string): Occurrence[] {
  const first = dayNumber(recurrence.ngaybatdau);
  const last = recurrence.chedophat === 'motlan' ? first : recurrence.ngayketthuc ? dayNumber(recurrence.ngayketthuc) : Infinity;
  const times = [...new Set(recurrence.giophat.map((t) => t.slice(0, 5)))].sort();
  const out: Occurrence[] = [];
  for (let column = 0; column < 7; column += 1) {
    const date = addDays(monday, column);
    const day = dayNumber(date);
    if (day < first || day > last) continue;
    if (recurrence.chedophat === 'hangtuan' && !recurrence.thutrongtuan.includes(weekdayOf(date))) continue;
    for (const time of times) out.push({ date, column, time, start: vnInstant(date, time) });
  }
  return out;
}
