import {
  envelope, forwardingSchema, forwardingServiceBodySchema, forwardingUpdateBodySchema, notificationListQuerySchema, notificationPageSchema,
  notificationReadBodySchema, unreadCountSchema, type ForwardingUpdateBody,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ForwardingDeps } from './forwarding';
import * as service from './notifications.service';

/** The user's notifications (own only), and the administrator's forwarding to messaging services. */
export async function notificationRoutes(app: FastifyInstance, opts: { forwarding: ForwardingDeps }): Promise<void> {
  const tags = ['thongbao'];
  const base = '/v1/client/thongbao';
  const auth = { preHandler: app.requireUser };

  app.get(`${base}/danhsach`, {
    ...auth, schema: { tags, summary: 'Thông báo của tôi (mới nhất trước)', querystring: notificationListQuerySchema, response: { 200: envelope(notificationPageSchema) } },
  }, async (request) => ({ data: await service.listOwnNotifications(app.db, request.session!, request.query as z.infer<typeof notificationListQuerySchema>) }));

  app.get(`${base}/chuadoc`, {
    ...auth, schema: { tags, summary: 'Số thông báo chưa đọc', response: { 200: envelope(unreadCountSchema) } },
  }, async (request) => ({ data: await service.ownUnreadCount(app.db, request.session!) }));

  app.post(`${base}/dadoc`, {
    ...auth, schema: { tags, summary: 'Đánh dấu đã đọc', body: notificationReadBodySchema, response: { 200: envelope(unreadCountSchema) } },
  }, async (request) => ({ data: await service.markOwnRead(app.db, request.session!, (request.body as { ids: string[] }).ids) }));

  app.post(`${base}/docall`, {
    ...auth, schema: { tags, summary: 'Đánh dấu tất cả đã đọc', response: { 200: envelope(unreadCountSchema) } },
  }, async (request) => ({ data: await service.markOwnRead(app.db, request.session!, null) }));

  app.get(`${base}/chuyentiep`, {
    ...auth, schema: { tags, summary: 'Cấu hình chuyển tiếp thông báo (Telegram, webhook)', response: { 200: envelope(z.array(forwardingSchema)) } },
  }, async (request) => ({ data: await service.getForwarding(app.db, request.session!) }));

  app.post(`${base}/chuyentiep/capnhat`, {
    ...auth, schema: { tags, summary: 'Lưu cấu hình chuyển tiếp của một dịch vụ', body: forwardingUpdateBodySchema, response: { 200: envelope(forwardingSchema) } },
  }, async (request) => ({ data: await service.updateForwarding(app.db, request.session!, request.body as ForwardingUpdateBody, opts.forwarding.outbound) }));

  app.post(`${base}/chuyentiep/guithu`, {
    ...auth, schema: { tags, summary: 'Gửi thử một tin nhắn qua dịch vụ', body: forwardingServiceBodySchema, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await service.testForwarding(opts.forwarding, request.session!, (request.body as z.infer<typeof forwardingServiceBodySchema>).dichvu);
    return { data: null };
  });
}
