import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { CSRF_COOKIE, CSRF_HEADER, MSG, envelope } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constantTimeEqual } from '../features/auth/tokens';
import { bearerCredential } from '../features/auth/bearer';
import { readAuthCookies } from '../features/auth/authCookies';
import { contentSecurityPolicy } from './contentPolicy';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a route from the CSRF check (only for calls authorised by something a
     * browser never sends on its own, such as a signed token in the body). Every other
     * state-changing route needs the token, whatever its path; `'always'` asks it of a GET too.
     */
    csrf?: boolean | 'always';
    /** Set for every route guarded by `requireUser` (in its onRequest or preHandler, when it is registered). */
    requiresLogin?: boolean;
    /**
     * `false`: answers the same to everyone and may be kept by a cache (stored audio), so no CSRF
     * cookie is issued with them (a Set-Cookie makes a shared cache keep nothing: issue #29's
     * caching tier filled from Loa on every request).
     */
    csrfCookie?: boolean;
  }
}

/**
 * The route the router matched (its registered pattern), or null when none did. Security rules
 * decide on this, never on request.url: the router decodes percent-escapes (`/%761/...` is
 * `/v1/...`), accepts absolute-form targets (`http://host/v1/...`) and more, so a prefix test on
 * the raw string can be walked around while the route still runs.
 */
export const matchedRoute = (request: FastifyRequest): string | null => request.routeOptions.url ?? null;

const isApiRoute = (request: FastifyRequest): boolean => matchedRoute(request)?.startsWith('/v1/') ?? false;

/** A /v1/client call carrying `Authorization: Bearer` (decided on the matched route). */
const isBearerCall = (request: FastifyRequest): boolean =>
  (matchedRoute(request)?.startsWith('/v1/client/') ?? false) && bearerCredential(request) !== undefined;

const hasLoginCookie = (request: FastifyRequest): boolean => {
  const { access, refresh } = readAuthCookies(request);
  return Boolean(access || refresh);
};

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

/**
 * Rate limits and CSRF protection, both decided on the matched route. CSRF is default-deny: every
 * state-changing method needs the double-submit token unless its route opts out (config.csrf
 * false); unmatched paths too, so no spelling of a path gets around it.
 */
export const security = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    max: app.config.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Every API route is limited (a route may opt out with config.rateLimit false); the console's
    // files and stored audio are not (one office behind one address loads many of them).
    allowList: (request) => !isApiRoute(request),
    errorResponseBuilder: (_request, context) => ({ statusCode: context.statusCode, message: MSG.tooManyRequests }),
  });

  // Every answer: no script but the console's own files, no sniffing a type other than the one sent,
  // never framed (issue #27). Routes that need another policy (the API documentation) replace it.
  const policy = contentSecurityPolicy(app.config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', policy).header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY').header('referrer-policy', 'same-origin');
  });

  app.addHook('onRoute', (route) => {
    if (app.hasDecorator('requireUser') && [route.onRequest, route.preHandler].flat().includes(app.requireUser)) route.config = { ...route.config, requiresLogin: true };
  });

  app.addHook('onRequest', async (request, reply) => {
    const { csrf, requiresLogin, csrfCookie } = request.routeOptions.config;
    if (csrfCookie !== false) ensureCsrfCookie(request, reply);
    if ((SAFE_METHODS.has(request.method) && csrf !== 'always') || csrf === false) return;
    // A call with an API key is authenticated by that key alone (auth.plugin.ts), never by the
    // cookies a forged page could make the browser send: no CSRF token to check.
    if (isBearerCall(request)) return;
    // No login cookie and no Authorization at all: the call acts as nobody, so there is nothing a
    // forgery could borrow. The route's own check answers 401, which is what such a caller (a
    // script that forgot its key) needs to hear, not the browser's CSRF message (issue #27). It is
    // answered here, before the body is read or checked: a caller who is nobody learns nothing else.
    if (requiresLogin && request.headers.authorization === undefined && !hasLoginCookie(request)) {
      await app.authenticateRequest(request);
      return;
    }
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
