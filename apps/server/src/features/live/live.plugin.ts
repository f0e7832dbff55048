import { PassThrough } from 'node:stream';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { LIVE_MESSAGES } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../infra/errors';
import { InProcessLiveHub, type LiveHub } from './liveHub';
import { RedisLiveHub } from './redisLiveHub';
import { LiveSenders } from './liveSenders';
import { attachLiveSockets } from './live.socket';
import { verifyLiveToken } from './live.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live voice streams (issue #12): in process, or through Redis streams with REDIS_URL. */
    liveHub: LiveHub;
    liveSenders: LiveSenders;
  }
}

/** A listener this far behind (a stalled speaker) is dropped rather than buffered without end. */
const MAX_LISTENER_BACKLOG = 512 * 1024;
const STREAM_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.mp3$/;

/**
 * Starts writing a live stream into `out` from its newest chunk; `done` settles when the stream
 * ends, the listener falls too far behind or `stop` is called. Null when there is no such stream
 * (or it has ended).
 */
export async function openLive(hub: LiveHub, id: string, out: PassThrough): Promise<{ done: Promise<void>; stop: () => void } | null> {
  let finished!: () => void;
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const unlisten = await hub.listen(id, {
    chunk: (bytes) => {
      if (out.writableLength > MAX_LISTENER_BACKLOG) finished();
      else out.write(bytes);
    },
    end: () => finished(),
  });
  if (!unlisten) return null;
  return { done: done.then(() => unlisten()), stop: () => finished() };
}

/**
 * Live voice: the hub, the officers' sessions on the console's Socket.IO connection, and the
 * stream speakers fetch (`GET /media/live/<id>.mp3?t=…`, authorised by the signed address the play
 * command carries, like every media address a speaker is given).
 */
export const liveFeature = fp(async (app: FastifyInstance) => {
  const hub: LiveHub = app.config.REDIS_URL ? await RedisLiveHub.connect(app.config.REDIS_URL, app.config.REDIS_KEY_PREFIX, app.log) : new InProcessLiveHub();
  app.decorate('liveHub', hub);
  const senders = new LiveSenders({
    db: app.db, bus: app.bus, engine: app.engine, gateway: app.gateway, storage: app.storage, outbound: app.outbound,
    signer: app.authDeps.signer, hub, log: app.log,
  });
  app.decorate('liveSenders', senders);
  attachLiveSockets(app, senders);
  // Before the HTTP server drains: the endless live responses end, or closing would wait for them.
  app.addHook('preClose', async () => {
    await senders.close();
    await hub.shutdown();
  });

  app.get('/media/live/:name', {
    schema: {
      tags: ['phatngay'], summary: 'Luồng phát trực tiếp (audio/mpeg) cho loa và đường nghe; địa chỉ có chữ ký đi kèm lệnh phát',
      params: z.object({ name: z.string().max(80) }), querystring: z.object({ t: z.string().max(2000).optional() }),
    },
  }, async (request, reply) => {
    const m = STREAM_NAME.exec((request.params as { name: string }).name);
    if (!m) throw new AppError(404, LIVE_MESSAGES.streamGone);
    const id = m[1];
    if (!verifyLiveToken(app.authDeps.signer, id, (request.query as { t?: string }).t)) {
      throw new AppError(403, 'Địa chỉ luồng phát trực tiếp không hợp lệ hoặc đã hết hạn!');
    }
    const out = new PassThrough();
    const live = await openLive(hub, id, out);
    if (!live) throw new AppError(404, LIVE_MESSAGES.streamGone);
    request.raw.on('close', () => live.stop());
    void live.done.then(() => out.end());
    return reply.type('audio/mpeg').header('cache-control', 'no-store').send(out);
  });
});
