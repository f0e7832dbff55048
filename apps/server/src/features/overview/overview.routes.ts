import { envelope, overviewSchema } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { getOverview } from './overview.service';

export async function overviewRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/client/tongquan', {
    schema: { tags: ['tongquan'], summary: 'Số liệu tổng quan', response: { 200: envelope(overviewSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await getOverview(app.db, app.gateway, request.session!) }));
}
