import { emailVerificationSentSchema, emailVerifyBodySchema, emailVerifyResultSchema, envelope } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { sendEmailVerification, verifyEmail } from './emailVerification.service';

/** E-mail verification: the signed-in user asks for a link; the link's page confirms it without login. */
export async function emailVerificationRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['nguoidung'];
  app.post('/v1/client/nguoidung/guixacthucemail', {
    schema: { tags, summary: 'Gửi liên kết xác thực email của tài khoản', response: { 200: envelope(emailVerificationSentSchema) } },
    preHandler: app.requireUser,
    config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
  }, async (request) => {
    return { data: await sendEmailVerification({ db: app.db, mailer: app.mailer, publicUrl: app.publicUrl, ttlHours: app.config.EMAIL_VERIFY_TTL_HOURS }, request.session!) };
  });

  app.post('/v1/client/xacthucemail', {
    schema: { tags, summary: 'Xác thực email bằng mã trong liên kết (không cần đăng nhập)', body: emailVerifyBodySchema, response: { 200: envelope(emailVerifyResultSchema) } },
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
  }, async (request) => ({ data: await verifyEmail(app.db, (request.body as { token: string }).token, request.ip) }));
}
