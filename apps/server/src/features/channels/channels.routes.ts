import crypto from 'node:crypto';
import { channelBodySchema, channelSchema, envelope, OUTBOUND_MESSAGES, type Channel } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../infra/errors';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';

const toChannel = (r: { id: string; ten: string; url: string }): Channel => ({ _id: r.id, tenkenh: r.ten, url: r.url });

/** Relay channels of an administrator (danhsachkenhsohoa), managed by device administrators. */
export async function channelRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['kenh'];
  app.get('/v1/client/lichphat/danhsachkenhsohoa', {
    schema: { tags, summary: 'Danh sách kênh tiếp sóng', response: { 200: envelope(z.array(channelSchema)) } },
    preHandler: app.requireUser,
  }, async (request) => {
    const rows = await app.db.query<{ id: string; ten: string; url: string }>('SELECT id, ten, url FROM channels WHERE admin_id = $1 ORDER BY ten', [request.session!.user.admin_id]);
    return { data: rows.map(toChannel) };
  });

  app.post('/v1/client/kenh/themmoi', {
    schema: { tags, summary: 'Thêm kênh tiếp sóng', body: channelBodySchema, response: { 200: envelope(channelSchema) } },
    preHandler: app.requireUser,
  }, async (request) => {
    const session = request.session!;
    requireRight(session, 'quanlythietbi');
    const body = request.body as z.infer<typeof channelBodySchema>;
    // Relays from a channel are fetched by the listen link: its host must pass the outbound rules.
    app.outbound.assertAllowed(body.url);
    const id = crypto.randomUUID();
    await app.db.transaction(async (tx) => {
      await tx.query('INSERT INTO channels (id, admin_id, ten, url) VALUES ($1, $2, $3, $4)', [id, session.user.admin_id, body.tenkenh, body.url]);
      await writeSystemLog(tx, session.actor, { action: 'them-kenh', targetType: 'kenh', targetId: id, detail: body });
    });
    return { data: { _id: id, ...body } };
  });

  app.post('/v1/client/kenh/xoa', {
    schema: { tags, summary: 'Xoá kênh tiếp sóng', body: z.object({ id: z.string().max(64) }), response: { 200: envelope(z.null()) } },
    preHandler: app.requireUser,
  }, async (request) => {
    const session = request.session!;
    requireRight(session, 'quanlythietbi');
    const { id } = request.body as { id: string };
    await app.db.transaction(async (tx) => {
      const deleted = await tx.query('DELETE FROM channels WHERE id = $1 AND admin_id = $2 RETURNING id', [id, session.user.admin_id]);
      if (deleted.length === 0) throw notFound(OUTBOUND_MESSAGES.channelUnknown);
      await writeSystemLog(tx, session.actor, { action: 'xoa-kenh', targetType: 'kenh', targetId: id });
    });
    return { data: null };
  });
}
