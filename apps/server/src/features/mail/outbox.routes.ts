import { envelope, outboxIdParamsSchema, outboxListSchema, outboxMessageSchema } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { listOutbox, readOutboxMessage } from './outbox.service';

/** The outbox (mail written to disk when no SMTP server is set): list and read. */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['hopthu'];
  app.get('/v1/client/hopthu', {
    schema: { tags, summary: 'Thư đã gửi (khi không có máy chủ SMTP)', response: { 200: envelope(outboxListSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await listOutbox(app.mailer, app.db, request.session!) }));

  app.get('/v1/client/hopthu/:id', {
    schema: { tags, summary: 'Đọc một thư', params: outboxIdParamsSchema, response: { 200: envelope(outboxMessageSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await readOutboxMessage(app.mailer, app.db, request.session!, (request.params as { id: string }).id) }));
}
