import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors';
import { keyOfMediaPath } from '../../infra/storage';
import { BROADCAST_MESSAGES } from '@loa/contract';
import { openLive } from '../live/live.plugin';

/** Highest bitrate a relay slot is allowed to bring in (512 kbit/s), plus a margin for a slow start. */
const RELAY_BYTES_PER_SECOND = 64 * 1024;
const RELAY_MARGIN_BYTES = 1024 * 1024;
const isAudio = (type: string) => type === '' || type.startsWith('audio/') || type.startsWith('application/ogg') || type.startsWith('application/octet-stream');

/**
 * Proxies one relay slot through the outbound rules (public hosts or the allow list, bounded in time
 * and bytes); an error answer or anything that is not audio is dropped unread, never passed on.
 */
async function relayInto(app: FastifyInstance, id: string, url: string, seconds: number, out: PassThrough, signal: AbortSignal): Promise<void> {
  try {
    const response = await app.outbound.fetch(url, {
      signal, timeoutMs: seconds * 1000, maxRedirects: 3, maxBytes: RELAY_MARGIN_BYTES + seconds * RELAY_BYTES_PER_SECOND,
    });
    if (!response.ok || !isAudio(response.contentType)) {
      response.discard();
      app.log.warn({ broadcast: id, status: response.status, contentType: response.contentType }, 'listen: the relay answered no audio');
      return;
    }
    // The slot ends when its time (or byte budget) is used up: that is no failure.
    await pipeline(response.body, out, { end: false, signal }).catch(() => undefined);
  } catch (error) {
    if (!signal.aborted) app.log.warn({ broadcast: id, reason: (error as Error).message }, 'listen: relay slot skipped');
  }
}

const mediaKey = keyOfMediaPath;

/**
 * The listen link: streams, as one MP3 stream, what a session plays from this moment to the end of
 * its current run — stored items from the byte matching the position, relays proxied for their slot,
 * live voice from the hub as it arrives.
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
        if (item.kind === 'live') {
          // Live voice: from its newest chunk until the officer stops (issue #12).
          const live = await openLive(app.liveHub, id, out);
          if (!live) break;
          abort.signal.addEventListener('abort', live.stop, { once: true });
          await live.done;
        } else if (key) {
          // Speech still being made (an emergency sent as text): the listener waits for it as the speakers do.
          await app.tts.pending.wait(key, app.storage);
          const { size } = (await app.storage.stat(key)) ?? { size: 0 };
          const start = item.duration > 0 ? Math.floor((position / item.duration) * size) : 0;
          if (start < size) await pipeline(await app.storage.read(key, { start }), out, { end: false, signal: abort.signal });
        } else {
          await relayInto(app, id, item.url, Math.max(1, item.duration - position), out, abort.signal);
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
