import { envelope, systemLogPageSchema, systemLogQuerySchema, type SystemLogQuery } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { exportSystemLogCsv, listSystemLog } from './systemLogView.service';

/** The system log screen: filtered pages and the CSV export. There is no route to change or delete an entry. */
export async function systemLogRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['nhatky'];
  app.get('/v1/client/nhatky', {
    schema: { tags, summary: 'Nhật ký hệ thống (lọc theo người dùng, hành động, địa bàn, thời gian; phân trang theo con trỏ)', querystring: systemLogQuerySchema, response: { 200: envelope(systemLogPageSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await listSystemLog(app.db, request.session!, request.query as SystemLogQuery) }));

  app.get('/v1/client/nhatky/xuatcsv', {
    schema: { tags, summary: 'Xuất nhật ký ra CSV (UTF-8 có BOM, mở được bằng Excel)', querystring: systemLogQuerySchema },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const stream = await exportSystemLogCsv(app.db, request.session!, request.query as SystemLogQuery);
    const name = `nhat-ky-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(stream);
  });
}
