import {
  envelope, provinceCommandSchema, provinceConnectorSchema, provinceInboundBulletinSchema, provinceInboundResultSchema, provinceResyncResultSchema,
  provinceRetryBodySchema, type ProvinceCommand, type ProvinceInboundBulletin,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors';
import { ValidationError } from '../../infra/validation';
import { notifyScheduleAwaitingApproval } from '../notifications/notify';
import { writeSystemLog } from '../system-log/systemLog.service';
import { receiveBulletin, receiveCommand, type InboundOutcome } from './inbound.service';
import { connectorState, resyncAll, retryMessages, type ConnectorContext } from './province.service';
import { announceSchedules } from '../schedules/announce';

/** The province connector on the Kết nối page: its state and outbox, retry now, push everything again. */
export async function provinceConsoleRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['ketnoi'];
  const url = app.config.HTTT_NGUON_URL;
  const ctx = (request: FastifyRequest): ConnectorContext => ({
    db: app.db, session: request.session!,
    // The address is shown without any credentials it might carry.
    config: url ? { url: withoutCredentials(url), systemCode: app.config.HTTT_NGUON_MA } : null,
    liveOf: (id) => app.gateway.liveOf(id),
    wake: () => app.province?.sender.wake(),
  });

  app.get('/v1/client/ketnoi/httt-nguon', {
    schema: { tags, summary: 'Trạng thái kết nối Hệ thống thông tin nguồn cấp tỉnh và hàng đợi gửi', response: { 200: envelope(provinceConnectorSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await connectorState(ctx(request)) }));

  app.post('/v1/client/ketnoi/httt-nguon/guilai', {
    schema: { tags, summary: 'Gửi lại ngay một thông điệp (hoặc tất cả) đang chờ hoặc bị từ chối', body: provinceRetryBodySchema, response: { 200: envelope(z.object({ soluong: z.number().int() })) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: { soluong: await retryMessages(ctx(request), (request.body as { id?: string }).id) } }));

  app.post('/v1/client/ketnoi/httt-nguon/dongbo', {
    schema: { tags, summary: 'Gửi lại toàn bộ địa bàn và thiết bị lên cấp tỉnh', response: { 200: envelope(provinceResyncResultSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await resyncAll(ctx(request)) }));
}

function withoutCredentials(raw: string): string {
  const u = new URL(raw);
  u.username = '';
  u.password = '';
  return u.href;
}

/**
 * What the province sends (with an API key): bulletins and control commands. The key's rights and
 * area scope apply as to any call; docs/interop.md describes the bodies.
 */
export async function provinceInboundRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['httt-nguon'];
  const ctx = (request: FastifyRequest) => ({ db: app.db, gateway: app.gateway, engine: app.engine, storage: app.storage, outbound: app.outbound, session: request.session! });
  const answer = envelope(provinceInboundResultSchema);
  /** A schedule made to await approval: the scheduler learns of it and its approvers are told. */
  const scheduled = async ({ awaiting }: InboundOutcome): Promise<void> => {
    if (!awaiting) return;
    await app.scheduler.changed();
    announceSchedules(app.bus, [awaiting]);
    await notifyScheduleAwaitingApproval(app.notifyDeps, {
      id: awaiting.id, adminId: awaiting.admin_id, areaIds: awaiting.chosen_areas, title: awaiting.title, createdByName: awaiting.creator_name,
    }).catch((error: unknown) => app.log.warn({ err: error }, 'approval notification failed'));
  };

  /**
   * Bad input from the province is refused with the field and why, and logged (who sent it, on which
   * route, why), as refusals of scope and keys are: the body is checked once the caller is known.
   */
  const handle = (work: (request: FastifyRequest) => Promise<InboundOutcome>) => async (request: FastifyRequest) => {
    try {
      if (request.validationError) throw new ValidationError(request.validationError.message);
      const outcome = await work(request);
      await scheduled(outcome);
      return { data: outcome.result };
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (request.session && (error instanceof ValidationError || (error instanceof AppError && (status === 400 || status === 409)))) {
        await writeSystemLog(app.db, request.session.actor, {
          action: 'tu-choi-httt-nguon', outcome: 'denied', detail: { lydo: (error as Error).message, duongdan: request.routeOptions.url, ma: idOf(request.body) },
        }).catch((e: unknown) => app.log.warn({ err: e }, 'refusal not logged'));
      }
      throw error;
    }
  };

  app.post('/v1/client/httt-nguon/bantin', {
    schema: { tags, summary: 'Nhận bản tin từ Hệ thống thông tin nguồn (khẩn cấp: phát ngay; khác: lịch chờ duyệt)', body: provinceInboundBulletinSchema, response: { 200: answer } },
    attachValidation: true,
    preHandler: app.requireUser,
  }, handle((request) => receiveBulletin(ctx(request), request.body as ProvinceInboundBulletin)));

  app.post('/v1/client/httt-nguon/lenh', {
    schema: { tags, summary: 'Nhận lệnh điều khiển từ Hệ thống thông tin nguồn (âm lượng, dừng phát, lịch phát)', body: provinceCommandSchema, response: { 200: answer } },
    attachValidation: true,
    preHandler: app.requireUser,
  }, handle((request) => receiveCommand(ctx(request), request.body as ProvinceCommand)));
}

/** The province's id of a bulletin or command, as far as a refused body has one. */
function idOf(body: unknown): string | null {
  const b = body as { mabantin?: unknown; malenh?: unknown } | null;
  const id = b?.malenh ?? b?.mabantin;
  return typeof id === 'string' ? id.slice(0, 100) : null;
}
