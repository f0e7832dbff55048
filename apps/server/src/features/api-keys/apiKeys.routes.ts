import { apiKeyCreateBodySchema, apiKeyCreatedSchema, apiKeyIdBodySchema, apiKeyListSchema, apiKeySchema, envelope, type ApiKeyCreateBody } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import * as service from './apiKeys.service';

/** API keys under /v1/client/khoaapi (administrators with quanlytaikhoan; never with a key). */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['khoaapi'];
  const base = '/v1/client/khoaapi';
  const auth = { preHandler: app.requireUser };

  app.get(`${base}/danhsach`, {
    ...auth, schema: { tags, summary: 'Danh sách khoá API (cả khoá đã thu hồi)', response: { 200: envelope(apiKeyListSchema) } },
  }, async (request) => ({ data: await service.listApiKeys(app.db, request.session!) }));

  app.post(`${base}/themmoi`, {
    ...auth, schema: { tags, summary: 'Tạo khoá API (bí mật chỉ hiện một lần)', body: apiKeyCreateBodySchema, response: { 200: envelope(apiKeyCreatedSchema) } },
  }, async (request) => {
    const created = await service.createApiKey(app.db, request.session!, request.body as ApiKeyCreateBody);
    // A key that may broadcast may send CAP alerts: the speech engine gets ready for them.
    if (created.khoa.quyenhan.some((r) => r.value === 'themsuaxoalichphat')) app.capFeeds.warmUp();
    return { data: created };
  });

  app.post(`${base}/thuhoi`, {
    ...auth, schema: { tags, summary: 'Thu hồi khoá API', body: apiKeyIdBodySchema, response: { 200: envelope(apiKeySchema) } },
  }, async (request) => ({ data: await service.revokeApiKey(app.db, request.session!, (request.body as { id: string }).id) }));
}
