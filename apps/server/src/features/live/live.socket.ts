import { ACCESS_COOKIE, LIVE_EVENTS, LIVE_MESSAGES, REFRESH_COOKIE } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf, authenticateSocket, type Session } from '../auth/auth.service';
import { findUserById } from '../accounts/accounts.queries';
import type { LiveSenders, SenderLink } from './liveSenders';

/**
 * Whether a connection comes from the console's own pages: its Origin names the host it connected
 * to (behind a trusted proxy, the host the proxy was asked for). Browsers always send Origin on a
 * WebSocket or polling request; a page of another site can therefore never start a live session.
 */
export function sameOrigin(headers: Record<string, string | string[] | undefined>, trustProxy: boolean): boolean {
  const origin = headers.origin;
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
      const started = sameOrigin(socket.handshake.headers, app.config.TRUST_PROXY)
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
