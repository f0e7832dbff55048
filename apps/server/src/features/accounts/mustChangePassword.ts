import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from '@loa/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../infra/errors';

/** What a user whose password was reset may still do: read the profile, change the password, sign out. */
export const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['/v1/client/nguoidung/laythongtin', '/v1/client/nguoidung/thaydoimatkhau', '/v1/client/logout']);

async function refuseUntilChanged(request: FastifyRequest): Promise<void> {
  if (request.session?.user.must_change_password) throw new AppError(403, ACCOUNT_MESSAGES.mustChangePassword, { doimatkhau: true });
}

/**
 * After an administrator resets a password, every call but the allowed ones answers 403 until the
 * user changes it. The check is appended to each route's own preHandlers (after requireUser has
 * found the session), so it must be registered before the feature routes.
 */
export const mustChangePasswordGuard = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (ALLOWED_BEFORE_PASSWORD_CHANGE.has(route.url)) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...own, refuseUntilChanged as preHandlerAsyncHookHandler];
  });
});
