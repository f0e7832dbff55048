import {
  confirmDeviceBodySchema, enrolmentCodeCreateBodySchema, enrolmentCodeCreatedSchema, enrolmentCodeIdBodySchema, enrolmentCodeSchema,
  enrolRequestSchema, enrolResponseSchema, envelope, handoverRequestSchema, handoverResponseSchema, pendingDeviceListSchema,
  type ConfirmDeviceBody, type EnrolmentCodeCreateBody, type EnrolRequest,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as service from './enrolment.service';

/**
 * Enrolment of speaker boxes (issue #31): codes and boxes waiting to be assigned under
 * /v1/client/thietbi (officers, quanlythietbi), and the boxes' own calls under /v1/thietbi/dangky
 * (no login, no CSRF: a box has neither; rate limited per address).
 */
export async function enrolmentRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['thietbi'];
  const ctx = (request: FastifyRequest): service.EnrolmentContext => ({ db: app.db, gateway: app.gateway, bus: app.bus, session: request.session! });
  const base = '/v1/client/thietbi';
  const auth = { preHandler: app.requireUser };

  app.post(`${base}/madangky/themmoi`, {
    ...auth, schema: { tags, summary: 'Tạo mã đăng ký loa cho một địa bàn (mã chỉ hiện một lần)', body: enrolmentCodeCreateBodySchema, response: { 200: envelope(enrolmentCodeCreatedSchema) } },
  }, async (request) => ({ data: await service.createCode(ctx(request), request.body as EnrolmentCodeCreateBody) }));

  app.get(`${base}/madangky/danhsach`, {
    ...auth, schema: { tags, summary: 'Danh sách mã đăng ký loa', response: { 200: envelope(z.array(enrolmentCodeSchema)) } },
  }, async (request) => ({ data: await service.listCodes(ctx(request)) }));

  app.post(`${base}/madangky/thuhoi`, {
    ...auth, schema: { tags, summary: 'Thu hồi mã đăng ký loa', body: enrolmentCodeIdBodySchema, response: { 200: envelope(enrolmentCodeSchema) } },
  }, async (request) => ({ data: await service.revokeCode(ctx(request), (request.body as { id: string }).id) }));

  app.get(`${base}/chogan`, {
    ...auth, schema: { tags, summary: 'Loa đã đăng ký, chờ gán', response: { 200: envelope(pendingDeviceListSchema) } },
  }, async (request) => ({ data: await service.listPending(ctx(request)) }));

  app.post(`${base}/xacnhan`, {
    ...auth, schema: { tags, summary: 'Đặt tên, vị trí và xác nhận loa chờ gán (hoặc thay cho thiết bị cùng phần cứng)', body: confirmDeviceBodySchema, response: { 200: envelope(z.object({ _id: z.string() })) } },
  }, async (request) => ({ data: await service.confirmDevice(ctx(request), request.body as ConfirmDeviceBody) }));

  const boxCall = { csrf: false, rateLimit: { max: 10, timeWindow: '1 minute' } };
  app.post('/v1/thietbi/dangky', {
    schema: { tags, summary: 'Loa đăng ký bằng mã (không đăng nhập)', body: enrolRequestSchema, response: { 200: envelope(enrolResponseSchema) } },
    config: boxCall,
  }, async (request) => ({ data: await service.enrol(app.db, app.gateway, app.bus, request.body as EnrolRequest, request.ip) }));

  app.post('/v1/thietbi/dangky/bangiao', {
    schema: { tags, summary: 'Loa nhận bàn giao sang thiết bị cùng phần cứng', body: handoverRequestSchema, response: { 200: envelope(handoverResponseSchema) } },
    config: boxCall,
  }, async (request) => {
    const body = request.body as z.infer<typeof handoverRequestSchema>;
    return { data: await service.claimHandover(app.db, app.gateway, body.deviceId, body.secret, request.ip) };
  });
}
