import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SYSTEM_LOG_CSV_COLUMNS, SYSTEM_LOG_MESSAGES, type SystemLogEntry } from '@loa/contract';
import { createTestUser, signedInAdmin, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { writeSystemLog } from './systemLog.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function world() {
  const w = await signedInAdmin(server);
  const actor = (userId: string) => ({ userId, tentaikhoan: 'nguoi-thu', adminId: w.admin.id, ip: '10.0.0.1' });
  for (let i = 0; i < 7; i += 1) {
    await writeSystemLog(server.db, actor(w.admin.id), { action: i % 2 ? 'them-thiet-bi' : 'sua-dia-ban', targetType: 'diaban', targetId: i < 4 ? w.areas.communeA : w.areas.communeB, detail: { soluong: i, ten: 'Xã "Đông", 1' } });
  }
  return w;
}
const ids = (items: SystemLogEntry[]) => items.map((e) => e._id);

describe('GET /v1/client/nhatky', () => {
  it('pages newest first with a cursor that neither skips nor repeats', async () => {
    const { client } = await world();
    const all = (await client.get('/v1/client/nhatky?sodong=500')).body.data.items as SystemLogEntry[];
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: SystemLogEntry[]; tieptheo: string | null } = (await client.get(`/v1/client/nhatky?sodong=3${cursor ? `&sau=${cursor}` : ''}`)).body.data;
      seen.push(...ids(page.items));
      cursor = page.tieptheo;
    } while (cursor);
    expect(seen).toEqual(ids(all));
    expect(all.length).toBeGreaterThanOrEqual(8); // the seven entries and the sign-in
    expect(all[0].thoigian >= all[all.length - 1].thoigian).toBe(true);
  });

  it('filters by action, user, area (with the areas below it) and date range', async () => {
    const { admin, areas, client } = await world();
    const byAction = (await client.get('/v1/client/nhatky?hanhdong=them-thiet-bi')).body.data.items as SystemLogEntry[];
    expect(byAction.map((e) => e.chitiet?.soluong)).toEqual([5, 3, 1]);
    expect((await client.get(`/v1/client/nhatky?nguoidung=${admin.tentaikhoan}`)).body.data.items.length).toBeGreaterThanOrEqual(8);
    const inA = (await client.get(`/v1/client/nhatky?diaban=${areas.communeA}`)).body.data.items as SystemLogEntry[];
    expect(inA.map((e) => e.chitiet?.soluong)).toEqual([3, 2, 1, 0]);
    expect(inA[0].diaban).toEqual({ _id: areas.communeA, tendiaban: 'Xã A' });
    expect((await client.get(`/v1/client/nhatky?diaban=${areas.district}&hanhdong=sua-dia-ban`)).body.data.items).toHaveLength(4);
    const today = new Date().toISOString().slice(0, 10);
    expect((await client.get(`/v1/client/nhatky?tu=2000-01-01&den=2000-12-31`)).body.data.items).toEqual([]);
    expect((await client.get(`/v1/client/nhatky?tu=${today}&hanhdong=sua-dia-ban`)).body.data.items).toHaveLength(4);
    expect(await client.get('/v1/client/nhatky?tu=2025-02-01&den=2025-01-01')).toMatchObject({ status: 400, body: { message: SYSTEM_LOG_MESSAGES.dateRange } });
    expect(await client.get('/v1/client/nhatky?tu=hom-qua')).toMatchObject({ status: 400, body: { message: SYSTEM_LOG_MESSAGES.dateInvalid } });
  });

  it('shows only the caller’s administrator and needs xemnhatky', async () => {
    const mine = await world();
    const theirs = await world();
    const their = (await theirs.client.get('/v1/client/nhatky?sodong=500')).body.data.items as SystemLogEntry[];
    expect(JSON.stringify(their)).not.toContain(mine.admin.id);
    expect((await theirs.client.get(`/v1/client/nhatky?diaban=${mine.areas.communeA}`)).body.data.items).toEqual([]);
    const noRight = await createTestUser(server.db, { adminId: mine.admin.id, rights: ['quanlythietbi'] });
    const c = new TestClient(server.url);
    await c.login(noRight);
    expect(await c.get('/v1/client/nhatky')).toMatchObject({ status: 403, body: { message: MSG.forbidden } });
    expect((await c.get('/v1/client/nhatky/xuatcsv')).status).toBe(403);
  });
});

describe('GET /v1/client/nhatky: names and accent-blind user search', () => {
  it('names what an entry is about where it kept only an id, in the page and the CSV', async () => {
    const { areas, client } = await world();
    const items = (await client.get(`/v1/client/nhatky?diaban=${areas.communeA}`)).body.data.items as SystemLogEntry[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((e) => e.doituong.id === areas.communeA && e.doituong.ten === 'Xã A')).toBe(true);
    const res = await fetch(`${server.url}/v1/client/nhatky/xuatcsv?diaban=${areas.communeA}`, { headers: { cookie: client.cookieHeader } });
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines[1]).toContain('Địa bàn: Xã A');
    expect(lines[1]).not.toContain(areas.communeA);
  });

  it('finds a user by part of the login name or full name, accents and case aside', async () => {
    const { admin, client } = await world();
    const officer = await createTestUser(server.db, { adminId: admin.id, hoten: 'Cán Bộ Chợ Hải An' });
    await writeSystemLog(server.db, { userId: officer.id, tentaikhoan: officer.tentaikhoan, adminId: admin.id, ip: '10.0.0.2' }, { action: 'them-thiet-bi' });
    for (const search of ['cho hai an', 'can bo', 'CAN BO CHO', officer.tentaikhoan.slice(2, 8).toUpperCase()]) {
      const items = (await client.get(`/v1/client/nhatky?nguoidung=${encodeURIComponent(search)}`)).body.data.items as SystemLogEntry[];
      expect(items.map((e) => e.nguoidung._id)).toEqual([officer.id]);
    }
    expect((await client.get('/v1/client/nhatky?nguoidung=cho%20hai%20binh')).body.data.items).toEqual([]);
  });
});

describe('GET /v1/client/nhatky/xuatcsv', () => {
  it('exports the filtered log as UTF-8 CSV with a BOM, quoting what needs it', async () => {
    const { areas, client } = await world();
    const res = await fetch(`${server.url}/v1/client/nhatky/xuatcsv?diaban=${areas.communeB}`, { headers: { cookie: client.cookieHeader } });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="nhat-ky-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(SYSTEM_LOG_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4);
    // What the screen shows: labels, the target by name, readable details; no codes, ids or JSON.
    expect(lines[1]).toMatch(/^[^,]+,nguoi-thu,Sửa địa bàn,Địa bàn: Xã B,Xã B,10\.0\.0\.1,Thành công,"Tên: Xã ""Đông"", 1; Số lượng: 6"$/);
    expect(lines[2]).toContain(',Thêm thiết bị,');
    for (const raw of ['sua-dia-ban', 'them-thiet-bi', ',ok,', '{', areas.communeB]) expect(lines.join('\n')).not.toContain(raw);
  });
});

describe('system_log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database', async () => {
    await world();
    await expect(server.db.query(`UPDATE system_log SET action = 'khac'`)).rejects.toThrow(/append-only/);
    await expect(server.db.query('DELETE FROM system_log')).rejects.toThrow(/append-only/);
    await expect(server.db.query('TRUNCATE system_log')).rejects.toThrow(/append-only/);
  });
});
