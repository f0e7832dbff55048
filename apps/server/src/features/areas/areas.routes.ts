import { areaCreateBodySchema, areaDetailSchema, areaIdBodySchema, areaSchema, areaUpdateBodySchema, envelope } from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { createArea, deleteArea, listAreaDetails, listAreas, updateArea } from './areas.service';

/** Area lists of spec §7 and area management (our paths under /v1/client/diaban). */
export async function areaRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['diaban'];
  const list = envelope(z.array(areaSchema));
  app.get('/v1/client/thietbi', {
    schema: { tags, summary: 'Danh sách địa bàn trong phạm vi của người dùng', response: { 200: list } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await listAreas(app.db, request.session!) }));

  app.post('/v1/client/lichphat/danhsachdiaban', {
    schema: { tags, summary: 'Danh sách địa bàn (hộp thoại phát)', response: { 200: list } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await listAreas(app.db, request.session!) }));

  app.get('/v1/client/diaban', {
    schema: { tags, summary: 'Địa bàn kèm cấu hình và số thiết bị (màn hình quản lý địa bàn)', response: { 200: envelope(z.array(areaDetailSchema)) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await listAreaDetails(app.db, request.session!, app.gateway.snapshot()) }));

  app.post('/v1/client/diaban/themmoi', {
    schema: { tags, summary: 'Thêm địa bàn', body: areaCreateBodySchema, response: { 200: envelope(areaSchema) } },
    preHandler: app.requireUser,
  }, async (request) => {
    const area = await createArea(app.db, request.session!, request.body as z.infer<typeof areaCreateBodySchema>);
    await app.gateway.reloadAreas();
    app.bus.emit('areas.changed', {});
    return { data: area };
  });

  app.post('/v1/client/diaban/capnhat', {
    schema: { tags, summary: 'Đổi tên hoặc chuyển địa bàn', body: areaUpdateBodySchema, response: { 200: envelope(areaSchema) } },
    preHandler: app.requireUser,
  }, async (request) => {
    const area = await updateArea(app.db, request.session!, request.body as z.infer<typeof areaUpdateBodySchema>);
    await app.gateway.reloadAreas();
    app.bus.emit('areas.changed', {});
    return { data: area };
  });

  app.post('/v1/client/diaban/xoa', {
    schema: { tags, summary: 'Xoá địa bàn trống', body: areaIdBodySchema, response: { 200: envelope(z.null()) } },
    preHandler: app.requireUser,
  }, async (request) => {
    await deleteArea(app.db, request.session!, (request.body as { id: string }).id);
    await app.gateway.reloadAreas();
    app.bus.emit('areas.changed', {});
    return { data: null };
  });
}
