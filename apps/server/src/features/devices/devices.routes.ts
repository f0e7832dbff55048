import {
  areaDevicesQuerySchema, connectionHistorySchema, deviceConfigBodySchema, deviceControlBodySchema, deviceCreateBodySchema,
  deviceDetailSchema, deviceIdBodySchema, deviceIdQuerySchema, deviceHistoryQuerySchema, deviceListQuerySchema, deviceListSchema,
  deviceResetBodySchema, deviceSchema, deviceSecretSchema, deviceUpdateBodySchema, envelope, playHistorySchema,
  type DeviceCreateBody, type DeviceListQuery,
} from '@loa/contract';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as service from './devices.service';

type Body<S extends z.ZodType> = z.infer<S>;

/** The device calls of spec §7 under /v1/client/thietbi. */
export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['thietbi'];
  const ctx = (request: FastifyRequest): service.DeviceContext => ({ db: app.db, gateway: app.gateway, session: request.session!, bus: app.bus });
  const base = '/v1/client/thietbi';
  const auth = { preHandler: app.requireUser };

  app.get(`${base}/danhsachthietbi`, {
    ...auth, schema: { tags, summary: 'Danh sách thiết bị (tìm, lọc, sắp xếp, phân trang)', querystring: deviceListQuerySchema, response: { 200: envelope(deviceListSchema) } },
  }, async (request) => ({ data: await service.listDevices(ctx(request), request.query as DeviceListQuery) }));

  app.get(`${base}/laythietbi`, {
    ...auth, schema: { tags, summary: 'Thiết bị của một địa bàn', querystring: areaDevicesQuerySchema, response: { 200: envelope(z.array(deviceSchema)) } },
  }, async (request) => ({ data: await service.devicesOfArea(ctx(request), (request.query as { diaban: string }).diaban) }));

  app.get(`${base}/thongtin`, {
    ...auth, schema: { tags, summary: 'Thông tin một thiết bị', querystring: deviceIdQuerySchema, response: { 200: envelope(deviceDetailSchema) } },
  }, async (request) => ({ data: await service.getDeviceDetail(ctx(request), (request.query as { id: string }).id) }));

  app.post(`${base}/themmoi`, {
    ...auth, schema: { tags, summary: 'Thêm thiết bị (trả về khoá bí mật, chỉ một lần)', body: deviceCreateBodySchema, response: { 200: envelope(z.object({ thietbi: deviceSchema, secret: z.string() })) } },
  }, async (request) => ({ data: await service.createDevice(ctx(request), request.body as DeviceCreateBody) }));

  app.post(`${base}/capnhat`, {
    ...auth, schema: { tags, summary: 'Sửa thông tin thiết bị', body: deviceUpdateBodySchema, response: { 200: envelope(deviceSchema) } },
  }, async (request) => ({ data: await service.updateDevice(ctx(request), request.body as Body<typeof deviceUpdateBodySchema>) }));

  app.post(`${base}/update`, {
    ...auth, schema: { tags, summary: 'Cấu hình thiết bị hoặc cả địa bàn', body: deviceConfigBodySchema, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await service.configure(ctx(request), request.body as Body<typeof deviceConfigBodySchema>);
    return { data: null };
  });

  app.post(`${base}/reset`, {
    ...auth, schema: { tags, summary: 'Cấp lại khoá bí mật', body: deviceResetBodySchema, response: { 200: envelope(z.object({ items: z.array(deviceSecretSchema) })) } },
  }, async (request) => {
    const body = request.body as Body<typeof deviceResetBodySchema>;
    return { data: { items: await service.resetSecrets(ctx(request), body.ids ?? [body.id!]) } };
  });

  app.post(`${base}/xoa`, {
    ...auth, schema: { tags, summary: 'Xoá thiết bị', body: deviceIdBodySchema, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await service.deleteDevice(ctx(request), (request.body as { id: string }).id);
    return { data: null };
  });

  app.post(`${base}/dieukhien`, {
    ...auth, schema: { tags, summary: 'Đặt âm lượng hoặc khởi động lại thiết bị', body: deviceControlBodySchema, response: { 200: envelope(z.null()) } },
  }, async (request) => {
    await service.control(ctx(request), request.body as Body<typeof deviceControlBodySchema>);
    return { data: null };
  });

  app.get(`${base}/lichsuketnoi`, {
    ...auth, schema: { tags, summary: 'Lịch sử kết nối', querystring: deviceHistoryQuerySchema, response: { 200: envelope(connectionHistorySchema) } },
  }, async (request) => {
    const query = request.query as Body<typeof deviceHistoryQuerySchema>;
    return { data: await service.connectionHistory(ctx(request), query.id, query.page, query.limit) };
  });

  app.get(`${base}/lichsubantin`, {
    ...auth, schema: { tags, summary: 'Lịch sử bản tin đã phát', querystring: deviceHistoryQuerySchema, response: { 200: envelope(playHistorySchema) } },
  }, async (request) => {
    const query = request.query as Body<typeof deviceHistoryQuerySchema>;
    return { data: await service.playHistory(ctx(request), query.id, query.page, query.limit) };
  });
}
