import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, INPUT_MESSAGES, MSG, SOURCE_KINDS } from '@loa/contract';
import { broadcastForm, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';
import { localDate } from '../features/schedules/recurrence';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udfff';
const NUL = '\u0000';

/** Rows an administrator's actions can leave behind, to show a refused request wrote nothing. */
async function footprint(adminId: string) {
  const [row] = await server.db.query<{ areas: number; devices: number; log: number; broadcasts: number; names: string }>(
    `SELECT (SELECT count(*)::int FROM areas WHERE admin_id = $1) AS areas,
            (SELECT count(*)::int FROM devices WHERE admin_id = $1) AS devices,
            (SELECT count(*)::int FROM system_log WHERE admin_id = $1) AS log,
            (SELECT count(*)::int FROM broadcasts WHERE admin_id = $1) AS broadcasts,
            (SELECT hoten FROM users WHERE id = $1) AS names`,
    [adminId],
  );
  return row;
}

const relay = (seconds: number, extra: Record<string, unknown> = {}) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds, ...extra });
const info = (areaId: string, extra: Record<string, unknown> = {}) => ({
  tieude: 'Thông báo', loaibantin: 2, uutien: 1, diabanchon: [areaId], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1, ...extra,
});

describe('text the database cannot store is refused at input (400, nothing written)', () => {
  it('refuses a lone surrogate or NUL in bodies, keys, queries and multipart JSON fields, naming the field', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa 1', diaban: areas.communeA, serial: `SP-${crypto.randomBytes(5).toString('hex')}` });
    const before = await footprint(admin.id);
    const cases: [Promise<{ status: number; body: { message: string } }>, string][] = [
      [client.post('/v1/client/diaban/themmoi', { tendiaban: `Xã ${LONE_HIGH}`, cap: 'xa', idcha: areas.district }), 'Tên địa bàn'],
      [client.post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa${NUL}`, diaban: areas.communeA, serial: 'SP-NUL' }), 'Tên thiết bị'],
      [client.post('/v1/client/nguoidung/thaydoithongtin', { hoten: `Tên ${LONE_LOW}`, email: '', sdt: '' }), 'Họ tên'],
      [client.post('/v1/client/diaban/themmoi', { tendiaban: 'Xã', cap: 'xa', idcha: areas.district, [`k${LONE_HIGH}`]: 1 }), `k${LONE_HIGH}`],
      [client.get('/v1/client/nhatky?hanhdong=%00'), 'Hành động'],
      [client.post('/v1/client/phatngay/phatngay', broadcastForm(info(areas.communeA, { tieude: `Khẩn ${LONE_HIGH}` }), [relay(10)])), 'Tiêu đề'],
      [client.post('/v1/client/phatngay/phatngay', broadcastForm(info(areas.communeA), [relay(10, { tenkenh: `VOV${NUL}` })])), 'Tên kênh'],
      // A right-to-left override makes a name display as another (issue #27).
      [client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa \u202e3pm.exe', diaban: areas.communeA, serial: 'SP-RLO' }), 'Tên thiết bị'],
      [client.post('/v1/client/diaban/themmoi', { tendiaban: 'Xã \u2067A\u2069', cap: 'xa', idcha: areas.district }), 'Tên địa bàn'],
    ];
    for (const [request, label] of cases) {
      const res = await request;
      expect(res.status, label).toBe(400);
      expect(res.body.message).toBe(INPUT_MESSAGES.unsafeText(label));
    }
    expect(await footprint(admin.id)).toEqual(before);
    expect(server.app.engine.live().filter((b) => b.idAdmin === admin.id)).toEqual([]);
  });
});

describe('validation messages are Vietnamese sentences that name the field', () => {
  it('says what is wrong with which field, never the validator’s own words', async () => {
    const { areas, client } = await signedInAdmin(server);
    const asked: [Record<string, unknown>, string][] = [
      [{ tendiaban: 'Xã', cap: 'xa', idcha: 42 }, INPUT_MESSAGES.mustBe('Địa bàn cha', 'văn bản')],
      [{ tendiaban: 'Xã', cap: 'xa', idcha: 'x'.repeat(65) }, INPUT_MESSAGES.maxLength('Địa bàn cha', '64')],
    ];
    for (const [body, message] of asked) {
      const res = await client.post('/v1/client/diaban/themmoi', body);
      expect(res).toMatchObject({ status: 400, body: { message } });
    }
    const latitude = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa', diaban: areas.communeA, serial: 'SP-VIDO', vido: 'mười sáu' });
    expect(latitude).toMatchObject({ status: 400, body: { message: INPUT_MESSAGES.mustBe('Vĩ độ', 'một số') } });
    const missing = await client.post('/v1/client/thietbi/capnhat', {});
    expect(missing.status).toBe(400);
    const page = await client.get('/v1/client/nhatky?sodong=abc');
    expect(page).toMatchObject({ status: 400, body: { message: INPUT_MESSAGES.mustBe('Số dòng', 'một số') } });
    for (const res of [missing, page]) {
      expect(res.body.message).not.toMatch(/mong đợi|nhận được|expected|received|invalid|Invalid/i);
      expect(res.body.message).toMatch(/!$/);
    }
  });
});

describe('the 24-hour limit counts repeat intervals, and no number answers 500', () => {
  it('refuses a broadcast whose runs and waits together pass 24 hours, and huge or odd numbers', async () => {
    const { admin, areas, client } = await signedInAdmin(server);
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa 1', diaban: areas.communeA, serial: `SP-${crypto.randomBytes(5).toString('hex')}` });
    const post = (thongtin: Record<string, unknown>) => client.post('/v1/client/phatngay/phatngay', broadcastForm(info(areas.communeA, thongtin), [relay(3600)]));
    // One hour, then 12 repeats each after an hour's wait: 25 hours in all (13 hours of sound).
    expect(await post({ kieulaplai: 2, thoigianlaplai: 3600, solanlaplai: 12 })).toMatchObject({ status: 400, body: { message: BROADCAST_MESSAGES.tooLong } });
    const odd: Record<string, unknown>[] = [
      { kieulaplai: 2, thoigianlaplai: 1e308, solanlaplai: 1 },
      { kieulaplai: 1, solanlaplai: 2 ** 53 },
      { kieulaplai: 2, thoigianlaplai: 3600, solanlaplai: 1e308 },
      { kieulaplai: 1, solanlaplai: 'NaN' },
      { kieulaplai: 2, thoigianlaplai: '1e999', solanlaplai: 1 },
      { kieulaplai: 2, thoigianlaplai: -1, solanlaplai: 1 },
    ];
    for (const thongtin of odd) {
      const res = await post(thongtin);
      expect(res.status, JSON.stringify(thongtin)).toBe(400);
      expect(res.body.message).not.toBe(MSG.serverError);
    }
    expect((await footprint(admin.id)).broadcasts).toBe(0);
  });

  it('applies the same limit to a schedule', async () => {
    const { areas, client } = await signedInAdmin(server);
    await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa 1', diaban: areas.communeA, serial: `SP-${crypto.randomBytes(5).toString('hex')}` });
    const tomorrow = Date.now() + 86_400_000;
    const body = (extra: Record<string, unknown>) => ({
      tieude: 'Bản tin', nguonphat: [relay(3600)], diabanchon: [areas.communeA], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan',
      ngaybatdau: localDate(tomorrow), giophat: ['07:00:00'], ...extra,
    });
    expect(await client.post('/v1/client/lichphat/taolichphat', body({ kieulaplai: 2, thoigianlaplai: 3600, solanlaplai: 12 })))
      .toMatchObject({ status: 400, body: { message: BROADCAST_MESSAGES.tooLong } });
    expect((await client.post('/v1/client/lichphat/taolichphat', body({ kieulaplai: 2, thoigianlaplai: 1e308, solanlaplai: 1 }))).status).toBe(400);
    expect((await client.post('/v1/client/lichphat/taolichphat', body({ kieulaplai: 2, thoigianlaplai: 3600, solanlaplai: 11 }))).status).toBe(200);
  });
});
