import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { EVENTS, RIGHTS, type ServerToClientEvents } from '@loa/contract';
import { insertUser } from '../features/accounts/accounts.queries';
import { hashPassword } from '../features/auth/password';
import { createTestAreas, createTestUser, eventually, startTestServer, TestClient, type TestServer } from '../../test/helpers';
import { areaRoom } from './realtime';

let server: TestServer;
const sockets: Socket<ServerToClientEvents>[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

/** An officer of one area under `adminId`, signed in, with its console's socket open. */
async function officerConsole(adminId: string, areaId: string, rights = RIGHTS.map((r) => r.value)) {
  const id = crypto.randomUUID();
  const account = { id, tentaikhoan: `o_${crypto.randomBytes(5).toString('hex')}`, password: `pw-${crypto.randomBytes(6).toString('hex')}` };
  await insertUser(server.db, {
    id, tentaikhoan: account.tentaikhoan, passwordHash: await hashPassword(account.password), hoten: 'Cán bộ xã', loaitaikhoan: 'canbo', quyenhan: rights, areaId, adminId,
  });
  const client = new TestClient(server.url);
  expect((await client.login(account)).status).toBe(200);
  const socket = await client.socket();
  sockets.push(socket);
  return { id, socket, events: recorded(socket) };
}

function recorded(socket: Socket<ServerToClientEvents>) {
  const events: string[] = [];
  socket.onAny((name: string, payload: unknown) => events.push(`${name} ${JSON.stringify(payload)}`));
  return events;
}

/** Whether the console's socket (by its id) is in an area's room on the server. */
async function inRoom(socket: Socket, areaId: string): Promise<boolean> {
  const members = await server.app.io.in(areaRoom(areaId)).fetchSockets();
  return members.some((member) => member.id === socket.id);
}

async function adminConsole() {
  const admin = await createTestUser(server.db, { admin: true });
  const areas = await createTestAreas(server.db, admin.id);
  const client = new TestClient(server.url);
  await client.login(admin);
  const socket = await client.socket();
  sockets.push(socket);
  return { admin, areas, client, socket };
}

describe('realtime: rights and area scope follow account changes', () => {
  it('tells an officer that an administrator changed the account, and moves its console to the rooms of its new area', async () => {
    const { admin, areas, client } = await adminConsole();
    const officer = await officerConsole(admin.id, areas.communeA);
    expect(await inRoom(officer.socket, areas.communeA)).toBe(true);
    expect(await inRoom(officer.socket, areas.communeB)).toBe(false);
    const answer = await client.post('/v1/client/taikhoan/capnhat', {
      id: officer.id, hoten: 'Cán bộ xã', loaitaikhoan: 'canbo', quyenhan: ['xemnhatky'], diaban: areas.communeB,
    });
    expect(answer.status).toBe(200);
    await eventually(() => officer.events.includes(`${EVENTS.accountChanged} {"lydo":"capnhat"}`));
    await eventually(async () => (await inRoom(officer.socket, areas.communeB)) && !(await inRoom(officer.socket, areas.communeA)));
  });

  it('says the account was locked before the session is cut', async () => {
    const { admin, areas, client } = await adminConsole();
    const officer = await officerConsole(admin.id, areas.communeA);
    expect((await client.post('/v1/client/taikhoan/khoa', { id: officer.id })).status).toBe(200);
    await eventually(() => officer.events.some((e) => e.startsWith(EVENTS.deviceLogout)));
    const locked = officer.events.indexOf(`${EVENTS.accountChanged} {"lydo":"khoa"}`);
    expect(locked).toBeGreaterThanOrEqual(0);
    expect(locked).toBeLessThan(officer.events.findIndex((e) => e.startsWith(EVENTS.deviceLogout)));
  });

  it('joins an area created after the console opened to the consoles whose scope covers it, and no others', async () => {
    const { admin, areas, client, socket } = await adminConsole();
    const inA = await officerConsole(admin.id, areas.communeA);
    const inB = await officerConsole(admin.id, areas.communeB);
    const created = await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Thôn Mới', cap: 'thon', idcha: areas.communeA });
    expect(created.status).toBe(200);
    const hamlet = created.body.data._id as string;
    await eventually(async () => (await inRoom(socket, hamlet)) && (await inRoom(inA.socket, hamlet)));
    expect(await inRoom(inB.socket, hamlet)).toBe(false);
  });
});
