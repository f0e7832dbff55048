import { envelope, publicSettingsSchema } from '@loa/contract';
import type { FastifyInstance } from 'fastify';

/** Settings the console needs from the server's configuration (GET /v1/client/cauhinh). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/client/cauhinh', {
    schema: { tags: ['cauhinh'], summary: 'Cấu hình cho giao diện (bản đồ)', response: { 200: envelope(publicSettingsSchema) } },
    preHandler: app.requireUser,
  }, async () => ({ data: { maptileurl: app.config.MAP_TILE_URL, mapattribution: app.config.MAP_ATTRIBUTION } }));
}
