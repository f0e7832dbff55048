import {
  envelope, invitationAcceptBodySchema, invitationCreateBodySchema, invitationIdBodySchema, invitationPreviewSchema, invitationSchema,
  invitationTokenQuerySchema, type InvitationAcceptBody, type InvitationCreateBody,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import * as service from './invitations.service';

/** Invitations by e-mail under /v1/client/loimoi: managed by account administrators, accepted without login. */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['loimoi'];
  const base = '/v1/client/loimoi';
  const ctx: service.InvitationContext = { db: app.db, mailer: app.mailer, publicUrl: app.publicUrl, ttlHours: app.config.INVITATION_TTL_HOURS };
  const publicLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get(`${base}/danhsach`, {
    schema: { tags, summary: 'Danh sách lời mời', response: { 200: envelope(z.array(invitationSchema)) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await service.listInvitations(app.db, request.session!) }));

  app.post(`${base}/taomoi`, {
    schema: { tags, summary: 'Mời một người qua email (quyền, loại tài khoản, địa bàn chọn lúc mời)', body: invitationCreateBodySchema, response: { 200: envelope(invitationSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await service.createInvitation(ctx, request.session!, request.body as InvitationCreateBody) }));

  app.post(`${base}/huy`, {
    schema: { tags, summary: 'Huỷ lời mời', body: invitationIdBodySchema, response: { 200: envelope(z.null()) } },
    preHandler: app.requireUser,
  }, async (request) => {
    await service.cancelInvitation(app.db, request.session!, (request.body as { id: string }).id);
    return { data: null };
  });

  app.get(`${base}/thongtin`, {
    schema: { tags, summary: 'Thông tin lời mời theo mã (không cần đăng nhập)', querystring: invitationTokenQuerySchema, response: { 200: envelope(invitationPreviewSchema) } },
    config: publicLimit,
  }, async (request) => ({ data: await service.previewInvitation(app.db, (request.query as { token: string }).token) }));

  app.post(`${base}/chapnhan`, {
    schema: { tags, summary: 'Nhận lời mời: chọn tên tài khoản và mật khẩu (không cần đăng nhập)', body: invitationAcceptBodySchema, response: { 200: envelope(z.object({ tentaikhoan: z.string() })) } },
    config: publicLimit,
  }, async (request) => ({ data: await service.acceptInvitation(app.db, request.body as InvitationAcceptBody, request.ip) }));
}
