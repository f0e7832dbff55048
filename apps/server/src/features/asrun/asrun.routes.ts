import { asRunQuerySchema, asRunReportSchema, envelope, type AsRunQuery } from '@loa/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { buildAsRunReport } from './asrun.service';
import { asRunCsv, asRunFileName, asRunXlsx } from './asrun.export';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const attachment = (reply: FastifyReply, type: string, name: string) =>
  reply.type(type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');

/** The as-run record (nhật ký phát sóng): the screen's rows and the two exports, with the same filters. */
export async function asRunRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['nhatkyphatsong'];
  const summary = '(lọc theo ngày hoặc khoảng ngày, địa bàn, loại bản tin, hình thức, kết quả; trong phạm vi của người dùng)';
  app.get('/v1/client/nhatkyphatsong', {
    schema: { tags, summary: `Nhật ký phát sóng theo xã và ngày ${summary}`, querystring: asRunQuerySchema, response: { 200: envelope(asRunReportSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await buildAsRunReport(app.db, request.session!, request.query as AsRunQuery) }));

  app.get('/v1/client/nhatkyphatsong/xuatcsv', {
    schema: { tags, summary: `Xuất nhật ký phát sóng ra CSV (UTF-8 có BOM, mở được bằng Excel) ${summary}`, querystring: asRunQuerySchema },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const report = await buildAsRunReport(app.db, request.session!, request.query as AsRunQuery);
    return attachment(reply, 'text/csv; charset=utf-8', asRunFileName(report, 'csv')).send(asRunCsv(report));
  });

  app.get('/v1/client/nhatkyphatsong/xuatxlsx', {
    schema: { tags, summary: `Xuất nhật ký phát sóng ra tệp Excel (XLSX) ${summary}`, querystring: asRunQuerySchema },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const report = await buildAsRunReport(app.db, request.session!, request.query as AsRunQuery);
    return attachment(reply, XLSX_TYPE, asRunFileName(report, 'xlsx')).send(await asRunXlsx(report));
  });
}
