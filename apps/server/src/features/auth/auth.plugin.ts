import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticateApiKey } from '../api-keys/apiKeyAuth';
import { readAuthCookies } from './authCookies';
import { authenticate, type Session } from './auth.service';
import { bearerCredential } from './bearer';

declare module 'fastify' {
  interface FastifyRequest {
    session?: Session;
  }
  interface FastifyInstance {
    /**
     * preHandler: answers 401 (auto yes/no) unless the request carries a live login, or a live
     * API key (`Authorization: Bearer`, then never the cookies). Any route that uses it accepts keys.
     */
    requireUser: (request: FastifyRequest) => Promise<void>;
    authenticateRequest: (request: FastifyRequest) => Promise<Session>;
  }
}

/** Decorates the app with the authentication every protected route uses. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const authenticateRequest = (request: FastifyRequest) => {
    const key = bearerCredential(request);
    if (key !== undefined) return authenticateApiKey(app.db, key, { ip: request.ip, route: request.routeOptions.url ?? null, method: request.method });
    return authenticate(app.authDeps, readAuthCookies(request), { ip: request.ip, userAgent: request.headers['user-agent'] });
  };
  app.decorate('authenticateRequest', authenticateRequest);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.session = await authenticateRequest(request);
  });
});
