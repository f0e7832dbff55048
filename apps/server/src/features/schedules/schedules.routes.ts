import {
  bulkReviewBodySchema, targetDeviceSchema, bulkReviewResultSchema, copyWeekBodySchema, copyWeekResultSchema, envelope, idDataSchema, schedulePageQuerySchema, schedulePageSchema, weekPlanQuerySchema, pinBodySchema, scheduleBodySchema, scheduleCheckBodySchema, scheduleConflictSchema, scheduleEditBodySchema, scheduleFilterSchema, scheduleSchema,
  sendBackBodySchema, scheduleRemovedMessage, dataWrapper, MAX_UPLOAD_BYTES, sourceFileSchema, type ScheduleBody,
} from '@loa/contract';
import { z } from 'zod';
import { formParts } from '../../infra/multipartLimits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../infra/errors';
import { requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import { discardUploads, storeUploadedAudio, type StoredAudio } from '../media/media.service';
import { notifyScheduleAwaitingApproval } from '../notifications/notify';
import * as q from './schedules.queries';
import * as service from './schedules.service';
import { copyWeek } from './copyWeek';
import { announceSchedules } from './announce';
import { auditRefusal } from '../system-log/refusalAudit';
import { pageOf, visibleSchedules, weekPlanCsv } from './scheduleList';

/** The schedule calls of spec §7 under /v1/client/lichphat/ (bodies wrapped in { data } where the spec says so). */
export async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['lichphat'];
  const base = '/v1/client/lichphat';
  const ctx = (request: FastifyRequest): service.ScheduleContext => ({ db: app.db, gateway: app.gateway, storage: app.storage, outbound: app.outbound, engine: app.engine, session: request.session! });
  const auth = { preHandler: app.requireUser };
  const one = envelope(scheduleSchema);
  /** After a change: the scheduler plans again, and the open lists of those who see these schedules read them again. */
  const changed = async (...rows: (q.ScheduleRow | null | undefined)[]) => {
    await app.scheduler.changed();
    announceSchedules(app.bus, rows);
  };
  /** A schedule as the caller sees it: its pins, the actions it may take, what runs now. */
  const answer = async (request: FastifyRequest, row: q.ScheduleRow) => service.toSchedule(ctx(request), row, await service.viewerOf(ctx(request), app.engine.live(), [row.id]));
  // Approvers hear of a schedule that waits for them.
  const awaitingApproval = (row: q.ScheduleRow) => notifyScheduleAwaitingApproval(app.notifyDeps, {
    id: row.id, adminId: row.admin_id, areaIds: row.chosen_areas, title: row.title, createdByName: row.creator_name,
  }).then(() => undefined, (error: unknown) => app.log.warn({ err: error }, 'approval notification failed'));

  app.post(`${base}/danhsachlichphat`, {
    ...auth, schema: { tags, summary: 'Danh sách lịch phát (lọc theo trạng thái, địa bàn, người tạo, ngày)', body: dataWrapper(scheduleFilterSchema).optional(), response: { 200: envelope(z.array(scheduleSchema)) } },
  }, async (request) => {
    const filter = (request.body as { data?: z.infer<typeof scheduleFilterSchema> } | undefined)?.data ?? {};
    return { data: await visibleSchedules(ctx(request), filter, app.engine.live()) };
  });

  app.post(`${base}/danhsachtrang`, {
    ...auth, schema: {
      tags, summary: 'Danh sách lịch phát theo trang, sắp xếp trên máy chủ (tên, lần phát tiếp, trạng thái, người tạo, địa bàn); lịch được ghim luôn ở đầu',
      body: dataWrapper(schedulePageQuerySchema), response: { 200: envelope(schedulePageSchema) },
    },
  }, async (request) => {
    const { trang, sodong, sapxep, chieu, ...filter } = (request.body as { data: z.infer<typeof schedulePageQuerySchema> }).data;
    return { data: pageOf(await visibleSchedules(ctx(request), filter, app.engine.live()), { trang, sodong, sapxep, chieu }) };
  });

  app.get(`${base}/kehoachtuan`, {
    ...auth, schema: { tags, summary: 'Xuất kế hoạch phát của một tuần (từ thứ Hai) ra CSV: mọi lần phát của các lịch chờ duyệt và đã duyệt', querystring: weekPlanQuerySchema },
  }, async (request, reply) => {
    const { monday, csv } = await weekPlanCsv(ctx(request), (request.query as z.infer<typeof weekPlanQuerySchema>).tuan);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="ke-hoach-phat-${monday}.csv"`).header('cache-control', 'no-store').send(csv);
  });

  app.post(`${base}/laylichphatsua`, {
    ...auth, schema: { tags, summary: 'Lấy lịch phát để sửa', body: idDataSchema, response: { 200: one } },
  }, async (request) => ({ data: await answer(request, await service.scheduleInScope(ctx(request), (request.body as { data: { id: string } }).data.id)) }));

  app.post(`${base}/kiemtrathongtin`, {
    ...auth, schema: { tags, summary: 'Kiểm tra trùng lịch: thiết bị đã có chương trình phát chồng thời gian', body: scheduleCheckBodySchema, response: { 200: envelope(z.array(scheduleConflictSchema)) } },
  }, async (request) => {
    // An edit sends its id: the schedule being edited is not a clash with itself.
    const { id, phienban: _version, ...body } = request.body as z.infer<typeof scheduleCheckBodySchema>;
    return { data: await service.findConflicts(ctx(request), body, id) };
  });

  app.post(`${base}/taolichphat`, {
    ...auth, schema: { tags, summary: 'Tạo lịch phát', body: scheduleBodySchema, response: { 200: one } },
  }, async (request) => {
    const row = await service.createSchedule(ctx(request), request.body as ScheduleBody);
    await changed(row);
    if (row.status === 'choduyet') await awaitingApproval(row);
    return { data: await answer(request, row) };
  });

  app.post(`${base}/sualichphat`, {
    ...auth, schema: { tags, summary: 'Sửa lịch phát (phienban: phiên bản đã tải, chống ghi đè)', body: scheduleEditBodySchema, response: { 200: one } },
  }, async (request) => {
    const { id, phienban, ...body } = request.body as z.infer<typeof scheduleEditBodySchema>;
    const row = await service.editSchedule(ctx(request), id, phienban, body);
    await changed(row);
    if (row.status === 'choduyet') await awaitingApproval(row);
    return { data: await answer(request, row) };
  });

  /**
   * Runs a change that takes a schedule out of the speakers' plans (a delete, a send-back): what it
   * answered, and how many of the speakers whose plan held the schedule have not yet heard of the
   * change (they may still play it; issue #30).
   */
  const unheardAfter = async <T>(id: string, change: () => Promise<T>): Promise<{ result: T; unheard: number }> => {
    // Who holds it by the schedules and speakers known now (an instance that does not lead may not
    // have read a change made through another, or a speaker it has just learnt of, yet).
    await app.scheduler.reload();
    await app.plans.refresh();
    const holders = app.plans.holders(id);
    const since = Date.now();
    const result = await change();
    return { result, unheard: await app.plans.notHeard(holders, since) };
  };

  const idAction = (path: string, summary: string, run: (c: service.ScheduleContext, id: string) => Promise<q.ScheduleRow | void>, tellUnheard = false) =>
    app.post(`${base}/${path}`, { ...auth, schema: { tags, summary, body: z.object({ id: z.string().max(64) }) } }, async (request) => {
      const id = (request.body as { id: string }).id;
      // A deleted schedule is told by what it was.
      const before = await q.findSchedule(app.db, id);
      const change = async () => {
        const row = await run(ctx(request), id);
        await changed(row ?? before);
        return row;
      };
      if (!tellUnheard) {
        const row = await change();
        return { data: row ? await answer(request, row) : null };
      }
      const { result: row, unheard } = await unheardAfter(id, change);
      // `chuanhan`: the count, for a console that words it in its own language.
      return { data: row ? await answer(request, row) : null, message: scheduleRemovedMessage(unheard), chuanhan: unheard };
    });
  idAction('duyetlichphat', 'Duyệt lịch phát', service.approveSchedule);
  idAction('xoalichphat', 'Xoá lịch phát (message và chuanhan: bao nhiêu loa chưa nhận lịch mới)', service.deleteSchedule, true);

  app.post(`${base}/saocheptuan`, {
    ...auth, schema: { tags, summary: 'Sao chép lịch phát của một tuần (từ thứ Hai) sang tuần sau hoặc N tuần sau', body: copyWeekBodySchema, response: { 200: envelope(copyWeekResultSchema) } },
  }, async (request) => {
    const result = await copyWeek(ctx(request), request.body as z.infer<typeof copyWeekBodySchema>);
    const rows = await Promise.all(result.datao.map((id) => q.findSchedule(app.db, id)));
    await changed(...rows);
    for (const row of rows) if (row?.status === 'choduyet') await awaitingApproval(row);
    return { data: result };
  });

  app.post(`${base}/thietbimuctieu`, {
    ...auth, schema: { tags, summary: 'Các loa mà lịch phát sẽ phát tới (trong phạm vi của người gọi), có toạ độ để xem trên bản đồ', body: z.object({ id: z.string().max(64) }), response: { 200: envelope(z.array(targetDeviceSchema)) } },
  }, async (request) => {
    const row = await service.scheduleInScope(ctx(request), (request.body as { id: string }).id);
    const scope = await areaScope(app.db, request.session!);
    const ids = [...new Set([...row.target_devices, ...app.gateway.devicesIn(app.gateway.subtree(row.target_areas))])];
    const devices = await app.db.query<{ id: string; name: string; area_id: string; lat: number | null; lng: number | null; online: boolean }>(
      'SELECT id, name, area_id, lat, lng, online FROM devices WHERE admin_id = $1 AND id = ANY($2::text[]) ORDER BY name, id', [row.admin_id, ids]);
    return {
      data: devices.filter((d) => scope.ids.has(d.area_id)).map((d) => ({
        _id: d.id, tenthietbi: d.name, tendiaban: app.gateway.areaName(d.area_id), vido: d.lat, kinhdo: d.lng, tructuyen: d.online,
      })),
    };
  });

  app.post(`${base}/duyetnhieu`, {
    ...auth, schema: { tags, summary: 'Duyệt nhiều lịch phát, hoặc trả lại nhiều lịch với cùng một lý do (mỗi lịch theo đúng quy tắc như khi làm riêng)', body: bulkReviewBodySchema, response: { 200: envelope(bulkReviewResultSchema) } },
  }, async (request) => {
    const body = request.body as z.infer<typeof bulkReviewBodySchema>;
    requireRight(request.session!, 'duyetlichphat');
    const result: z.infer<typeof bulkReviewResultSchema> = { xong: [], loi: [] };
    const refusals: AppError[] = [];
    for (const id of [...new Set(body.ids)]) {
      try {
        if (body.hanhdong === 'duyet') await service.approveSchedule(ctx(request), id);
        else await service.sendBackSchedule(ctx(request), id, body.lydo!);
        result.xong.push(id);
      } catch (error) {
        // One schedule's refusal is its own answer; the others go on.
        if (!(error instanceof AppError)) throw error;
        if (error.refusal) refusals.push(error);
        result.loi.push({ idlichphat: id, lydo: error.message });
      }
    }
    // Nothing done and every one out of reach: the answer is that refusal (as for a single schedule).
    const allRefused = result.xong.length === 0 && refusals.length === result.loi.length;
    for (const refusal of allRefused ? refusals.slice(1) : refusals) await auditRefusal(app, request, refusal);
    if (allRefused) throw refusals[0];
    await changed(...(await Promise.all(result.xong.map((id) => q.findSchedule(app.db, id)))));
    return { data: result };
  });

  app.post(`${base}/ghimlichphat`, {
    ...auth, schema: { tags, summary: 'Ghim / bỏ ghim lịch phát cho riêng mình; tatca: cho mọi người (cần quyền duyệt lịch phát)', body: pinBodySchema, response: { 200: one } },
  }, async (request) => {
    const body = request.body as z.infer<typeof pinBodySchema>;
    const row = await service.pinSchedule(ctx(request), body.id, body.tatca ?? false);
    // A pin for everyone moves the schedule in everyone's list.
    if (body.tatca) announceSchedules(app.bus, [row]);
    return { data: await answer(request, row) };
  });

  app.post(`${base}/yeucauduyetlai`, {
    ...auth, schema: { tags, summary: 'Trả lịch phát về người tạo kèm lý do (chuanhan: bao nhiêu loa chưa nhận lịch mới)', body: sendBackBodySchema, response: { 200: one.extend({ chuanhan: z.number().int() }) } },
  }, async (request) => {
    const body = request.body as z.infer<typeof sendBackBodySchema>;
    // An approved schedule sent back leaves the speakers' plans.
    const { result: row, unheard } = await unheardAfter(body.id, async () => {
      const sentBack = await service.sendBackSchedule(ctx(request), body.id, body.lydo);
      await changed(sentBack);
      return sentBack;
    });
    return { data: await answer(request, row), chuanhan: unheard };
  });

  app.post(`${base}/xoanguonphat`, {
    ...auth, schema: { tags, summary: 'Xoá một nguồn phát khỏi lịch phát', body: dataWrapper(z.object({ id: z.string().max(64), thutu: z.number().int().min(1) })), response: { 200: one } },
  }, async (request) => {
    const { id, thutu } = (request.body as { data: { id: string; thutu: number } }).data;
    const row = await service.removeSource(ctx(request), id, thutu - 1);
    await changed(row);
    return { data: await answer(request, row) };
  });

  // Files for schedules and programmes are stored first; their FILE sources then name the stored key.
  for (const path of ['uploadfile', 'uploadfilesua']) {
    app.post(`${base}/${path}`, {
      ...auth, bodyLimit: 50 * MAX_UPLOAD_BYTES,
      schema: { tags, summary: 'Tải tệp MP3 lên (multipart, trường files) cho lịch phát hoặc chương trình', response: { 200: envelope(z.array(sourceFileSchema)) } },
    }, async (request) => {
      requireRight(request.session!, 'themsuaxoalichphat');
      if (!request.isMultipart()) throw badRequest('Hãy gửi tệp dạng multipart/form-data (trường files)!');
      const uploads: StoredAudio[] = [];
      try {
        for await (const part of formParts(request)) {
          if (part.type !== 'file') continue;
          uploads.push(await storeUploadedAudio(app.db, app.storage, request.session!, { stream: part.file, originalName: part.filename }));
        }
      } catch (error) {
        // All the files or none: a refused upload keeps none of the files stored before the refusal.
        await discardUploads(app.db, app.storage, uploads);
        throw error;
      }
      return { data: uploads.map((a) => ({ fileName: a.originalName, url: a.key, duration: a.durationSeconds, thoigianbatdau: 0 })) };
    });
  }
}
