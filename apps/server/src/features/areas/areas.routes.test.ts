import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_MESSAGES, MSG } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('area management', () => {
  it('creates, renames, moves and lists areas with their device counts and configuration', async () => {
    const { client, areas } = await signedInAdmin(server);
    const village = (await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Thôn Đông', cap: 'thon', idcha: areas.communeA })).body.data;
    expect(village).toMatchObject({ tendiaban: 'Thôn Đông', cap: 'thon', idcha: areas.communeA });
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa thôn', diaban: village._id, serial: `V-${Date.now()}` });
    await client.post('/v1/client/thietbi/update', { diaban: village._id, amluong: 45 });
    const moved = await client.post('/v1/client/diaban/capnhat', { id: village._id, tendiaban: 'Thôn Đông Mới', idcha: areas.communeB });
    expect(moved.body.data).toMatchObject({ tendiaban: 'Thôn Đông Mới', idcha: areas.communeB });
    const list = (await client.get('/v1/client/diaban')).body.data;
    expect(list.find((a: { _id: string }) => a._id === village._id)).toMatchObject({ sothietbi: 1, sothietbionline: 0, cauhinh: { amluong: 45 } });
  });

  it('refuses a wrong level, a cycle, a duplicate name and deleting an area that holds something', async () => {
    const { client, areas } = await signedInAdmin(server);
    expect((await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện con', cap: 'huyen', idcha: areas.communeA })).body.message).toBe(AREA_MESSAGES.parentLevel);
    expect((await client.post('/v1/client/diaban/themmoi', { tendiaban: 'X', cap: 'quan', idcha: null })).body.message).toBe(AREA_MESSAGES.levelInvalid);
    expect((await client.post('/v1/client/diaban/themmoi', { tendiaban: 'xã a', cap: 'xa', idcha: areas.district })).status).toBe(409);
    expect((await client.post('/v1/client/diaban/capnhat', { id: areas.district, tendiaban: 'H', idcha: areas.communeA })).body.message).toBe(AREA_MESSAGES.cycle);
    const refused = await client.post('/v1/client/diaban/xoa', { id: areas.district });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('2 địa bàn con');
    const empty = (await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Thôn trống', cap: 'thon', idcha: areas.communeA })).body.data;
    expect((await client.post('/v1/client/diaban/xoa', { id: empty._id })).status).toBe(200);
    expect((await client.get('/v1/client/diaban')).body.data.map((a: { _id: string }) => a._id)).not.toContain(empty._id);
  });

  it('needs the device-management right and stays inside the caller’s administrator', async () => {
    const { admin, areas } = await signedInAdmin(server);
    const operator = await createTestUser(server.db, { adminId: admin.id, rights: ['themsuaxoalichphat'] });
    const client = new TestClient(server.url);
    await client.login(operator);
    expect((await client.post('/v1/client/diaban/themmoi', { tendiaban: 'T', cap: 'thon', idcha: areas.communeA })).body.message).toBe(MSG.forbidden);
    const stranger = await signedInAdmin(server);
    expect((await stranger.client.post('/v1/client/diaban/xoa', { id: areas.communeA })).status).toBe(404);
  });
});
