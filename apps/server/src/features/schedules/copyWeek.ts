import { SCHEDULE_MESSAGES, type ScheduleBody } from '@loa/contract';
import type { z } from 'zod';
import type { copyWeekBodySchema, copyWeekResultSchema } from '@loa/contract';
import { AppError, badRequest } from '../../infra/errors';
import { requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import { calendarOf } from '../holidays/holidays.service';
import { ruleDaysBetween } from './recurrence';
import { holdsSchedule, seesSchedule } from './scheduleRights';
import * as q from './schedules.queries';
import { bodyOf, createSchedule, recurrenceOf, type ScheduleContext } from './schedules.service';

const DAY_MS = 86_400_000;
const shift = (isoDay: string, days: number): string => new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * saocheptuan: each schedule the caller sees that plays in the week from `tuan` (a Monday) is copied
 * to the next `sotuan` weeks as a new schedule on those dates ('cacngay', same times, sources,
 * targets and holiday choice), going through the same checks and approval as a new schedule. Left
 * out, each with its reason: a schedule whose own rule already covers those days; one the caller
 * sees but does not hold (a district's schedule seen by a commune officer: copying it would make
 * her the author of her superior's bulletin, to areas she may not reach); one that ends after a
 * number of plays (copying would play it more often than its author set); one the caller may not
 * create (its message says why).
 */
export async function copyWeek(ctx: ScheduleContext, body: z.infer<typeof copyWeekBodySchema>): Promise<z.infer<typeof copyWeekResultSchema>> {
  requireRight(ctx.session, 'themsuaxoalichphat');
  if (new Date(`${body.tuan}T00:00:00Z`).getUTCDay() !== 1) throw badRequest(SCHEDULE_MESSAGES.copyWeekNotMonday);
  const calendar = await calendarOf(ctx.db, ctx.session.user.admin_id);
  const scope = await areaScope(ctx.db, ctx.session);
  const result: z.infer<typeof copyWeekResultSchema> = { datao: [], boqua: [] };
  for (const row of await q.listSchedules(ctx.db, ctx.session.user.admin_id)) {
    if (!seesSchedule(ctx.session, scope, row)) continue;
    const recurrence = recurrenceOf(row, calendar);
    const days = ruleDaysBetween(recurrence, body.tuan, shift(body.tuan, 6));
    if (days.length === 0) continue;
    const own = new Set(ruleDaysBetween(recurrence, shift(body.tuan, 7), shift(body.tuan, 7 * body.sotuan + 6)));
    const wanted = Array.from({ length: body.sotuan }, (_, k) => days.map((d) => shift(d, 7 * (k + 1)))).flat().filter((d) => !own.has(d));
    const skip = wanted.length === 0 ? SCHEDULE_MESSAGES.copyWeekRepeats
      : !holdsSchedule(ctx.session, scope, row) ? SCHEDULE_MESSAGES.copyWeekNotHeld
        : recurrence.count ? SCHEDULE_MESSAGES.copyWeekCounted : null;
    if (skip) {
      result.boqua.push({ idlichphat: row.id, tieude: row.title, lydo: skip });
      continue;
    }
    const copy: ScheduleBody = {
      ...bodyOf(row, row.programme_id ? [] : row.sources), idchuongtrinh: row.programme_id,
      chedophat: 'cacngay', cacngay: wanted, thutrongtuan: [], hangthang: null, solanphat: null, ngoaile: [], ngaybatdau: wanted[0], ngayketthuc: wanted.at(-1)!,
    };
    try {
      result.datao.push((await createSchedule(ctx, copy)).id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.boqua.push({ idlichphat: row.id, tieude: row.title, lydo: error.message });
    }
  }
  return result;
}
