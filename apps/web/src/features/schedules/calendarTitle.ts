import type { I18nValue } from '../../i18n/I18nProvider';
import { DAY_LONG, formatDate } from './scheduleWhen';
import { weekdayOf } from './vietnamTime';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** The time grid's three ranges. */
export type CalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';

/**
 * The calendar's title in the console's one date format (DD/MM/YYYY), the same for its three ranges
 * and the week view's: 'Thứ Tư, 26/11/2026', 'Tuần 24/11/2026 – 30/11/2026', 'Tháng 11/2026'
 * (issue #32: the library's titles were three different formats). `first` and `last` are the
 * range's own days (YYYY-MM-DD), not the month grid's spill into the weeks around it.
 */
export function calendarTitle(view: CalendarView, first: string, last: string, { t, locale }: Pick<I18nValue, 't' | 'locale'>): string {
  if (view === 'timeGridDay') return t('calendar.titleDay', { weekday: DAY_LONG[locale][weekdayOf(first)]!, date: formatDate(first) });
  if (view === 'timeGridWeek') return t('schedules.weekOf', { from: formatDate(first), to: formatDate(last) });
  return t('calendar.titleMonth', { month: formatDate(first).slice(3) });
}
