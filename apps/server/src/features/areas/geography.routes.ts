import {
  areaGeographyBodySchema, areaGeographyImportBodySchema, areaGeographyImportResultSchema, areaGeographySchema, envelope, type AreaGeographyBody,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { importGeography, listGeography, setGeography } from './geography.service';

/** Where areas lie: geocodes and GeoJSON boundaries (CAP alerts are matched against them; the device map draws them). */
export async function areaGeographyRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['diaban'];
  app.get('/v1/client/diaban/diadanh', {
    schema: { tags, summary: 'Mã địa bàn (geocode) và ranh giới GeoJSON của các địa bàn trong phạm vi', response: { 200: envelope(z.array(areaGeographySchema)) } },
    preHandler: app.requireUser,
  }, async (request) => ({ data: await listGeography(app.db, request.session!) }));

  app.post('/v1/client/diaban/diadanh/capnhat', {
    schema: { tags, summary: 'Đặt mã địa bàn (geocode) và/hoặc ranh giới GeoJSON của một địa bàn', body: areaGeographyBodySchema, response: { 200: envelope(areaGeographySchema) } },
    preHandler: app.requireUser,
    bodyLimit: 10 * 1024 * 1024,
  }, async (request) => ({ data: await setGeography(app.db, request.session!, request.body as AreaGeographyBody) }));

  app.post('/v1/client/diaban/diadanh/nhap', {
    schema: { tags, summary: 'Nhập ranh giới địa bàn từ tệp GeoJSON (khớp theo thuộc tính "ma" hoặc "ten")', body: areaGeographyImportBodySchema, response: { 200: envelope(areaGeographyImportResultSchema) } },
    preHandler: app.requireUser,
    bodyLimit: 10 * 1024 * 1024,
  }, async (request) => ({ data: await importGeography(app.db, request.session!, request.body as z.infer<typeof areaGeographyImportBodySchema>) }));
}
