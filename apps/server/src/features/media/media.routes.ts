import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Readable } from 'node:stream';
import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, MSG, envelope, uploadUrlSchema, uploadUrlsBodySchema } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../infra/errors';
import { assertMediaKey, keyOfMediaPath, servedAtMedia, uniqueMediaName } from '../../infra/storage';
import { mediaGuard } from './mediaAccess';
import { requireRight } from '../auth/rights';
import { presignedUploadKey, storeUploadedAudio } from './media.service';

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

  const guard = mediaGuard(app, {
    signer: app.authDeps.signer,
    gateway: app.gateway,
    sessionReaches: (sessionId, deviceId) => app.engine.sessionReaches(sessionId, deviceId),
    inPlan: (deviceId, key) => app.plans.planOf(deviceId)?.occurrences.some((o) => o.items.some((i) => keyOfMediaPath(i.url) === key)) ?? false,
  }, { perDevice: app.config.MEDIA_MAX_PER_DEVICE, perIp: app.config.MEDIA_MAX_PER_IP, idleMs: app.config.MEDIA_IDLE_SECONDS * 1000 });
  if (app.storage.kind === 'disk') await serveStoredAudio(app, guard);
  // Stored audio on S3: old and stored /media/<key> links (play items keep them) lead to the object.
  if (app.storage.kind === 's3') {
    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const raw = (request.params as { '*': string })['*'];
      let key: string;
      try {
        key = assertMediaKey(decodeURIComponent(raw));
      } catch {
        return reply.code(404).send({ message: MSG.notFound });
      }
      if (!servedAtMedia(key)) return reply.code(404).send({ message: MSG.notFound });
      if (!(await guard(request, reply, key))) return reply;
      // Speech of an emergency still being made: the speaker waits for it here (issue #29).
      await app.tts.pending.wait(key, app.storage);
      return reply.header('cache-control', 'private, max-age=60').redirect(await app.storage.publicUrl(key), 302);
    });
  }
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
      let key: string;
      try {
        key = assertMediaKey((request.params as { '*'?: string })['*'] ?? '');
      } catch {
        return reply.code(404).send({ message: MSG.notFound });
      }
      // The speaker's packages go to boxes with their credentials (/v1/thietbi/capnhat/goi/:id) only.
      if (!servedAtMedia(key)) return reply.code(404).send({ message: MSG.notFound });
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
    scope.get('/media/*', { schema: { hide: true } }, (request, reply) => reply.sendFile((request.params as { '*': string })['*']));
  });
}
