import { changeInfoBodySchema, changePasswordBodySchema, envelope, userSchema } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { changeOwnInfo, changeOwnPassword, getOwnProfile } from './accounts.service';

/** The signed-in user's own profile (spec §7 "Session and user"). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['nguoidung'];
  app.get('/v1/client/nguoidung/laythongtin', {
    schema: { tags, summary: 'Thông tin người dùng hiện tại', response: { 200: envelope(userSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await getOwnProfile(app.db, request.session!) }));

  app.post('/v1/client/nguoidung/thaydoithongtin', {
    schema: { tags, summary: 'Đổi họ tên, email, số điện thoại', body: changeInfoBodySchema, response: { 200: envelope(userSchema) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await changeOwnInfo(app.db, request.session!, request.body as z.infer<typeof changeInfoBodySchema>) }));

  app.post('/v1/client/nguoidung/thaydoimatkhau', {
    schema: { tags, summary: 'Đổi mật khẩu', body: changePasswordBodySchema, response: { 200: envelope(z.null()) } },
    preHandler: app.requireUser,
  }, async (request) => {
    await changeOwnPassword({ db: app.db, bus: app.bus }, request.session!, request.body as z.infer<typeof changePasswordBodySchema>);
    return { data: null };
  });
}
