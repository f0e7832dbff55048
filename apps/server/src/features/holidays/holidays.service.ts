import { HOLIDAY_MESSAGES, holidayLinesOf, parseHolidayLines, type Holiday, type HolidayCalendarBody, type HolidayCalendarView } from '@loa/contract';
import { AppError } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { requireRight } from '../auth/rights';
import type { Session } from '../auth/auth.service';
import { writeSystemLog } from '../system-log/systemLog.service';
import { statutoryHolidayName, statutoryHolidaysOf } from './vietnamHolidays';

/** An administrator's holiday calendar: whether the law's holidays count, and its own days (YYYY-MM-DD → name). */
export interface HolidayCalendar {
  statutory: boolean;
  own: Map<string, string>;
}

/** A calendar for an administrator that never configured one: the law's holidays only. */
export const DEFAULT_CALENDAR: HolidayCalendar = { statutory: true, own: new Map() };

/** The name of the holiday on a local day (YYYY-MM-DD) in a calendar, or null. */
export function holidayName(calendar: HolidayCalendar, isoDay: string): string | null {
  return calendar.own.get(isoDay) ?? (calendar.statutory ? statutoryHolidayName(isoDay) : null);
}

/** The holiday calendars of every administrator that has one (the scheduler's copy). */
export async function allCalendars(db: Db): Promise<Map<string, HolidayCalendar>> {
  const settings = await db.query<{ admin_id: string; statutory: boolean }>('SELECT admin_id, statutory FROM holiday_calendars');
  const days = await db.query<{ admin_id: string; day: string; name: string }>(`SELECT admin_id, to_char(day, 'YYYY-MM-DD') AS day, name FROM holidays`);
  const calendars = new Map<string, HolidayCalendar>(settings.map((s) => [s.admin_id, { statutory: s.statutory, own: new Map() }]));
  for (const d of days) {
    if (!calendars.has(d.admin_id)) calendars.set(d.admin_id, { statutory: true, own: new Map() });
    calendars.get(d.admin_id)!.own.set(d.day, d.name);
  }
  return calendars;
}

export async function calendarOf(db: Db, adminId: string): Promise<HolidayCalendar> {
  const [settings] = await db.query<{ statutory: boolean }>('SELECT statutory FROM holiday_calendars WHERE admin_id = $1', [adminId]);
  const days = await db.query<{ day: string; name: string }>(`SELECT to_char(day, 'YYYY-MM-DD') AS day, name FROM holidays WHERE admin_id = $1 ORDER BY day`, [adminId]);
  return { statutory: settings?.statutory ?? true, own: new Map(days.map((d) => [d.day, d.name])) };
}

/** The calendar as the settings page shows it, with every holiday of `year`. */
export function viewOf(calendar: HolidayCalendar, year: number): HolidayCalendarView {
  const own = [...calendar.own].map(([ngay, ten]) => ({ ngay, ten }));
  const days = new Map<string, Holiday>();
  if (calendar.statutory) for (const h of statutoryHolidaysOf(year)) days.set(h.ngay, { ...h, nguon: 'luat' });
  // An own day of the same date names it as the administrator does.
  for (const h of own) if (h.ngay.startsWith(`${year}-`)) days.set(h.ngay, { ...h, nguon: 'rieng' });
  return { ngayleluat: calendar.statutory, ngayrieng: holidayLinesOf(own), nam: year, danhsach: [...days.values()].sort((a, b) => a.ngay.localeCompare(b.ngay)) };
}

/**
 * Saves an administrator's calendar (duyetlichphat: it decides what fires). A list with malformed
 * lines is refused whole, each bad line named with its number and why.
 */
export async function saveCalendar(db: Db, session: Session, body: HolidayCalendarBody): Promise<HolidayCalendar> {
  requireRight(session, 'duyetlichphat');
  const { days, errors } = parseHolidayLines(body.ngayrieng);
  if (errors.length > 0) {
    const lines = errors.map((e) => `Dòng ${e.dong} (“${e.noidung.slice(0, 60)}”): ${e.lydo}`);
    throw new AppError(400, [HOLIDAY_MESSAGES.badLines, ...lines].join('\n'), { loi: errors });
  }
  if (days.length > 500) throw new AppError(400, HOLIDAY_MESSAGES.tooMany);
  const adminId = session.user.admin_id;
  await db.transaction(async (tx) => {
    await tx.query(`INSERT INTO holiday_calendars (admin_id, statutory) VALUES ($1, $2)
      ON CONFLICT (admin_id) DO UPDATE SET statutory = EXCLUDED.statutory, updated_at = now()`, [adminId, body.ngayleluat]);
    await tx.query('DELETE FROM holidays WHERE admin_id = $1', [adminId]);
    if (days.length > 0) {
      await tx.query('INSERT INTO holidays (admin_id, day, name) SELECT $1, d, n FROM unnest($2::date[], $3::text[]) AS t(d, n)',
        [adminId, days.map((d) => d.ngay), days.map((d) => d.ten)]);
    }
    await writeSystemLog(tx, session.actor, { action: 'sua-lich-ngay-nghi', targetType: 'ngaynghi', targetId: adminId, detail: { ngayleluat: body.ngayleluat, songayrieng: days.length } });
  });
  return calendarOf(db, adminId);
}
