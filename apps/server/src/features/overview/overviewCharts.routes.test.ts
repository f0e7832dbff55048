import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { vnIsoDay } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import type { Db } from '../../infra/db';
import { insertDevice } from '../devices/devices.queries';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function addDevice(db: Db, adminId: string, areaId: string, name: string, createdAgoMs: number): Promise<string> {
  const id = crypto.randomUUID();
  await insertDevice(db, { id, adminId, areaId, name, serial: `SP-${id.slice(0, 8)}`, lat: null, lng: null, note: '', secretHash: 'x' });
  await db.query('UPDATE devices SET created_at = $2 WHERE id = $1', [id, new Date(Date.now() - createdAgoMs).toISOString()]);
  return id;
}

async function connection(db: Db, deviceId: string, agoMs: number, online: boolean): Promise<void> {
  await db.query('INSERT INTO device_connections (device_id, at, online, reason) VALUES ($1, $2, $3, $4)', [deviceId, new Date(Date.now() - agoMs).toISOString(), online, 'test']);
}

/** A finished broadcast row as the playout leaves it, started `agoMs` ago. */
async function addBroadcast(db: Db, b: { adminId: string; createdBy: string; agoMs: number; messageType: number; areas?: string[]; devices?: string[]; scheduleId?: string }): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date(Date.now() - b.agoMs).toISOString();
  await db.query(
    `INSERT INTO broadcasts (id, admin_id, created_by, type, title, message_type, priority, chosen_areas, chosen_devices, target_areas, target_devices,
       device_count, sources, items, total_seconds, repeat_mode, repeat_interval, repeat_count, status, run_started_at, started_at, ended_at, schedule_id)
     VALUES ($1, $2, $3, $4, 'Bản tin', $5, 3, $6, $7, $6, $7, 1, '[]', '[]', 60, 0, 0, 0, 'finished', $8, $8, $8, $9)`,
    [id, b.adminId, b.createdBy, b.scheduleId ? 'phatlich' : 'phatngay', b.messageType, JSON.stringify(b.areas ?? []), JSON.stringify(b.devices ?? []), at, b.scheduleId ?? null],
  );
  return id;
}

/** A signed-in account of the administrator placed in one area (a commune officer). */
async function areaUser(adminId: string, areaId: string, rights?: string[]) {
  const user = await createTestUser(server.db, { adminId, rights });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [user.id, areaId]);
  const client = new TestClient(server.url);
  await client.login(user);
  return client;
}

describe('GET /v1/client/tongquan/bieudo', () => {
  it('counts bulletins per Vietnam day over 30 days by message type, within the caller’s scope', async () => {
    const w = await signedInAdmin(server);
    const inB = await addDevice(server.db, w.admin.id, w.areas.communeB, 'Loa B', DAY);
    await addBroadcast(server.db, { adminId: w.admin.id, createdBy: w.admin.id, agoMs: 0, messageType: 1, areas: [w.areas.communeA] });
    await addBroadcast(server.db, { adminId: w.admin.id, createdBy: w.admin.id, agoMs: 0, messageType: 1, areas: [w.areas.district] });
    await addBroadcast(server.db, { adminId: w.admin.id, createdBy: w.admin.id, agoMs: 3 * DAY, messageType: 2, devices: [inB] });
    await addBroadcast(server.db, { adminId: w.admin.id, createdBy: w.admin.id, agoMs: 40 * DAY, messageType: 2, areas: [w.areas.communeA] });

    const all = (await w.client.get('/v1/client/tongquan/bieudo')).body.data;
    expect(all.bantintheongay).toHaveLength(30);
    expect(all.bantintheongay.at(-1)).toEqual({ ngay: vnIsoDay(Date.now()), tong: 2, theoloai: { 1: 2 } });
    expect(all.bantintheongay.find((d: { ngay: string }) => d.ngay === vnIsoDay(Date.now() - 3 * DAY))).toMatchObject({ tong: 1, theoloai: { 2: 1 } });
    expect(all.bantintheongay.reduce((s: number, d: { tong: number }) => s + d.tong, 0)).toBe(3);

    // Commune A's officer: its commune's bulletin and the district-wide one (it reaches commune A), not commune B's speaker.
    const officer = await areaUser(w.admin.id, w.areas.communeA);
    const scoped = (await officer.get('/v1/client/tongquan/bieudo')).body.data;
    expect(scoped.bantintheongay.reduce((s: number, d: { tong: number }) => s + d.tong, 0)).toBe(2);
    const overview = (await officer.get('/v1/client/tongquan')).body.data;
    expect(overview.phathomnay).toEqual({ tong: 2, theoloai: { 1: 2 } });
    expect(overview.taikhoan.tong).toBe(1);
    expect((await w.client.get('/v1/client/tongquan')).body.data.taikhoan.tong).toBe(2);
  });

  it('follows speakers online over 24 hours and 7 days and ranks the longest offline', async () => {
    const w = await signedInAdmin(server);
    const flaky = await addDevice(server.db, w.admin.id, w.areas.communeA, 'Loa chập chờn', 10 * DAY);
    const steady = await addDevice(server.db, w.admin.id, w.areas.communeA, 'Loa ổn định', 10 * DAY);
    await addDevice(server.db, w.admin.id, w.areas.communeB, 'Loa chưa kết nối', 10 * DAY);
    await connection(server.db, flaky, 8 * DAY, true);
    await connection(server.db, flaky, 3 * HOUR, false);
    await connection(server.db, steady, 8 * DAY, true);

    const data = (await w.client.get('/v1/client/tongquan/bieudo')).body.data;
    expect(data.tructuyen24h).toHaveLength(24);
    expect(data.tructuyen7ngay).toHaveLength(28);
    expect(data.tructuyen24h[0]).toMatchObject({ online: 2, tong: 3 });
    expect(data.tructuyen24h.at(-1)).toMatchObject({ online: 1, tong: 3 });
    expect(data.ngoaituyen.map((d: { tenthietbi: string }) => d.tenthietbi)).toEqual(['Loa chưa kết nối', 'Loa chập chờn']);
    expect(data.ngoaituyen[0].giayngoaituyen).toBeGreaterThanOrEqual(7 * 86_400 - 1);
    expect(data.ngoaituyen[0].giayngoaituyen).toBeLessThan(7 * 86_400 + 120);
    expect(data.ngoaituyen[1].giayngoaituyen).toBeGreaterThanOrEqual(3 * 3600 - 1);
    expect(data.ngoaituyen[1].giayngoaituyen).toBeLessThan(3 * 3600 + 120);

    const officer = await areaUser(w.admin.id, w.areas.communeA);
    const scoped = (await officer.get('/v1/client/tongquan/bieudo')).body.data;
    expect(scoped.tructuyen24h.at(-1)).toMatchObject({ online: 1, tong: 2 });
    expect(scoped.ngoaituyen.map((d: { _id: string }) => d._id)).toEqual([flaky]);
  });

  it('sets scheduled speaker plays per commune against those reported, and the missed occurrences', async () => {
    const w = await signedInAdmin(server);
    const a1 = await addDevice(server.db, w.admin.id, w.areas.communeA, 'Loa A1', 10 * DAY);
    await addDevice(server.db, w.admin.id, w.areas.communeA, 'Loa A2', 10 * DAY);
    await addDevice(server.db, w.admin.id, w.areas.communeB, 'Loa B1', 10 * DAY);
    const [schedule] = await server.db.query<{ id: string }>(
      `INSERT INTO schedules (id, admin_id, created_by, title, sources, items, total_seconds, chosen_areas, chosen_devices, target_areas, target_devices,
         device_count, message_type, priority, mode, weekdays, start_date, times, repeat_mode, repeat_interval, repeat_count, status)
       VALUES ($1, $2, $2, 'Bản tin chiều', '[]', '[]', 60, $3, '["tatca"]', $3, '[]', 3, 1, 3, 'motlan', '[]', $4, '["08:00:00"]', 0, 0, 0, 'daduyet') RETURNING id`,
      [crypto.randomUUID(), w.admin.id, JSON.stringify([w.areas.district]), vnIsoDay(Date.now() + DAY)],
    );
    // One occurrence fired yesterday (speaker A1 reported playing it), one missed two days ago.
    const played = await addBroadcast(server.db, { adminId: w.admin.id, createdBy: w.admin.id, agoMs: DAY, messageType: 1, areas: [w.areas.district], scheduleId: schedule.id });
    await server.db.query(`INSERT INTO schedule_runs (schedule_id, planned_at, status, broadcast_id) VALUES ($1, $2, 'fired', $3), ($1, $4, 'missed', NULL)`,
      [schedule.id, new Date(Date.now() - DAY).toISOString(), played, new Date(Date.now() - 2 * DAY).toISOString()]);
    await server.db.query(`INSERT INTO device_plays (device_id, at, event, session_id) VALUES ($1, $2, 'started', $3), ($1, $2, 'finished', $3)`,
      [a1, new Date(Date.now() - DAY).toISOString(), played]);

    const data = (await w.client.get('/v1/client/tongquan/bieudo')).body.data;
    expect(data.hoanthanh.items).toEqual([
      { _id: w.areas.communeA, tendiaban: 'Xã A', solan: 2, bolo: 1, kehoach: 4, daphat: 1 },
      { _id: w.areas.communeB, tendiaban: 'Xã B', solan: 2, bolo: 1, kehoach: 2, daphat: 0 },
    ]);
    const officer = await areaUser(w.admin.id, w.areas.communeB);
    expect((await officer.get('/v1/client/tongquan/bieudo')).body.data.hoanthanh.items.map((i: { _id: string }) => i._id)).toEqual([w.areas.communeB]);
    const viewer = await areaUser(w.admin.id, w.areas.communeB, ['xemnhatky']);
    expect((await viewer.get('/v1/client/tongquan/bieudo')).body.data.hoanthanh).toBeNull();
  });
});
