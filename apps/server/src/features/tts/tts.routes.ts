import {
  envelope, ttsConvertBodySchema, ttsDownloadParamsSchema, ttsEngineListSchema, ttsEngineParamsSchema, ttsResultSchema,
  MSG, type TtsConvertBody,
} from '@loa/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as service from './tts.service';

/** Text-to-speech (spec §7): the engines offered, conversion, and the download of a result. */
export async function ttsRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['tts'];
  const { engines, inflight } = app.tts;
  const ctx = (request: FastifyRequest): service.TtsContext => ({
    db: app.db, storage: app.storage, engines, session: request.session!, inflight,
    logError: (err, message) => request.log.error({ err }, message),
  });

  app.get('/v1/client/tts', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Các bộ chuyển văn bản thành giọng nói đang có', response: { 200: envelope(ttsEngineListSchema) } },
  }, async () => ({ data: service.listEngines(engines) }));

  app.post('/v1/client/tts/:engine', {
    preHandler: app.requireUser,
    // Counted per account after sign-in: a conversion costs seconds of CPU or a paid cloud call.
    config: { rateLimit: { max: 30, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: (request: FastifyRequest) => request.session?.user.id ?? request.ip } },
    schema: {
      tags, summary: 'Chuyển văn bản thành giọng nói (MP3)', params: ttsEngineParamsSchema, body: ttsConvertBodySchema,
      response: { 200: envelope(ttsResultSchema) },
    },
  }, async (request) => ({
    data: await service.convert(ctx(request), (request.params as { engine: string }).engine, request.body as TtsConvertBody),
  }));

  // The same file as the listen address, sent as an attachment so the browser saves it.
  app.get('/v1/client/tts/taixuong/:file', {
    schema: { tags, summary: 'Tải tệp giọng nói đã chuyển', params: ttsDownloadParamsSchema },
  }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const key = `tts/${file}`;
    let exists = false;
    try {
      exists = await app.storage.exists(key);
    } catch { /* an invalid name */ }
    if (!exists) return reply.code(404).send({ message: MSG.notFound });
    return reply
      .type('audio/mpeg')
      .header('content-disposition', `attachment; filename="giong-noi.mp3"; filename*=UTF-8''${encodeURIComponent(file)}`)
      .header('cache-control', 'private, max-age=604800')
      .send(await app.storage.read(key));
  });
}
