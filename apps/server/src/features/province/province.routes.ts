import { envelope, provinceConnectorSchema, provinceResyncResultSchema, provinceRetryBodySchema } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { connectorState, resyncAll, retryMessages, type ConnectorContext } from './province.service';

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
