import {
  RIGHTS, accountCreateBodySchema, accountIdBodySchema, accountListQuerySchema, accountListSchema, accountResetPasswordBodySchema,
  accountResetPasswordResultSchema, accountSchema, accountUpdateBodySchema, envelope, rightListSchema,
  type AccountCreateBody, type AccountUpdateBody,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as service from './accountsAdmin.service';

/** Account management under /v1/client/taikhoan (right quanlytaikhoan, within the caller's administrator and area). */
export async function accountAdminRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['taikhoan'];
  const base = '/v1/client/taikhoan';
  const auth = { preHandler: app.requireUser };
  const ctx = (request: FastifyRequest): service.AccountContext => ({ db: app.db, bus: app.bus, session: request.session! });
  const idOf = (request: FastifyRequest) => (request.body as { id: string }).id;

  app.get(`${base}/danhsach`, {
    ...auth, schema: { tags, summary: 'Danh sách tài khoản được quản lý', querystring: accountListQuerySchema, response: { 200: envelope(accountListSchema) } },
  }, async (request) => ({ data: await service.listManagedAccounts(ctx(request), request.query as z.infer<typeof accountListQuerySchema>) }));

  app.get(`${base}/quyenhan`, {
    ...auth, schema: { tags, summary: 'Các quyền có thể cấp, kèm nhãn', response: { 200: envelope(rightListSchema) } },
  }, async () => ({ data: RIGHTS.map((r) => ({ value: r.value, quyen: r.quyen })) }));

  app.post(`${base}/themmoi`, {
    ...auth, schema: { tags, summary: 'Thêm tài khoản', body: accountCreateBodySchema, response: { 200: envelope(accountSchema) } },
  }, async (request) => ({ data: await service.createAccount(ctx(request), request.body as AccountCreateBody) }));

  app.post(`${base}/capnhat`, {
    ...auth, schema: { tags, summary: 'Sửa tài khoản (họ tên, liên hệ, loại, quyền, địa bàn)', body: accountUpdateBodySchema, response: { 200: envelope(accountSchema) } },
  }, async (request) => ({ data: await service.updateAccount(ctx(request), request.body as AccountUpdateBody) }));

  app.post(`${base}/khoa`, {
    ...auth, schema: { tags, summary: 'Khoá tài khoản (đăng xuất mọi thiết bị)', body: accountIdBodySchema, response: { 200: envelope(accountSchema) } },
  }, async (request) => ({ data: await service.setAccountLocked(ctx(request), idOf(request), true) }));

  app.post(`${base}/mokhoa`, {
    ...auth, schema: { tags, summary: 'Mở khoá tài khoản', body: accountIdBodySchema, response: { 200: envelope(accountSchema) } },
  }, async (request) => ({ data: await service.setAccountLocked(ctx(request), idOf(request), false) }));

  app.post(`${base}/xoa`, {
    ...auth, schema: { tags, summary: 'Xoá tài khoản (lịch sử được giữ)', body: accountIdBodySchema, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await service.deleteAccount(ctx(request), idOf(request));
    return { data: null };
  });

  app.post(`${base}/datlaimatkhau`, {
    ...auth, schema: { tags, summary: 'Đặt lại mật khẩu (người dùng phải đổi khi đăng nhập)', body: accountResetPasswordBodySchema, response: { 200: envelope(accountResetPasswordResultSchema) } },
  }, async (request) => {
    const body = request.body as z.infer<typeof accountResetPasswordBodySchema>;
    return { data: await service.resetAccountPassword(ctx(request), body.id, body.matkhaumoi) };
  });
}
