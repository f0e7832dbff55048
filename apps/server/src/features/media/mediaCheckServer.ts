import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@loa/contract';
import { MEDIA_MESSAGES, queryString, servedKey, type MediaChecker } from './mediaAccess';

/** Where a caching tier checks a speaker's audio request at the API (media.routes.ts): `<prefix>` + the request's own path and query. The listener takes paths with or without it. */
export const MEDIA_CHECK_PREFIX = '/v1/thietbi/kiemtra';

/** Longer than nginx's upstream keepalive_timeout (60 s), so the tier, not Loa, closes an idle connection (no request lost in a race). */
const KEEP_ALIVE_MS = 75_000;

/** A query value as the checks take it (queryString): given once, else absent, as the API's own parser leaves it. */
function once(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  return values.length === 1 ? queryString(values[0]) : undefined;
}

/**
 * The caching tier's checks of speakers' audio addresses (deploy/nginx/loa-media-cache.conf,
 * auth_request), on a listener of their own (MEDIA_CHECK_PORT, issue #29). Every request of a
 * district's bulletin is checked before the tier answers from its cache, ten thousand in a second:
 * here each costs the HTTP parse and the checks (the token's HMAC remembered, the device proof's
 * HMAC, the session's reach), not the API's routing, hooks and per-request objects, and comes over
 * the tier's kept-alive connections. The answers are auth_request's: 204 the speaker may have the
 * file; 403 with the reason (logged by the checker, as at /media); 404 an address that is no stored
 * file. GET and HEAD of `/media/<key>?t=…&d=…&p=…`, with or without the API route's prefix.
 *
 * The tier is the only client: the speaker's address is the last one in its X-Forwarded-For.
 */
export async function listenMediaChecks(check: MediaChecker, options: { host: string; port: number; backlog?: number; log: FastifyBaseLogger }): Promise<{ port: number; close: () => Promise<void> }> {
  const { log } = options;
  const answer = (res: http.ServerResponse, status: number, message?: string) => {
    if (message === undefined) {
      res.writeHead(status).end();
      return;
    }
    const body = JSON.stringify({ message });
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  };
  const server = http.createServer({ keepAliveTimeout: KEEP_ALIVE_MS, requestTimeout: 30_000, headersTimeout: 20_000 }, (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return answer(res, 405);
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://tier');
    } catch {
      return answer(res, 404, MSG.notFound);
    }
    const pathname = url.pathname.startsWith(`${MEDIA_CHECK_PREFIX}/`) ? url.pathname.slice(MEDIA_CHECK_PREFIX.length) : url.pathname;
    const key = pathname.startsWith('/media/') ? servedKey(pathname.slice('/media/'.length), true) : null;
    if (!key) return answer(res, 404, MSG.notFound);
    const forwarded = req.headers['x-forwarded-for'];
    const ip = (typeof forwarded === 'string' ? forwarded.split(',').pop()?.trim() : undefined) || req.socket.remoteAddress || '';
    const params = url.searchParams;
    check(key, { t: once(params, 't'), d: once(params, 'd'), p: once(params, 'p') }, ip, log).then(
      (refusal) => answer(res, refusal ? 403 : 204, refusal ? MEDIA_MESSAGES[refusal] : undefined),
      (error: unknown) => {
        log.error({ err: error, key }, 'audio check failed');
        answer(res, 500, MSG.serverError);
      },
    );
  });
  // No cap on connections: in a district's burst the tier opens one per check it has no idle
  // connection for (over 4,000 to one server at 10,000 speakers), and one refused is a speaker's 500.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port, backlog: options.backlog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  log.info({ host: options.host, port }, 'audio checks for a caching tier listening');
  return {
    port,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
