import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { writeSystemLog } from '../system-log/systemLog.service';

/**
 * Every call made with an API key is a system-log entry under the key's name (`goi-api`): the
 * route the router matched, the method and the answer's status. What the call changed has its
 * own entry besides, written with the change.
 */
export const apiKeyAudit = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    const session = request.session;
    if (!session?.apiKey) return;
    const status = reply.statusCode;
    try {
      await writeSystemLog(app.db, session.actor, {
        action: 'goi-api',
        outcome: status < 400 ? 'ok' : status === 401 || status === 403 || status === 404 ? 'denied' : 'failed',
        targetType: 'khoaapi', targetId: session.apiKey.id, targetName: session.apiKey.name,
        detail: { duongdan: request.routeOptions.url ?? null, phuongthuc: request.method, trangthai: status },
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write an API key call to the system log');
    }
  });
});
