import { envelope, livenessDownSchema, livenessSchema, MSG, systemHealthSchema } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { requireRight } from '../auth/rights';
import { DatabaseHealth, HealthMonitor, SchemaWatch } from './health';

/** Liveness for load balancers (503 while the database is unreachable), and process figures for administrators and benchmarks. */
export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const monitor = new HealthMonitor();
  app.addHook('onClose', async () => monitor.stop());

  const database = new DatabaseHealth(app.db);
  const schema = new SchemaWatch(app.db, app.log);
  app.get('/v1/health', {
    schema: { tags: ['hethong'], summary: 'Máy chủ còn sống, kết nối được cơ sở dữ liệu và đúng phiên bản của nó', response: { 200: livenessSchema, 503: livenessDownSchema } },
    config: { rateLimit: false },
  }, async (_request, reply) => {
    if (!(await database.reachable())) return reply.code(503).header('retry-after', '5').send({ status: 'database_unreachable' as const, message: MSG.databaseUnavailable });
    if ((await schema.unknown()).length > 0) return reply.code(503).send({ status: 'schema_newer' as const, message: MSG.schemaNewer });
    return app.redisReady() === false ? { status: 'ok' as const, canhbao: ['redis_unreachable' as const] } : { status: 'ok' as const };
  });

  app.get('/v1/client/hethong/suckhoe', {
    schema: { tags: ['hethong'], summary: 'Bộ nhớ, độ trễ vòng sự kiện, số thiết bị kết nối', querystring: z.object({ reset: z.enum(['0', '1']).optional() }), response: { 200: envelope(systemHealthSchema) } },
    preHandler: app.requireUser,
  }, async (request) => {
    requireRight(request.session!, 'quanlythietbi');
    const devices = app.gateway.snapshot();
    return {
      data: {
        ...monitor.snapshot((request.query as { reset?: string }).reset === '1'),
        thietbi: { tong: devices.length, online: devices.filter((d) => d.online).length },
        dongho: { traloi: app.gateway.clockCounts.answered, boqua: app.gateway.clockCounts.ignored },
        tinnhanthietbi: { tuchoi: app.gateway.strikes.counts.refused, khongghiduoc: app.gateway.strikes.counts.unwritten, ngatketnoi: app.gateway.strikes.counts.cutOff },
        broker: app.broker.kind,
        database: app.db.kind,
        cum: {
          maychu: app.engine.instanceId, dieuphoilich: app.scheduler.isLeader, phiendangchay: app.engine.runningHere,
          redis: app.redisReady() === null ? null : app.redisReady() ? 'ok' as const : 'khongketnoi' as const,
        },
      },
    };
  });
}
