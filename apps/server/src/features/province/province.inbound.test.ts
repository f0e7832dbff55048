import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, PROVINCE_MESSAGES, SOURCE_KINDS, type ProvinceInboundResult, type Schedule } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, signedInAdmin, startSpeakers, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';
import type { FakeProvince } from '../../../test/fakeProvince';
import { startProvinceWorld, stopProvinceWorld } from '../../../test/province';

let fake: FakeProvince;
let server: TestServer;
let w: Awaited<ReturnType<typeof signedInAdmin>>;
let key: string;
let speakers: SpeakerAgent[] = [];

/** A call as the province makes it: its key, JSON, no cookies. */
async function asProvince(path: string, body: unknown, bearer = key) {
  const res = await fetch(server.url + path, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: parsed };
}

const bulletin = (extra: Record<string, unknown> = {}) => ({
  mabantin: `TINH-${Math.random().toString(36).slice(2, 8)}`, tieude: 'Cảnh báo bão số 3', loaibantin: 2, mucdouutien: 1,
  diaban: [w.areas.communeA], noidung: { tepamthanh: `${fake.fileBase}/canh-bao-bao.mp3` }, ...extra,
});
const logOf = (action: string) => server.db.query<{ tentaikhoan: string; outcome: string; detail: any; target_id: string | null }>(
  'SELECT tentaikhoan, outcome, detail, target_id FROM system_log WHERE admin_id = $1 AND action = $2 ORDER BY id', [w.admin.id, action]);

beforeAll(async () => {
  ({ fake, server } = await startProvinceWorld());
  fake.files.set('canh-bao-bao.mp3', makeMp3(3));
  w = await signedInAdmin(server);
  await w.client.post('/v1/client/ketnoi/httt-nguon/dongbo');
  speakers = await startSpeakers(server, w.client, w.areas.communeA, 2, { fetchAudio: true, audioBaseUrl: server.url });
  const created = await w.client.post('/v1/client/khoaapi/themmoi', { ten: 'Sở TTTT tỉnh', quyenhan: ['themsuaxoalichphat', 'quanlythietbi'] });
  key = created.body.data.bimat;
});
afterAll(async () => {
  await Promise.all(speakers.map((s) => s.stop().catch(() => undefined)));
  await stopProvinceWorld({ fake, server });
});

describe('province exchange, inbound', () => {
  it('plays an emergency bulletin sent by the province at once, says which key sent it, and takes it once', async () => {
    const body = bulletin();
    const res = await asProvince('/v1/client/httt-nguon/bantin', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.data as ProvinceInboundResult;
    expect(result).toMatchObject({ ma: body.mabantin, ketqua: 'phatngay', sothietbi: 2, danhantruoc: false });
    // Both speakers play it: the province's MP3, fetched by the server and kept in the library.
    await eventually(() => speakers.every((s) => s.playing?.sessionId === result.idlichphat), 3000);
    const [stored] = await server.db.query<{ key: string; admin_id: string }>("SELECT key, admin_id FROM media WHERE key LIKE 'audio/%canh-bao-bao.mp3' ORDER BY created_at DESC LIMIT 1");
    expect(stored.admin_id).toBe(w.admin.id);

    const [received] = await logOf('nhan-ban-tin-httt-nguon');
    expect(received).toMatchObject({ tentaikhoan: 'Khoá API: Sở TTTT tỉnh', outcome: 'ok', target_id: result.idlichphat, detail: { mabantin: body.mabantin, khoa: 'Sở TTTT tỉnh', ketqua: 'phatngay' } });
    expect((await logOf('phat-ngay')).at(-1)).toMatchObject({ tentaikhoan: 'Khoá API: Sở TTTT tỉnh', target_id: result.idlichphat });

    // Sent again (the province did not hear the answer): the same answer, nothing started twice.
    const again = await asProvince('/v1/client/httt-nguon/bantin', body);
    expect(again.body.data).toEqual({ ...result, danhantruoc: true });
    expect(server.app.engine.live().filter((l) => l.nguonphat.tenchuongtrinh === body.tieude)).toHaveLength(1);

    // The province hears of it back as a bulletin of its own, with its id.
    await eventually(() => fake.of('bantin').some((m) => m.dulieu.mabantin === result.idlichphat), 5000);
    expect(fake.of('bantin').find((m) => m.dulieu.mabantin === result.idlichphat)!.dulieu).toMatchObject({ mabantinnguon: body.mabantin, mucdouutien: 1, nguoitao: 'Sở TTTT tỉnh' });
    await eventually(() => speakers.every((s) => s.playing === null), 6000);
  });

  it('makes a bulletin that is not an emergency a schedule awaiting approval, at its time and level', async () => {
    const at = new Date(Date.now() + 3600_000);
    const body = bulletin({ mucdouutien: 3, loaibantin: 3, tieude: 'Tuyên truyền bầu cử', thoigianphat: at.toISOString() });
    const res = await asProvince('/v1/client/httt-nguon/bantin', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ ketqua: 'choduyet', sothietbi: 2 });
    const schedule = (await w.client.post('/v1/client/lichphat/laylichphatsua', { data: { id: res.body.data.idlichphat } })).body.data as Schedule;
    expect(schedule).toMatchObject({ tieude: 'Tuyên truyền bầu cử', trangthai: 'choduyet', uutien: -1, loaibantin: 3, chedophat: 'motlan', thietbichon: ['tatca'], lanphattiep: null, dukien: Math.floor(at.getTime() / 1000) * 1000 });
    expect(schedule.nguoitao.hoten).toBe('Sở TTTT tỉnh');
    expect((await logOf('nhan-ban-tin-httt-nguon')).at(-1)).toMatchObject({ tentaikhoan: 'Khoá API: Sở TTTT tỉnh', detail: { ketqua: 'choduyet', mucdouutien: 3 } });
    // The approvers are told (the administrator approves).
    await eventually(async () => JSON.stringify((await w.client.get('/v1/client/thongbao/danhsach')).body.data).includes('Tuyên truyền bầu cử'), 3000);
  });

  it('carries out the province\'s commands: volume, stop, and scheduling a bulletin again', async () => {
    const volume = await asProvince('/v1/client/httt-nguon/lenh', { malenh: 'L-1', lenh: 'amluong', amluong: 35, diaban: [w.areas.communeA] });
    expect(volume.body.data).toMatchObject({ ketqua: 'dathuchien', sothietbi: 2 });
    await eventually(() => speakers.every((s) => s.volume === 35), 3000);

    const relay = bulletin({ noidung: { tiepsong: `${fake.fileBase}/canh-bao-bao.mp3`, thoiluong: 120 } });
    const sent = await asProvince('/v1/client/httt-nguon/bantin', relay);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const started = sent.body.data as ProvinceInboundResult;
    await eventually(() => speakers.every((s) => s.playing?.sessionId === started.idlichphat), 3000);
    const stop = await asProvince('/v1/client/httt-nguon/lenh', { malenh: 'L-2', lenh: 'dung', mabantin: relay.mabantin });
    expect(stop.body.data).toMatchObject({ ketqua: 'dathuchien', idlichphat: started.idlichphat });
    await eventually(() => speakers.every((s) => s.playing === null), 3000);
    expect((await asProvince('/v1/client/httt-nguon/lenh', { malenh: 'L-3', lenh: 'dung', mabantin: relay.mabantin })).body).toEqual({ message: PROVINCE_MESSAGES.nothingToStop });

    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const again = await asProvince('/v1/client/httt-nguon/lenh', { malenh: 'L-4', lenh: 'lichphat', mabantin: relay.mabantin, lichphat: { chedo: 'hangtuan', ngaybatdau: day, ngayketthuc: null, thutrongtuan: [1, 3, 5], giophat: ['06:30'] } });
    expect(again.body.data).toMatchObject({ ketqua: 'choduyet' });
    const schedule = (await w.client.post('/v1/client/lichphat/laylichphatsua', { data: { id: again.body.data.idlichphat } })).body.data as Schedule;
    expect(schedule).toMatchObject({ trangthai: 'choduyet', chedophat: 'hangtuan', thutrongtuan: [1, 3, 5], uutien: 1 });
    expect((await logOf('nhan-lenh-httt-nguon')).map((e) => e.detail.lenh)).toEqual(['amluong', 'dung', 'lichphat']);
  });

  it('keeps a file whose address has a bad escape (%ZZ) under its name as written, and a refused bulletin leaves no file behind (issue #27)', async () => {
    fake.files.set('tin-%ZZ.mp3', makeMp3(2, 128, 523));
    const odd = await asProvince('/v1/client/httt-nguon/bantin', bulletin({ noidung: { tepamthanh: `${fake.fileBase}/tin-%ZZ.mp3` } }));
    expect(odd.status, JSON.stringify(odd.body)).toBe(200);
    expect(await server.db.query("SELECT original_name FROM media WHERE original_name = 'tin-%ZZ.mp3'")).toHaveLength(1);
    await eventually(() => server.app.engine.live().every((l) => l.idAdmin !== w.admin.id), 10_000);
    // Speakers held by an emergency of the same level: the province's bulletin is refused, and the
    // file fetched for it goes with it.
    const held = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Khẩn cấp của huyện', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
      [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 300, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 300 }],
    ));
    expect(held.status).toBe(200);
    try {
      fake.files.set('bi-tu-choi.mp3', makeMp3(2, 128, 587));
      const refused = await asProvince('/v1/client/httt-nguon/bantin', bulletin({ noidung: { tepamthanh: `${fake.fileBase}/bi-tu-choi.mp3` } }));
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(await server.db.query("SELECT key FROM media WHERE key LIKE '%bi-tu-choi%'")).toEqual([]);
      expect(fs.readdirSync(path.join(server.app.storage.root, 'audio')).filter((name) => name.includes('bi-tu-choi'))).toEqual([]);
    } finally {
      await w.client.post('/v1/client/phatngay/dungphatngay', {});
    }
  });

  it('refuses another administrator\'s areas, a signed-in person, wrong and revoked keys and bad bodies, says why, logs it and stays up', async () => {
    const other = await signedInAdmin(server);
    const foreign = await asProvince('/v1/client/httt-nguon/bantin', bulletin({ diaban: [other.areas.communeA] }));
    expect(foreign).toMatchObject({ status: 404, body: { message: PROVINCE_MESSAGES.areaUnknown } });
    expect((await logOf('tu-choi-pham-vi')).at(-1)).toMatchObject({ tentaikhoan: 'Khoá API: Sở TTTT tỉnh', outcome: 'denied' });
    const otherDevice = (await other.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa khác', diaban: other.areas.communeA, serial: `X-${Date.now()}` })).body.data.thietbi._id as string;
    expect((await asProvince('/v1/client/httt-nguon/lenh', { malenh: 'L-9', lenh: 'amluong', amluong: 90, thietbi: [otherDevice] })).body.message).toBe(PROVINCE_MESSAGES.deviceUnknown);

    // A person signed in is not the province.
    expect(await w.client.post('/v1/client/httt-nguon/bantin', bulletin())).toMatchObject({ status: 403, body: { message: PROVINCE_MESSAGES.keysOnly } });
    // Wrong and revoked keys.
    expect(await asProvince('/v1/client/httt-nguon/bantin', bulletin(), 'loa_0000000000000000_' + 'x'.repeat(43))).toMatchObject({ status: 401, body: { message: API_KEY_MESSAGES.invalid } });
    const spare = (await w.client.post('/v1/client/khoaapi/themmoi', { ten: 'Khoá cũ', quyenhan: ['themsuaxoalichphat'] })).body.data;
    await w.client.post('/v1/client/khoaapi/thuhoi', { id: spare.khoa._id });
    expect(await asProvince('/v1/client/httt-nguon/bantin', bulletin(), spare.bimat)).toMatchObject({ status: 401, body: { message: API_KEY_MESSAGES.revoked } });

    // Bad bodies: the field and why.
    const cases: [unknown, number, string][] = [
      [bulletin({ mucdouutien: 7 }), 400, 'Mức độ ưu tiên'],
      [bulletin({ noidung: {} }), 400, PROVINCE_MESSAGES.noContent],
      [bulletin({ mucdouutien: 2 }), 400, PROVINCE_MESSAGES.timeRequired],
      [bulletin({ mucdouutien: 2, thoigianphat: new Date(Date.now() - 60_000).toISOString() }), 400, PROVINCE_MESSAGES.timeInPast],
      [bulletin({ noidung: { tepamthanh: `${fake.fileBase}/khong-co.mp3` } }), 400, `${PROVINCE_MESSAGES.audioFailed}: Máy nhận trả lời mã lỗi HTTP 404.`],
      [bulletin({ noidung: { tepamthanh: 'ftp://tinh.gov.vn/a.mp3' } }), 400, 'Tệp âm thanh'],
      [{ malenh: 'L-10', lenh: 'tatmay' }, 400, 'Lệnh'],
    ];
    for (const [body, status, message] of cases) {
      const res = await asProvince(`/v1/client/httt-nguon/${(body as { lenh?: string }).lenh ? 'lenh' : 'bantin'}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toContain(message);
    }
    const refusals = await logOf('tu-choi-httt-nguon');
    expect(refusals.length).toBeGreaterThanOrEqual(cases.length);
    expect(refusals.at(-1)).toMatchObject({ tentaikhoan: 'Khoá API: Sở TTTT tỉnh', outcome: 'denied', detail: { ma: 'L-10', duongdan: '/v1/client/httt-nguon/lenh' } });
    // Nothing half-made: a refused id may be sent again once right.
    const retried = bulletin({ noidung: {} });
    await asProvince('/v1/client/httt-nguon/bantin', retried);
    const fixed = await asProvince('/v1/client/httt-nguon/bantin', { ...retried, noidung: { tepamthanh: `${fake.fileBase}/canh-bao-bao.mp3` } });
    expect(fixed.body.data, JSON.stringify(fixed.body)).toMatchObject({ ketqua: 'phatngay', danhantruoc: false });
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
  });
});
