import { ACCESS_COOKIE, CSRF_COOKIE, LIVE_EVENTS, LIVE_MESSAGES, REFRESH_COOKIE } from '@loa/contract';
import { constantTimeEqual } from '../auth/tokens';
import type { FastifyInstance } from 'fastify';
import { actorOf, authenticateSocket, type Session } from '../auth/auth.service';
import { findUserById } from '../accounts/accounts.queries';
import type { LiveSenders, SenderLink } from './liveSenders';

/**
 * Whether a live start comes from the console's own pages: an Origin, when the browser sent one
 * (always on a WebSocket, not on a same-origin polling GET), names the host it connected to (behind
 * a trusted proxy, the host the proxy was asked for); and the start echoes the CSRF cookie (double
 * submit), which a page of another site can neither read nor guess.
 */
export function sameOrigin(headers: Record<string, string | string[] | undefined>, trustProxy: boolean, csrf: { cookie?: string; echoed?: unknown }): boolean {
  if (!csrf.cookie || typeof csrf.echoed !== 'string' || !constantTimeEqual(csrf.cookie, csrf.echoed)) return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (typeof origin !== 'string') return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = trustProxy && typeof headers['x-forwarded-host'] === 'string' ? headers['x-forwarded-host'].split(',')[0].trim() : null;
  return host === headers.host || (forwarded !== null && host === forwarded);
}

/** The Socket.IO side of live voice: the console's events on its authenticated connection. */
export function attachLiveSockets(app: FastifyInstance, senders: LiveSenders): void {
  app.io.on('connection', (socket) => {
    const who = socket.data as { userId: string; deviceId: string };
    const link: SenderLink = {
      id: socket.id,
      loginId: who.deviceId,
      session: async (): Promise<Session | null> => {
        const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
        const now = await authenticateSocket(app.authDeps, { access: cookies[ACCESS_COOKIE], refresh: cookies[REFRESH_COOKIE] });
        if (!now || now.deviceId !== who.deviceId || now.userId !== who.userId) return null;
        const user = await findUserById(app.db, now.userId);
        return user && !user.locked ? { user, deviceId: now.deviceId, actor: actorOf(user, socket.handshake.address) } : null;
      },
      ended: (event) => {
        socket.emit(LIVE_EVENTS.ended, event);
      },
      close: () => {
        socket.disconnect(true);
      },
    };
    const answer = <T>(ack: unknown, value: T) => {
      if (typeof ack === 'function') (ack as (v: T) => void)(value);
    };
    socket.on(LIVE_EVENTS.start, (payload: unknown, ack: unknown) => {
      const cookies = app.parseCookie(socket.handshake.headers.cookie ?? '');
      const echoed = payload && typeof payload === 'object' ? (payload as { csrf?: unknown }).csrf : undefined;
      const started = sameOrigin(socket.handshake.headers, app.config.TRUST_PROXY, { cookie: cookies[CSRF_COOKIE], echoed })
        ? senders.start(link, payload)
        : senders.refusedStart(link, 'sai-nguon-goc', LIVE_MESSAGES.badOrigin);
      void started.then((result) => answer(ack, result));
    });
    socket.on(LIVE_EVENTS.chunk, (id: unknown, data: unknown) => {
      void senders.chunk(link, id, data);
    });
    socket.on(LIVE_EVENTS.stop, (id: unknown, ack: unknown) => {
      void senders.stop(link, id).then((result) => answer(ack, result));
    });
    socket.on('disconnect', () => {
      void senders.disconnected(link);
    });
  });
}
