import type { IncomingMessage, ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Upgrade paths something listens on: Socket.IO (realtime.ts) and MQTT over WebSocket (broker.ts). */
const UPGRADE_PATHS = ['/socket.io/', '/mqtt'];

/**
 * Time limits of the HTTP server, for the Fastify options. Node cuts (408 and close) a request whose
 * headers trickle in longer than the headers timeout, or whose headers and body together take
 * longer than the request timeout. Both concern receiving the request only: a long answer (the
 * listen stream) and upgraded connections (Socket.IO, MQTT over WebSocket) are not affected.
 */
export function httpTimeouts(config: Config): { requestTimeout: number; http: ServerOptions } {
  const headersTimeout = Math.round(config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000);
  const requestTimeout = Math.max(headersTimeout, Math.round(config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000));
  // Node checks the limits on a timer (30 s by default), so a cut comes up to that much late.
  const connectionsCheckingInterval = Math.min(1000, Math.max(50, Math.round(headersTimeout / 4)));
  return { requestTimeout, http: { headersTimeout, requestTimeout, connectionsCheckingInterval } };
}

/**
 * A request answered before its body was read (413, 403, 401...) closes its connection: keeping it
 * alive would make Node read and discard the rest of the body, however large, before the next
 * request. An upgrade to a path nothing serves is refused instead of left hanging.
 */
export function closeUnreadConnections(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
  app.server.on('upgrade', (request, socket) => {
    if (UPGRADE_PATHS.some((p) => request.url?.startsWith(p))) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}

/**
 * At shutdown, connections still open after a grace period are cut: endless answers (the listen
 * link, live voice streams) and a client that connected and never sent a byte (Node counts it
 * neither idle nor late) would otherwise hold the stop for ever. So are upgraded connections
 * (Socket.IO, MQTT over WebSocket): Node no longer tracks them as HTTP connections, so
 * closeAllConnections leaves them, yet the server's close waits for them, and Fastify closes the
 * server before the onClose hooks that would end them. An open console tab or a speaker on
 * WebSocket held the stop until main.ts's 10 s forced exit, with the database left unclosed.
 */
export function cutStragglersOnClose(app: FastifyInstance, graceMs = 2000): void {
  const upgraded = new Set<Duplex>();
  app.server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
  app.addHook('preClose', async () => {
    const timer = setTimeout(() => {
      app.server.closeAllConnections();
      for (const socket of upgraded) socket.destroy();
    }, graceMs);
    timer.unref();
    app.server.once('close', () => clearTimeout(timer));
  });
}
