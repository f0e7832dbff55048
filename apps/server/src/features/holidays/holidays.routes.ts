import { envelope, holidayCalendarBodySchema, holidayCalendarQuerySchema, holidayCalendarSchema, vnIsoDay, type HolidayCalendarBody } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { calendarOf, saveCalendar, viewOf } from './holidays.service';

/** The administrator's holiday calendar (ngày nghỉ): read by every account, changed by approvers. */
export async function holidayRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['ngaynghi'];
  const thisYear = () => +vnIsoDay(Date.now()).slice(0, 4);

  app.get('/v1/client/ngaynghi', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Lịch ngày nghỉ: ngày lễ theo luật (có âm lịch) và ngày riêng của đơn vị, trong một năm', querystring: holidayCalendarQuerySchema, response: { 200: envelope(holidayCalendarSchema) } },
  }, async (request) => {
    const { nam } = request.query as z.infer<typeof holidayCalendarQuerySchema>;
    return { data: viewOf(await calendarOf(app.db, request.session!.user.admin_id), nam ?? thisYear()) };
  });

  app.post('/v1/client/ngaynghi/capnhat', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Lưu lịch ngày nghỉ (mỗi dòng "dd/mm/yyyy Tên"; dòng sai bị từ chối, nêu số dòng)', body: holidayCalendarBodySchema, response: { 200: envelope(holidayCalendarSchema) } },
  }, async (request) => {
    const calendar = await saveCalendar(app.db, request.session!, request.body as HolidayCalendarBody);
    // Schedules that skip holidays fire by the new calendar from now on.
    await app.scheduler.changed();
    return { data: viewOf(calendar, thisYear()) };
  });
}
