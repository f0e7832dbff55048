import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES, MSG } from '@loa/contract';
import { listConnections } from './devices.queries';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const serial = () => `SN-${Math.random().toString(36).slice(2, 10)}`;

describe('POST /v1/client/thietbi/themmoi', () => {
  it('adds a device in scope and answers its secret once', async () => {
    const { client, areas } = await signedInAdmin(server);
    const res = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Cụm loa chợ', diaban: areas.communeA, serial: serial(), vido: 16.7, kinhdo: 107.2 });
    expect(res.status).toBe(200);
    expect(res.body.data.secret).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.thietbi).toMatchObject({ tenthietbi: 'Cụm loa chợ', diaban: { _id: areas.communeA, tendiaban: 'Xã A' }, vido: 16.7, trangthai: { online: false } });
    const detail = await client.get(`/v1/client/thietbi/thongtin?id=${res.body.data.thietbi._id}`);
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toContain(res.body.data.secret);
  });

  it('refuses a duplicate serial, coordinates out of range and an unknown area in Vietnamese', async () => {
    const { client, areas } = await signedInAdmin(server);
    const taken = serial();
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'A', diaban: areas.communeA, serial: taken });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ tenthietbi: 'B', diaban: areas.communeA, serial: taken.toLowerCase() }, 409, DEVICE_MESSAGES.serialDuplicate],
      [{ tenthietbi: 'B', diaban: areas.communeA, serial: serial(), vido: 91 }, 400, DEVICE_MESSAGES.latitudeRange],
      [{ tenthietbi: 'B', diaban: areas.communeA, serial: serial(), kinhdo: -181 }, 400, DEVICE_MESSAGES.longitudeRange],
      [{ tenthietbi: 'B', diaban: 'khong-co', serial: serial() }, 404, DEVICE_MESSAGES.areaUnknown],
      [{ tenthietbi: ' ', diaban: areas.communeA, serial: serial() }, 400, DEVICE_MESSAGES.nameRequired],
    ];
    for (const [body, status, message] of cases) {
      expect(await client.post('/v1/client/thietbi/themmoi', body)).toMatchObject({ status, body: { message } });
    }
  });

  it('needs the device-management right', async () => {
    const { admin, areas } = await signedInAdmin(server);
    const operator = await createTestUser(server.db, { adminId: admin.id, rights: ['themsuaxoalichphat'] });
    const client = new TestClient(server.url);
    await client.login(operator);
    const res = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'X', diaban: areas.communeA, serial: serial() });
    expect(res).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
  });
});

describe('device scope', () => {
  it('never shows or touches another administrator’s devices', async () => {
    const mine = await signedInAdmin(server);
    const theirs = await signedInAdmin(server);
    const created = await theirs.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Của người khác', diaban: theirs.areas.communeA, serial: serial() });
    const id = created.body.data.thietbi._id;
    const list = await mine.client.get('/v1/client/thietbi/danhsachthietbi?limit=1000');
    expect(list.body.data.items.map((d: { _id: string }) => d._id)).not.toContain(id);
    for (const res of [
      await mine.client.get(`/v1/client/thietbi/thongtin?id=${id}`),
      await mine.client.post('/v1/client/thietbi/capnhat', { id, tenthietbi: 'x', diaban: mine.areas.communeA, serial: serial() }),
      await mine.client.post('/v1/client/thietbi/reset', { id }),
      await mine.client.post('/v1/client/thietbi/xoa', { id }),
      await mine.client.get(`/v1/client/thietbi/lichsuketnoi?id=${id}`),
    ]) expect(res.status).toBe(404);
    expect((await mine.client.get(`/v1/client/thietbi/laythietbi?diaban=${theirs.areas.communeA}`)).status).toBe(404);
  });

  it('limits an account with an area to the devices below it', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa A', diaban: areas.communeA, serial: serial() });
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa B', diaban: areas.communeB, serial: serial() });
    const operator = await createTestUser(server.db, { adminId: admin.id });
    await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [operator.id, areas.communeA]);
    const scoped = new TestClient(server.url);
    await scoped.login(operator);
    const names = (await scoped.get('/v1/client/thietbi/danhsachthietbi')).body.data.items.map((d: { tenthietbi: string }) => d.tenthietbi);
    expect(names).toEqual(['Loa A']);
    expect((await scoped.get('/v1/client/thietbi')).body.data.map((a: { _id: string }) => a._id)).toEqual([areas.communeA]);
  });
});

describe('GET /v1/client/thietbi/danhsachthietbi', () => {
  it('searches without accents or case: "cho hai an" finds "Loa Chợ Hải An"', async () => {
    const { areas, client } = await signedInAdmin(server);
    for (const name of ['Loa Chợ Hải An', 'Loa chợ Hải Bình', 'Loa đình làng']) await client.post('/v1/client/thietbi/themmoi', { tenthietbi: name, diaban: areas.communeA, serial: serial() });
    const found = async (q: string) => (await client.get(`/v1/client/thietbi/danhsachthietbi?q=${encodeURIComponent(q)}`)).body.data.items.map((d: { tenthietbi: string }) => d.tenthietbi);
    expect(await found('cho hai an')).toEqual(['Loa Chợ Hải An']);
    expect(await found('CHỢ HẢI')).toEqual(['Loa Chợ Hải An', 'Loa chợ Hải Bình']);
    expect(await found('dinh lang')).toEqual(['Loa đình làng']);
    expect(await found('100%')).toEqual([]);
  });

  it('searches, filters by area, sorts and pages', async () => {
    const { areas, client } = await signedInAdmin(server);
    for (const [name, area] of [['Loa chợ', areas.communeA], ['Loa trường', areas.communeA], ['Loa đình', areas.communeB]] as const) {
      await client.post('/v1/client/thietbi/themmoi', { tenthietbi: name, diaban: area, serial: serial() });
    }
    const all = (await client.get('/v1/client/thietbi/danhsachthietbi?sort=tenthietbi&order=desc')).body.data;
    expect(all.total).toBe(3);
    expect(all.items.map((d: { tenthietbi: string }) => d.tenthietbi)).toEqual(['Loa trường', 'Loa đình', 'Loa chợ']);
    const search = (await client.get(`/v1/client/thietbi/danhsachthietbi?q=${encodeURIComponent('trường')}`)).body.data;
    expect(search.items.map((d: { tenthietbi: string }) => d.tenthietbi)).toEqual(['Loa trường']);
    const inB = (await client.get(`/v1/client/thietbi/danhsachthietbi?diaban=${areas.communeB}`)).body.data;
    expect(inB.total).toBe(1);
    const page2 = (await client.get('/v1/client/thietbi/danhsachthietbi?limit=2&page=2')).body.data;
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.items).toHaveLength(1);
    // A page past the end still says how many there are.
    expect((await client.get('/v1/client/thietbi/danhsachthietbi?limit=2&page=3')).body.data).toEqual({ items: [], total: 3 });
    expect((await client.get('/v1/client/thietbi/danhsachthietbi?trangthai=online')).body.data.total).toBe(0);
    const bad = await client.get('/v1/client/thietbi/danhsachthietbi?limit=-1');
    expect(bad.status).toBe(400);
    const underDistrict = (await client.get(`/v1/client/thietbi/laythietbi?diaban=${areas.district}`)).body.data;
    expect(underDistrict).toHaveLength(3);
  });
});

describe('GET /v1/client/thietbi/lichsuketnoi', () => {
  it('gives a total that agrees with its page while the speaker’s connections are being written', async () => {
    const { client, areas } = await signedInAdmin(server);
    const id = (await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa cổng làng', diaban: areas.communeA, serial: serial() })).body.data.thietbi._id as string;
    const connect = (n: number) => server.db.query('INSERT INTO device_connections (device_id, at, online, reason) VALUES ($1, $2, $3, $4)', [id, new Date(Date.now() + n).toISOString(), n % 2 === 0, 'ket-noi']);
    for (let n = 0; n < 20; n++) {
      // The gateway writes a connection while the officer's page is being read.
      const [page] = await Promise.all([listConnections(server.db, id, 100, 0), connect(n)]);
      expect(page.total).toBe(page.rows.length);
    }
    expect((await client.get(`/v1/client/thietbi/lichsuketnoi?id=${id}&limit=100`)).body.data.total).toBe(20);
    expect((await client.get(`/v1/client/thietbi/lichsuketnoi?id=${id}&limit=5&page=9`)).body.data).toEqual({ items: [], total: 20 });
  });
});
