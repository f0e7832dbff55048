import { ACCESS_COOKIE, REFRESH_COOKIE } from '@loa/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedTokens } from './auth.service';

/** Writes the session cookies: httpOnly, SameSite=Strict, Secure behind HTTPS. */
export function setAuthCookies(request: FastifyRequest, reply: FastifyReply, tokens: IssuedTokens, ttl: { access: number; refresh: number }): void {
  const secure = request.server.config.COOKIE_SECURE || request.protocol === 'https';
  const base = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/' };
  // The access cookie outlives its token a little so an expired token is still seen and answered auto "yes".
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, maxAge: ttl.refresh });
  if (tokens.refreshToken) reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, maxAge: ttl.refresh });
}

export function clearAuthCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: '/' });
}

export function readAuthCookies(request: FastifyRequest): { access?: string; refresh?: string } {
  return { access: request.cookies[ACCESS_COOKIE], refresh: request.cookies[REFRESH_COOKIE] };
}
