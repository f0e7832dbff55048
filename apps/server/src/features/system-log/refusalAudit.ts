import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors';
import { writeSystemLog } from './systemLog.service';

/** Log actions of refused requests (the system-log screen filters by them). */
export const REFUSAL_ACTIONS = { quyen: 'tu-choi-quyen', 'pham-vi': 'tu-choi-pham-vi' } as const;

/** Writes a refused right or scope of the signed-in actor to the system log (also for one refusal among several a route reports). */
export async function auditRefusal(app: FastifyInstance, request: FastifyRequest, error: FastifyError | Error): Promise<void> {
  if (!(error instanceof AppError) || !error.refusal || !request.session) return;
  const { refusal } = error;
  try {
    await writeSystemLog(app.db, request.session.actor, {
      action: REFUSAL_ACTIONS[refusal.kind],
      outcome: 'denied',
      ...(refusal.target ? { targetType: refusal.target.type, targetId: refusal.target.id, targetName: refusal.target.name } : {}),
      detail: {
        // The route the router matched, never the raw URL (which may be spelled many ways).
        duongdan: request.routeOptions.url ?? null,
        phuongthuc: request.method,
        ...(refusal.kind === 'quyen' && refusal.right ? { quyen: refusal.right } : {}),
        thongbao: error.message,
      },
    });
  } catch (logError) {
    // The refusal still answers; an entry that could not be written is reported, not swallowed.
    request.log.error({ err: logError }, 'could not write the refusal to the system log');
  }
}

/**
 * Every refused right (403 from requireRight and its kin) and refused scope (404/403 from the
 * area-scope checks) becomes a system-log entry of the signed-in actor, in one place: the errors
 * carry their kind (AppError.refusal) and this hook writes them, so no call site can forget.
 */
export const refusalAudit = fp(async (app: FastifyInstance) => {
  app.addHook('onError', async (request, _reply, error) => auditRefusal(app, request, error));
});
