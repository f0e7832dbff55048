import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Readable } from 'node:stream';
import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, MSG, envelope, uploadUrlSchema, uploadUrlsBodySchema } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../infra/errors';
import { keyOfMediaPath, uniqueMediaName } from '../../infra/storage';
import { AudioMemory, byteRange, type HeldAudio } from './audioMemory';
import { mediaChecker, mediaGuard, mediaLessons, servedKey } from './mediaAccess';
import { MEDIA_CHECK_PREFIX, listenMediaChecks } from './mediaCheckServer';
import { requireRight } from '../auth/rights';
import { presignedUploadKey, storeUploadedAudio } from './media.service';

export { MEDIA_CHECK_PREFIX };

const UPLOAD_PURPOSE = 'upload';
const UPLOAD_TTL_SECONDS = 15 * 60;
/** Validity of a presigned S3 PUT address. */
const S3_UPLOAD_TTL_SECONDS = 5 * 60;

/**
 * Upload addresses (spec §7 "Get upload addresses"): with S3 the bucket's presigned PUT addresses
 * (the object is checked by content when a broadcast, schedule or programme first uses its key);
 * with the disk store the server signs its own PUT addresses, and a PUT of audio/mpeg answers 204.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['media'];
  app.addContentTypeParser(['audio/mpeg', 'audio/mp3', 'application/octet-stream'], (_request, payload, done) => done(null, payload));

  app.post('/v1/client/lichphat/geturlupload', {
    schema: { tags, summary: 'Địa chỉ tải tệp âm thanh lên (PUT audio/mpeg, trả 204)', body: uploadUrlsBodySchema, response: { 200: envelope(z.array(uploadUrlSchema)) } },
    preHandler: app.requireUser,
  }, async (request) => {
    requireRight(request.session!, 'themsuaxoalichphat');
    const { key: names } = request.body as z.infer<typeof uploadUrlsBodySchema>;
    const { storage } = app;
    if (storage.presignUpload) {
      const userId = request.session!.user.id;
      return {
        data: await Promise.all(names.map(async (name) => {
          const key = presignedUploadKey(userId, name);
          return { url: await storage.presignUpload!(key, S3_UPLOAD_TTL_SECONDS), fields: { key } };
        })),
      };
    }
    const expires = Math.floor(Date.now() / 1000) + UPLOAD_TTL_SECONDS;
    return {
      data: names.map((name) => {
        const key = `audio/${uniqueMediaName(name)}`;
        const token = app.authDeps.signer.signPayload({ k: key, n: path.basename(name), u: request.session!.user.id, e: expires }, UPLOAD_PURPOSE);
        return { url: `/v1/client/media/upload/${token}`, fields: { key } };
      }),
    };
  });

  app.put('/v1/client/media/upload/:token', {
    schema: { tags, summary: 'Tải một tệp MP3 lên địa chỉ đã cấp', params: z.object({ token: z.string().max(2000) }) },
    bodyLimit: MAX_UPLOAD_BYTES,
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const claims = app.authDeps.signer.verifyPayload((request.params as { token: string }).token, UPLOAD_PURPOSE);
    const session = request.session!;
    if (!claims || claims.u !== session.user.id || typeof claims.k !== 'string' || (claims.e as number) * 1000 < Date.now()) {
      throw new AppError(403, 'Địa chỉ tải lên không hợp lệ hoặc đã hết hạn, hãy thử lại!');
    }
    // Checked before the body is read; storeUploadedAudio's exclusive put covers two PUTs at once.
    if (await app.storage.exists(claims.k)) throw new AppError(409, BROADCAST_MESSAGES.uploadAddressUsed);
    if (!request.body || typeof (request.body as Readable).pipe !== 'function') throw badRequest(BROADCAST_MESSAGES.fileMissing);
    await storeUploadedAudio(app.db, app.storage, session, { stream: request.body as Readable, originalName: String(claims.n), key: claims.k });
    return reply.code(204).send();
  });

  const check = mediaChecker(app, {
    signer: app.authDeps.signer,
    gateway: app.gateway,
    sessionReaches: (sessionId, deviceId) => app.engine.sessionReaches(sessionId, deviceId),
    inPlan: (deviceId, key) => app.plans.planOf(deviceId)?.occurrences.some((o) => o.items.some((i) => keyOfMediaPath(i.url) === key)) ?? false,
  });
  const guard = mediaGuard(check, { perDevice: app.config.MEDIA_MAX_PER_DEVICE, perIp: app.config.MEDIA_MAX_PER_IP, idleMs: app.config.MEDIA_IDLE_SECONDS * 1000 });
  // The caching tier's checks on a listener of their own (MEDIA_CHECK_PORT), started with the app.
  const checkPort = app.config.MEDIA_CHECK_PORT;
  if (checkPort !== undefined) {
    let checks: Awaited<ReturnType<typeof listenMediaChecks>> | null = null;
    app.addHook('onReady', async () => {
      checks = await listenMediaChecks(check, {
        host: app.config.MEDIA_CHECK_HOST, port: checkPort, backlog: app.config.HTTP_BACKLOG, log: app.log,
        mirror: { lesson: mediaLessons(app.authDeps.signer, (sessionId) => app.engine.sessionTarget(sessionId)), devices: app.gateway },
      });
    });
    app.addHook('onClose', async () => checks?.close());
  }
  // A caching tier in front of /media (docs/operations.md "Audio at scale": nginx with auth_request)
  // asks here, with the speaker's own path and query, before it answers from its cache: the same
  // checks as /media itself (token, device proof, the session reaching the device; refusals logged),
  // 204 when it may have the file. The tier's one address makes every request: no rate limit here
  // (the check is a few HMACs; refusals are logged once a minute per source).
  app.get(`${MEDIA_CHECK_PREFIX}/media/*`, { schema: { hide: true }, config: { rateLimit: false, csrfCookie: false } }, async (request, reply) => {
    const key = servedKey((request.params as { '*': string })['*']);
    if (!key) return reply.code(404).send({ message: MSG.notFound });
    if (!(await guard(request, reply, key, true))) return reply;
    return reply.code(204).send();
  });
  if (app.storage.kind === 'disk') await serveStoredAudio(app, guard);
  // Stored audio on S3: old and stored /media/<key> links (play items keep them) lead to the object.
  if (app.storage.kind === 's3') {
    app.get('/media/*', { schema: { hide: true }, config: { csrfCookie: false } }, async (request, reply) => {
      const key = servedKey((request.params as { '*': string })['*'], true);
      if (!key) return reply.code(404).send({ message: MSG.notFound });
      if (!(await guard(request, reply, key))) return reply;
      // Speech of an emergency still being made: the speaker waits for it here (issue #29).
      await app.tts.pending.wait(key, app.storage);
      return reply.header('cache-control', 'private, max-age=60').redirect(await app.storage.publicUrl(key), 302);
    });
  }
}

/** A file held in memory as `sendFile` would send it: validators, a week's immutable caching, one byte range. */
function sendHeld(request: FastifyRequest, reply: FastifyReply, held: HeldAudio): FastifyReply {
  reply.header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=604800, immutable')
    .header('last-modified', new Date(held.mtimeMs).toUTCString()).header('etag', held.etag);
  if (request.headers['if-none-match'] === held.etag) return reply.code(304).send();
  // If-Range naming another version: the whole file, not a piece of a different one.
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== held.etag ? null : byteRange(request.headers.range, held.size);
  if (range === 'unsatisfiable') return reply.code(416).header('content-range', `bytes */${held.size}`).send();
  if (!range) return reply.send(held.body);
  return reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${held.size}`).send(held.body.subarray(range.start, range.end + 1));
}

/**
 * Stored audio on disk at `/media/<key>`, with range requests (devices and the listen link seek in
 * it). Whatever a file's name or bytes, it is served as `audio/mpeg` with `nosniff`, so an upload
 * can never be taken for a page or a script (issue #27: an MP3 named `….html` whose ID3 title held
 * a script was served as text/html from the console's own origin). Only well-formed keys are
 * served: never the hidden temporary files of unfinished uploads. A speaker's request is checked
 * first (mediaAccess.ts: signed address, device proof), and one for speech still being made waits.
 */
async function serveStoredAudio(app: FastifyInstance, guard: ReturnType<typeof mediaGuard>): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      const key = servedKey((request.params as { '*'?: string })['*'] ?? '');
      if (!key) return reply.code(404).send({ message: MSG.notFound });
      if (!(await guard(request, reply, key))) return reply;
      // Speech of an emergency still being made: the speaker waits for it here (issue #29).
      await app.tts.pending.wait(key, app.storage);
    });
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode < 300) reply.header('content-type', 'audio/mpeg').header('content-disposition', 'inline');
      return payload;
    });
    // Its own route, sending the checked key: @fastify/static's wildcard route lists every folder of
    // the path (readdir) on every request to check its spelling, so each speaker's GET read the whole
    // audio folder (issue #29: 10,000 GETs of one file in a second). Keys are checked above instead.
    await scope.register(fastifyStatic, { root: app.storage.root, serve: false, index: false, immutable: true, maxAge: '7d', dotfiles: 'deny' });
    // Files up to a quarter of MEDIA_MEMORY_MB are sent from memory (audioMemory.ts): one read and no
    // descriptor per speaker when a district asks for the same bulletin at once; longer ones stream.
    const memory = new AudioMemory(app.storage.root, app.config.MEDIA_MEMORY_MB * 1024 * 1024);
    scope.get('/media/*', { schema: { hide: true }, config: { csrfCookie: false } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const found = await memory.lookup(key);
      if (!found) return reply.code(404).send({ message: MSG.notFound });
      if ('tooLarge' in found) return reply.sendFile(key);
      return sendHeld(request, reply, found.held);
    });
  });
}
