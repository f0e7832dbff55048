import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { CSRF_COOKIE, CSRF_HEADER, MSG, envelope } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEqual } from '../features/auth/tokens';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const issued = new WeakMap<FastifyRequest, string>();

function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[CSRF_COOKIE] ?? issued.get(request);
  if (existing) return existing;
  const token = crypto.randomBytes(24).toString('base64url');
  const secure = request.server.config.COOKIE_SECURE || request.protocol === 'https';
  // Readable by the console's script on purpose: it echoes it in the x-csrf-token header (double submit).
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'strict', httpOnly: false, secure });
  issued.set(request, token);
  return token;
}

/** Rate limits and CSRF protection (double-submit token on every state-changing call under /v1). */
export const security = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    max: app.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // The API is limited; the console's files, audio and the live stream are not (one office
    // behind one address loads many of them).
    allowList: (request) => !request.url.startsWith('/v1/client/'),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: MSG.tooManyRequests }),
  });

  app.addHook('onRequest', async (request, reply) => {
    ensureCsrfCookie(request, reply);
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/v1/')) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !constantTimeEqual(cookie, header)) {
      return reply.code(403).send({ message: MSG.csrfInvalid });
    }
  });

  app.get('/v1/client/csrf', {
    schema: { tags: ['dangnhap'], summary: 'Lấy mã chống giả mạo (CSRF)', response: { 200: envelope(z.object({ token: z.string() })) } },
  }, async (request, reply) => ({ data: { token: ensureCsrfCookie(request, reply) } }));
});
