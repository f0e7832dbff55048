import { envelope, overviewChartsSchema, overviewSchema } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { getOverview } from './overview.service';
import { getOverviewCharts } from './overviewCharts.service';

export async function overviewRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/client/tongquan', {
    schema: { tags: ['tongquan'], summary: 'Số liệu tổng quan', response: { 200: envelope(overviewSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await getOverview(app.db, app.gateway, request.session!) }));
  app.get('/v1/client/tongquan/bieudo', {
    schema: { tags: ['tongquan'], summary: 'Biểu đồ tổng quan (bản tin theo ngày, loa trực tuyến, loa ngoại tuyến, hoàn thành lịch phát)', response: { 200: envelope(overviewChartsSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await getOverviewCharts(app.db, app.gateway, request.session!) }));
}
