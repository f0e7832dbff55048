import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_GEOGRAPHY_MESSAGES } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
let owner: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  server = await startTestServer();
  owner = await signedInAdmin(server);
});
afterAll(() => server.close());

const square = (w: number, s: number, e: number, n: number) => ({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] });
const geography = async (client: TestClient) => (await client.get('/v1/client/diaban/diadanh')).body.data as { _id: string; mahanhchinh: string | null; ranhgioi: unknown }[];

describe('area geography: /v1/client/diaban/diadanh', () => {
  it('sets a geocode and a boundary, refuses a taken code and a broken polygon', async () => {
    const c = owner.client;
    const set = await c.post('/v1/client/diaban/diadanh/capnhat', { id: owner.areas.communeA, mahanhchinh: 'GEO-A', ranhgioi: square(106, 16, 107, 17) });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ mahanhchinh: 'GEO-A', ranhgioi: { type: 'Polygon' } });
    // Only the code: the boundary stays.
    expect((await c.post('/v1/client/diaban/diadanh/capnhat', { id: owner.areas.communeA, mahanhchinh: 'GEO-A1' })).body.data.ranhgioi).toMatchObject({ type: 'Polygon' });
    expect(await c.post('/v1/client/diaban/diadanh/capnhat', { id: owner.areas.communeB, mahanhchinh: 'geo-a1' })).toMatchObject({ status: 409, body: { message: AREA_GEOGRAPHY_MESSAGES.geocodeTaken } });
    const open = await c.post('/v1/client/diaban/diadanh/capnhat', { id: owner.areas.communeB, ranhgioi: { type: 'Polygon', coordinates: [[[106, 16], [107, 16], [107, 17], [106, 17]]] } });
    expect(open.status).toBe(400);
    expect(open.body.message).toContain(AREA_GEOGRAPHY_MESSAGES.boundaryInvalid);
  });

  it('imports a GeoJSON file by code or name, within scope, and says what it left out', async () => {
    const file = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { ma: 'GEO-A1' }, geometry: square(106.5, 16.5, 107, 17) },
        { type: 'Feature', properties: { ten: 'Xã B', ma: 'GEO-B' }, geometry: { type: 'MultiPolygon', coordinates: [square(107, 16, 108, 17).coordinates] } },
        { type: 'Feature', properties: { ten: 'Xã không có' }, geometry: square(1, 1, 2, 2) },
      ],
    };
    const res = await owner.client.post('/v1/client/diaban/diadanh/nhap', file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ capnhat: expect.arrayContaining(['Xã A', 'Xã B']), bochon: ['Xã không có'] });
    const rows = await geography(owner.client);
    expect(rows.find((r) => r._id === owner.areas.communeB)).toMatchObject({ mahanhchinh: 'GEO-B', ranhgioi: { type: 'MultiPolygon' } });

    // A commune officer sees and imports only its own commune.
    const officer = await createTestUser(server.db, { adminId: owner.admin.id });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [officer.id, owner.areas.communeB]);
    const client = new TestClient(server.url);
    await client.login(officer);
    expect((await geography(client)).map((r) => r._id)).toEqual([owner.areas.communeB]);
    const outside = await client.post('/v1/client/diaban/diadanh/nhap', { type: 'Feature', properties: { ma: 'GEO-A1' }, geometry: square(1, 1, 2, 2) });
    expect(outside).toMatchObject({ status: 400, body: { message: AREA_GEOGRAPHY_MESSAGES.importNoMatch } });
    expect((await owner.client.post('/v1/client/diaban/diadanh/nhap', { type: 'Point' })).status).toBe(400);
  });
});
