import { envelope, loginBodySchema, loginDeviceSchema, signOutDeviceBodySchema, userSchema, type LoginBody } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clearAuthCookies, readAuthCookies, setAuthCookies } from './authCookies';
import { login, logout, refreshAccess, signOutDevice, type ClientInfo } from './auth.service';

const clientOf = (request: FastifyRequest): ClientInfo => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Sign-in, sign-out, token refresh and signing out another login device (spec §7). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['dangnhap'];
  const ttl = { access: app.config.ACCESS_TOKEN_TTL, refresh: app.config.REFRESH_TOKEN_TTL };

  app.post('/v1/client/login', {
    schema: { tags, summary: 'Đăng nhập', body: loginBodySchema, response: { 200: envelope(userSchema) } },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const result = await login(app.authDeps, request.body as LoginBody, clientOf(request));
    setAuthCookies(request, reply, result, ttl);
    return { data: result.user };
  });

  app.get('/v1/client/logout', {
    schema: { tags, summary: 'Đăng xuất', response: { 200: envelope(z.null()) } },
  }, async (request, reply) => {
    // Signing out always clears the cookies, even when the login is already gone.
    const session = await app.authenticateRequest(request).catch(() => null);
    if (session) await logout(app.authDeps, session);
    clearAuthCookies(reply);
    return { data: null };
  });

  app.post('/v1/client/logout/dang-xuat-thiet-bi', {
    schema: { tags, summary: 'Đăng xuất một thiết bị khác', body: signOutDeviceBodySchema, response: { 200: envelope(z.array(loginDeviceSchema)) } },
    preHandler: app.requireUser,
  }, async (request) => {
    const body = request.body as z.infer<typeof signOutDeviceBodySchema>;
    return { data: await signOutDevice(app.authDeps, request.session!, body.DeviceID) };
  });

  app.get('/v1/client/login/token', {
    schema: { tags, summary: 'Làm mới phiên đăng nhập', response: { 200: envelope(z.null()) } },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  }, async (request, reply) => {
    const tokens = await refreshAccess(app.authDeps, readAuthCookies(request).refresh, clientOf(request));
    setAuthCookies(request, reply, tokens, ttl);
    return { data: null };
  });
}
