import {
  CAP_MAX_BYTES, CAP_MESSAGES, capAlertSchema, localeOfAcceptLanguage, localizeMessage, capPolicySchema, type CapPolicy, capFeedCreateBodySchema, capFeedIdBodySchema, capFeedSchema, capReceiptSchema, envelope,
} from '@loa/contract';
import { z } from 'zod';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';
import { listReceivedAlerts } from './capAlerts.view';
import { capPolicyOf, setCapPolicy } from './capPolicy';
import { requireKeyManager } from '../api-keys/apiKeys.service';
import { CapFeedPoller } from './capFeeds';
import { receiveAlert, type CapDeps } from './cap.service';
import { readAlertOffThread, stopCapThread } from './capThread';

declare module 'fastify' {
  interface FastifyInstance {
    /** What handling a CAP alert needs. */
    capDeps: CapDeps;
    /** The CAP feed poller (tests poll at once with pollAll). */
    capFeeds: CapFeedPoller;
  }
}

const XML_TYPES = ['application/cap+xml', 'application/xml', 'text/xml', 'application/atom+xml'];

/** The CAP feeds of CAP_FEEDS and the poller, on the whole app (registered after notifications). */
export const capPoller = fp(async (app: FastifyInstance) => {
  const deps: CapDeps = {
    db: app.db, gateway: app.gateway, engine: app.engine, storage: app.storage, outbound: app.outbound, scheduler: app.scheduler,
    notifyDeps: app.notifyDeps, tts: app.tts, voice: app.config.CAP_VOICE, ttsEngine: app.config.CAP_TTS_ENGINE, log: app.log,
  };
  const poller = new CapFeedPoller(deps, app.config.CAP_POLL_SECONDS, app.config.CAP_WARM_UP);
  app.decorate('capDeps', deps);
  app.decorate('capFeeds', poller);
  await poller.start(app.config.CAP_FEEDS.split(/[\s,]+/).filter(Boolean), app.config.ADMIN_USER);
  app.addHook('onClose', async () => {
    stopCapThread();
    await poller.stop();
  });
});

/** CAP 1.2 alerts: POST /v1/client/cap (a key or a login), the feeds, and what each alert became. */
export async function capRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['canhbao'];
  const deps = app.capDeps;
  const poller = app.capFeeds;

  // XML bodies only here (this plugin's routes), as bytes (decoded on the CAP thread), at most CAP_MAX_BYTES (a bigger one is a 413).
  app.addContentTypeParser(XML_TYPES, { parseAs: 'buffer', bodyLimit: CAP_MAX_BYTES }, (_request, body, done) => done(null, body));

  /** Refusals of an alert are system-log entries of the key or account that sent it. */
  const logRefusal = async (request: FastifyRequest, error: FastifyError | Error) => {
    const status = error instanceof AppError ? error.statusCode : (error as FastifyError).statusCode ?? 500;
    if (!request.session || status >= 500 || status === 401) return;
    await writeSystemLog(app.db, request.session.actor, {
      action: 'tu-choi-canh-bao-cap', outcome: 'denied', detail: { lydo: error instanceof AppError ? error.message : status === 413 ? CAP_MESSAGES.tooLarge : CAP_MESSAGES.notXml, trangthai: status },
    }).catch((logError: unknown) => request.log.error({ err: logError }, 'could not log a refused CAP alert'));
  };

  app.post('/v1/client/cap', {
    // Authenticated before the body is read, so a refused body is logged under the key that sent it.
    onRequest: app.requireUser,
    onError: async (request, _reply, error) => logRefusal(request, error),
    bodyLimit: CAP_MAX_BYTES,
    schema: {
      tags, summary: 'Nhận một cảnh báo CAP 1.2 (XML, thường gửi bằng khoá API: Authorization: Bearer)',
      description: 'Thân yêu cầu là tài liệu CAP 1.2 (Content-Type: application/cap+xml). Extreme/Severe + Immediate: phát ngay; còn lại: bản nháp chờ duyệt. Update/Cancel thay đổi hoặc dừng cảnh báo được tham chiếu; tin trùng bị bỏ qua.',
      consumes: XML_TYPES, response: { 200: envelope(capReceiptSchema) },
    },
  }, async (request) => {
    requireRight(request.session!, 'themsuaxoalichphat');
    if (!Buffer.isBuffer(request.body)) throw new AppError(400, CAP_MESSAGES.notXml);
    // Read on the CAP worker thread: a megabyte of XML takes a few hundred milliseconds to parse.
    const message = await readAlertOffThread(request.body);
    const session = request.session!;
    const receipt = await receiveAlert(deps, session, message, { kind: 'api', name: session.apiKey?.name ?? session.user.hoten });
    // What became of it, in the caller's language (Accept-Language), as its refusals are.
    return { data: { ...receipt, thongbao: localizeMessage(receipt.thongbao, localeOfAcceptLanguage(request.headers['accept-language'])) } };
  });

  app.get('/v1/client/cap/danhsach', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Các cảnh báo CAP đã nhận và kết quả (bản tin hoặc bản nháp)', response: { 200: envelope(z.array(capAlertSchema)) } },
  }, async (request) => ({ data: await listReceivedAlerts(app.db, request.session!) }));

  app.get('/v1/client/cap/chinhsach', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Chính sách cảnh báo của quản trị viên (tudong: phát ngay Extreme/Severe + Immediate; duyet: luôn chờ duyệt)', response: { 200: envelope(capPolicySchema) } },
  }, async (request) => {
    requireKeyManager(request.session!);
    return { data: { chinhsach: await capPolicyOf(app.db, request.session!.user.admin_id) } };
  });

  app.post('/v1/client/cap/chinhsach', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Đặt chính sách cảnh báo CAP', body: capPolicySchema, response: { 200: envelope(capPolicySchema) } },
  }, async (request) => ({ data: { chinhsach: await setCapPolicy(app.db, request.session!, (request.body as { chinhsach: CapPolicy }).chinhsach) } }));

  app.get('/v1/client/cap/nguon', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Các nguồn CAP (Atom/RSS) được lấy định kỳ', response: { 200: envelope(z.array(capFeedSchema)) } },
  }, async (request) => ({ data: await poller.list(request.session!) }));

  app.post('/v1/client/cap/nguon/themmoi', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Thêm nguồn CAP (lấy ngay lần đầu)', body: capFeedCreateBodySchema, response: { 200: envelope(capFeedSchema) } },
  }, async (request) => ({ data: await poller.add(request.session!, (request.body as { url: string }).url) }));

  app.post('/v1/client/cap/nguon/layngay', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Lấy ngay một nguồn CAP', body: capFeedIdBodySchema, response: { 200: envelope(capFeedSchema) } },
  }, async (request) => ({ data: await poller.pollOne(request.session!, (request.body as { id: string }).id) }));

  app.post('/v1/client/cap/nguon/xoa', {
    preHandler: app.requireUser,
    schema: { tags, summary: 'Xoá nguồn CAP', body: capFeedIdBodySchema, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await poller.remove(request.session!, (request.body as { id: string }).id);
    return { data: null };
  });
}
