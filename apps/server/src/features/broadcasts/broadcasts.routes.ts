import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, broadcastInfoSchema, envelope, liveBroadcastSchema, stopByIdBodySchema } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../infra/errors';
import { assertSafeText, parseInput } from '../../infra/validation';
import { discardUploads, storeUploadedAudio, type StoredAudio } from '../media/media.service';
import { startImmediateBroadcast, stopBroadcast, stopOwnImmediate, visibleLive, type BroadcastContext } from './broadcasts.service';
import { streamSession } from './listen';
import { BroadcastReach } from './reach';
import { formParts } from '../../infra/multipartLimits';
import { chimeItem } from '../live/chime';

const parseJsonField = (value: unknown, field: string): unknown => {
  if (typeof value !== 'string') return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest(`Trường "${field}" không phải JSON hợp lệ!`);
  }
  // JSON escapes can spell text the database cannot store; refused here like any body.
  assertSafeText(parsed, [field]);
  return parsed;
};

/** Immediate broadcasts (spec §7 "Immediate broadcast") and the running list. */
export async function broadcastRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['phatngay'];
  // What the speakers of each running broadcast do, for the cards (read beside the engine).
  const reach = new BroadcastReach(app.db, app.gateway, app.engine, app.bus, app.log);
  app.addHook('onClose', () => reach.close());
  // The chime an emergency sent as text opens with is made once, now, not in the first emergency's request.
  app.addHook('onReady', async () => {
    void chimeItem(app.storage).catch((error: unknown) => app.log.warn({ err: error }, 'storing the chime failed'));
  });
  const ctx = (request: FastifyRequest): BroadcastContext => ({
    db: app.db, gateway: app.gateway, engine: app.engine, storage: app.storage, outbound: app.outbound, session: request.session!,
    tts: app.tts, logError: (err, message) => request.log.error({ err }, message),
  });

  app.post('/v1/client/phatngay/phatngay', {
    schema: {
      tags, summary: 'Phát khẩn cấp: multipart với files (MP3), nguonphat (JSON), thongtin (JSON); hoặc JSON { nguonphat, thongtin }',
      response: { 200: envelope(liveBroadcastSchema) },
    },
    bodyLimit: 50 * MAX_UPLOAD_BYTES,
    preHandler: app.requireUser,
  }, async (request) => {
    const fields: Record<string, unknown> = {};
    const uploads: StoredAudio[] = [];
    try {
      if (request.isMultipart()) {
        for await (const part of formParts(request)) {
          if (part.type === 'file') {
            if (part.fieldname !== 'files') throw badRequest(BROADCAST_MESSAGES.filesMismatch);
            uploads.push(await storeUploadedAudio(app.db, app.storage, request.session!, { stream: part.file, originalName: part.filename }));
          } else {
            fields[part.fieldname] = part.value;
          }
        }
      } else {
        Object.assign(fields, request.body as Record<string, unknown>);
      }
      const info = parseInput(broadcastInfoSchema, parseJsonField(fields.thongtin, 'thongtin') ?? {}, ['thongtin']);
      const live = await startImmediateBroadcast(ctx(request), info, parseJsonField(fields.nguonphat, 'nguonphat'), uploads);
      return { data: (await reach.attach([live]))[0] };
    } catch (error) {
      // A refused broadcast leaves no orphan file behind.
      await discardUploads(app.db, app.storage, uploads);
      throw error;
    }
  });

  app.get('/v1/client/phatngay/userdangphat', {
    schema: { tags, summary: 'Chương trình phát khẩn cấp đang chạy của người dùng', response: { 200: envelope(z.array(liveBroadcastSchema)) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await reach.attach(app.engine.live().filter((b) => b.type === 'phatngay' && b.nguoitao === request.session!.user.id)) }));

  app.get('/v1/client/lichphat/lichphatdangphat', {
    schema: { tags, summary: 'Các chương trình đang phát trong phạm vi của người dùng', response: { 200: envelope(z.array(liveBroadcastSchema)) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await reach.attach(await visibleLive(ctx(request))) }));

  // Stopping is a change of state: POST, like every other (the console uses it). The spec's GET stays
  // for existing callers, but needs the CSRF token as a POST would and has no HEAD, so a link, an
  // image or a prefetch can never stop an emergency (issue #27).
  const stopOwn = {
    schema: { tags, summary: 'Dừng các chương trình phát khẩn cấp của người dùng', response: { 200: envelope(z.object({ sochuongtrinh: z.number() })) } },
    preHandler: app.requireUser,
  };
  const stopOwnHandler = async (request: FastifyRequest) => ({ data: { sochuongtrinh: await stopOwnImmediate(ctx(request)) } });
  app.post('/v1/client/phatngay/dungphatngay', stopOwn, stopOwnHandler);
  app.get('/v1/client/phatngay/dungphatngay', { ...stopOwn, exposeHeadRoute: false, config: { csrf: 'always' } }, stopOwnHandler);

  app.post('/v1/client/lichphat/dungkhancap', {
    schema: { tags, summary: 'Dừng một chương trình đang phát (người tạo, hoặc quyền dừng chương trình cùng quản trị)', body: stopByIdBodySchema, response: { 200: envelope(z.null()) } },
    preHandler: app.requireUser,
  }, async (request) => {
    await stopBroadcast(ctx(request), (request.body as { id: string }).id);
    return { data: null };
  });

  app.get('/v1/client/phatngay/nghe/:id', {
    schema: { tags, summary: 'Nghe trực tiếp chương trình đang phát (audio/mpeg)', params: z.object({ id: z.string().max(64) }) },
    preHandler: app.requireUser,
  }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const visible = await visibleLive(ctx(request));
    if (!visible.some((b) => b.idlichphat === id)) throw new AppError(404, BROADCAST_MESSAGES.notFound);
    return streamSession(app, id, request, reply);
  });
}
