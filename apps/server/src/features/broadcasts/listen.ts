import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors';
import { BROADCAST_MESSAGES } from '@loa/contract';

const mediaKey = (url: string) => (url.startsWith('/media/') ? decodeURIComponent(url.slice('/media/'.length)) : null);

/**
 * The listen link: streams, as one MP3 stream, what a session plays from this moment to the end of
 * its current run — stored items from the byte matching the position, relays proxied for their slot.
 */
export async function streamSession(app: FastifyInstance, id: string, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const now = app.engine.nowPlaying(id);
  if (!now) throw new AppError(404, BROADCAST_MESSAGES.notFound);
  const out = new PassThrough();
  const abort = new AbortController();
  request.raw.on('close', () => abort.abort());
  void (async () => {
    try {
      for (let i = now.index; i < now.items.length && !abort.signal.aborted; i += 1) {
        const item = now.items[i];
        const position = i === now.index ? now.position : 0;
        const key = mediaKey(item.url);
        if (key) {
          const { size } = (await app.storage.stat(key)) ?? { size: 0 };
          const start = item.duration > 0 ? Math.floor((position / item.duration) * size) : 0;
          if (start < size) await pipeline(await app.storage.read(key, { start }), out, { end: false, signal: abort.signal });
        } else {
          const remaining = Math.max(1, item.duration - position);
          const response = await fetch(item.url, { signal: AbortSignal.any([abort.signal, AbortSignal.timeout(remaining * 1000)]) });
          if (response.body) await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), out, { end: false, signal: abort.signal }).catch(() => undefined);
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) app.log.warn({ err: error, broadcast: id }, 'listen stream ended early');
    } finally {
      out.end();
    }
  })();
  return reply.type('audio/mpeg').header('cache-control', 'no-store').send(out);
}
