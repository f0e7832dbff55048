import { occurrencesBetween, type Schedule } from '@loa/contract';
import { addDays, dayNumber, vnDate, vnInstant, vnTime } from './vietnamTime';

/** The recurrence fields of a schedule (the new ones optional: a schedule saved before them has none). */
export type Recurrence = Pick<Schedule, 'chedophat' | 'thutrongtuan' | 'giophat' | 'ngaybatdau' | 'ngayketthuc'>
  & Partial<Pick<Schedule, 'hangthang' | 'cacngay' | 'solanphat' | 'ngoaile' | 'bongayle'>>;

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
 * The planned starts of a schedule in the week starting on `monday` (Vietnam time), in time order,
 * by the same occurrence function as the server's scheduler (repeats, count, exceptions); `holidays`
 * (YYYY-MM-DD) are skipped when the schedule skips holidays.
 */
export function weekOccurrences(recurrence: Recurrence, monday: string, holidays?: ReadonlySet<string>): Occurrence[] {
  return rangeOccurrences(recurrence, monday, 7, holidays);
}

/** The planned starts of a schedule in the `days` days from `first` (Vietnam dates); `column` counts days from `first`. */
export function rangeOccurrences(recurrence: Recurrence, first: string, days: number, holidays?: ReadonlySet<string>): Occurrence[] {
  const starts = occurrencesBetween({
    mode: recurrence.chedophat, weekdays: recurrence.thutrongtuan, startDate: recurrence.ngaybatdau, endDate: recurrence.ngayketthuc,
    times: recurrence.giophat, monthly: recurrence.hangthang ?? null, dates: recurrence.cacngay ?? [], count: recurrence.solanphat ?? null,
    exceptions: recurrence.ngoaile ?? [], skips: recurrence.bongayle && holidays ? (day) => holidays.has(day) : undefined,
  }, vnInstant(first, '00:00'), vnInstant(addDays(first, days), '00:00'));
  return starts.map((start) => {
    const date = vnDate(start);
    return { date, column: dayNumber(date) - dayNumber(first), time: vnTime(start), start };
  });
}
