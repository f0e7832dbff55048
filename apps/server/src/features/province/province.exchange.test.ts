import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, vnClock, type ProvinceConnector } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, signedInAdmin, startSpeakers, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';
import type { FakeProvince } from '../../../test/fakeProvince';
import { startProvinceWorld, stopProvinceWorld } from '../../../test/province';
import { localDate } from '../schedules/recurrence';

let fake: FakeProvince;
let server: TestServer;
const agents: SpeakerAgent[] = [];

beforeAll(async () => {
  ({ fake, server } = await startProvinceWorld());
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await stopProvinceWorld({ fake, server });
});

const connector = async (w: Awaited<ReturnType<typeof signedInAdmin>>) => (await w.client.get('/v1/client/ketnoi/httt-nguon')).body.data as ProvinceConnector;
const unsent = async () => Number((await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM province_outbox WHERE status <> 'dagui'"))[0].n);
/** What the province took about one object, as kind/op in order. */
const historyOf = (id: string) => fake.taken.filter((m) => Object.values(m.dulieu).includes(id)).map((m) => `${m.loai}/${m.thaotac}`);

describe('province exchange, outbound', () => {
  it('pushes areas, devices, bulletins, their cancellations, device status and play logs, each valid and taken once', async () => {
    const w = await signedInAdmin(server);
    // Areas made before the connection reach the province by a full push.
    expect((await w.client.post('/v1/client/ketnoi/httt-nguon/dongbo')).body.data).toEqual({ sodiaban: 3, sothietbi: 0 });
    await eventually(() => fake.areas.has(w.areas.communeB), 5000);
    const hamlet = (await w.client.post('/v1/client/diaban/themmoi', { tendiaban: 'Thôn Đông', cap: 'thon', idcha: w.areas.communeA })).body.data._id as string;
    await w.client.post('/v1/client/diaban/capnhat', { id: hamlet, tendiaban: 'Thôn Đông Hà', idcha: w.areas.communeA });

    const speakers = await startSpeakers(server, w.client, w.areas.communeA, 2);
    agents.push(...speakers);
    const ids = speakers.map((s) => s.deviceId);
    await eventually(() => ids.every((id) => fake.of('trangthaithietbi').some((m) => m.dulieu.mathietbi === id && m.dulieu.trangthai === 'hoatdong')), 5000);

    // A normal-level bulletin (thông thường) plays on both speakers: it is pushed, then its play log.
    const info = { tieude: 'Lịch tiêm chủng', loaibantin: 5, uutien: -1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 };
    const source = { kieunguon: SOURCE_KINDS.file, thoigianBatdau: 2, files: [{ fileName: 'tiem-chung.mp3', url: 'x', duration: 2 }] };
    const sent = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info, [source], [{ name: 'tiem-chung.mp3', data: makeMp3(2) }]));
    expect(sent.status).toBe(200);
    const bulletinId = sent.body.data.idlichphat as string;
    await eventually(() => ids.every((id) => fake.of('nhatkyphat').some((m) => m.dulieu.mathietbi === id && m.dulieu.sukien === 'ketthuc' && m.dulieu.mabantin === bulletinId)), 8000);

    // A schedule, then deleted: pushed, then cancelled.
    const at = Date.now() + 3600_000;
    const schedule = (await w.client.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Bản tin sáng', nguonphat: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 30, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 30 }],
      diabanchon: [w.areas.communeA], thietbichon: ['tatca'], loaibantin: 1, uutien: 0, chedophat: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)],
    })).body.data;
    await w.client.post('/v1/client/lichphat/xoalichphat', { id: schedule._id });
    // A device deleted after its speaker left.
    await speakers[1].stop();
    await w.client.post('/v1/client/thietbi/xoa', { id: ids[1] });
    await eventually(async () => (await unsent()) === 0 && historyOf(ids[1]).at(-1) === 'thietbi/xoa' && historyOf(schedule._id).length === 2, 8000);

    expect(fake.problems).toEqual([]);
    expect(fake.redelivered).toBe(0);
    expect(historyOf(hamlet)).toEqual(['diaban/them', 'diaban/sua']);
    expect(fake.areas.get(hamlet)).toEqual({ madiaban: hamlet, tendiaban: 'Thôn Đông Hà', cap: 'thon', madiabancha: w.areas.communeA });
    const registered = fake.of('thietbi').find((m) => m.dulieu.mathietbi === ids[0])!;
    expect(registered).toMatchObject({ thaotac: 'them', dulieu: { tenthietbi: 'Loa 1', madiaban: w.areas.communeA, trangthai: 'matketnoi', vido: null, kinhdo: null } });
    expect(String(registered.dulieu.soserial)).toMatch(/^SP-/);
    expect(historyOf(ids[1])[0]).toBe('thietbi/them');

    const bulletin = fake.of('bantin').find((m) => m.dulieu.mabantin === bulletinId)!;
    expect(bulletin.thaotac).toBe('them');
    expect(bulletin.dulieu).toMatchObject({
      tieude: 'Lịch tiêm chủng', loaibantin: 5, mucdouutien: 3, hinhthuc: 'phatngay', trangthai: 'dangphat', nguoitao: 'Người Thử Nghiệm',
      diaban: [{ madiaban: w.areas.communeA, tendiaban: 'Xã A' }], thietbi: [], sothietbi: 2, thoiluong: expect.closeTo(2, 0), lichphat: null, mabantinnguon: null,
    });
    // Content addresses are absolute (PUBLIC_URL, here the default), for the province to fetch.
    expect((bulletin.dulieu.noidung as { loai: string; duongdan: string }[])[0]).toMatchObject({ loai: 'tep', duongdan: expect.stringMatching(/^http:\/\/localhost:\d+\/media\/audio\/.+tiem-chung\.mp3$/) });
    const scheduled = fake.of('bantin').filter((m) => m.dulieu.mabantin === schedule._id);
    expect(scheduled.map((m) => m.thaotac)).toEqual(['them', 'huy']);
    expect(scheduled[0].dulieu).toMatchObject({ hinhthuc: 'phatlich', mucdouutien: 2, trangthai: 'daduyet', lichphat: { chedo: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)] } });
    expect(scheduled[1].dulieu).toEqual({ mabantin: schedule._id, lydo: 'Lịch phát bị xoá bởi Người Thử Nghiệm' });
    // Status changes of the first speaker: online, playing the bulletin, online again.
    const states = fake.of('trangthaithietbi').filter((m) => m.dulieu.mathietbi === ids[0]).map((m) => `${m.dulieu.trangthai}:${m.dulieu.mabantin ?? ''}`);
    expect(states).toEqual(expect.arrayContaining(['hoatdong:', `dangphat:${bulletinId}`]));
    const plays = fake.of('nhatkyphat').filter((m) => m.dulieu.mathietbi === ids[0]).map((m) => m.dulieu.sukien);
    expect(plays).toEqual(['batdau', 'ketthuc']);

    const state = await connector(w);
    expect(state).toMatchObject({ cauhinh: true, mahethong: 'loa-thu-nghiem', tinhtrang: 'ketnoi', socho: 0, soloi: 0, thongdiep: [] });
    expect(state.diachi).toBe(fake.url);
    expect(state.sodagui24h).toBeGreaterThanOrEqual(fake.taken.filter((m) => !fake.ignoredDevices.has(String(m.dulieu.mathietbi))).length - 1);
  });

  it('keeps every message while the province is down, and delivers each exactly once, in order, when it is back', async () => {
    const w = await signedInAdmin(server);
    await w.client.post('/v1/client/ketnoi/httt-nguon/dongbo');
    await eventually(async () => (await unsent()) === 0, 5000);
    const before = fake.taken.length;

    // A minute's outage at the default backoff (5 s, doubled) is four failed tries; with this test's
    // backoff (100 ms doubled up to 400 ms) three real seconds of refused connections are more.
    await fake.down();
    const downAt = Date.now();
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const area = (await w.client.post('/v1/client/diaban/themmoi', { tendiaban: `Thôn ${i}`, cap: 'thon', idcha: w.areas.communeB })).body.data._id as string;
      made.push(area);
      await w.client.post('/v1/client/diaban/capnhat', { id: area, tendiaban: `Thôn số ${i}`, idcha: w.areas.communeB });
    }
    await w.client.post('/v1/client/diaban/xoa', { id: made[4] });
    const device = (await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa chợ', diaban: made[0], serial: `IMEI-${Date.now()}`, vido: 16.75, kinhdo: 107.18 })).body.data.thietbi._id as string;

    // The outage is seen: the sender keeps trying, the console says why, nothing is lost.
    const down = await eventually(async () => {
      const s = await connector(w);
      return s.tinhtrang === 'loi' && s.socho === 12 ? s : null;
    }, 5000);
    expect(down.loicuoi).toBe('Không gửi được: Không kết nối được tới máy nhận.');
    expect(down.thongdiep).toHaveLength(12);
    expect(down.thongdiep.every((m) => m.trangthai === 'cho')).toBe(true);
    await new Promise((r) => setTimeout(r, 3000 - (Date.now() - downAt)));
    const [{ tries }] = await server.db.query<{ tries: number }>("SELECT max(attempts)::int AS tries FROM province_outbox WHERE status = 'cho'");
    expect(tries).toBeGreaterThanOrEqual(4);

    await fake.up();
    await eventually(async () => (await unsent()) === 0, 5000);
    expect(Date.now() - downAt).toBeGreaterThanOrEqual(3000);
    // The twelve that waited, each once (a device's status report may follow them: it is not one of them).
    const waiting = new Set(down.thongdiep.map((m) => m.idthongdiep));
    const delivered = fake.taken.slice(before).filter((m) => waiting.has(m.idthongdiep));
    expect(fake.problems).toEqual([]);
    expect(fake.redelivered).toBe(0);
    expect(delivered).toHaveLength(12);
    expect(new Set(delivered.map((m) => m.idthongdiep)).size).toBe(12);
    expect(historyOf(made[4])).toEqual(['diaban/them', 'diaban/sua', 'diaban/xoa']);
    // The device's area was known to the province before the device (the fake checks it too).
    expect(historyOf(made[0])).toContain('thietbi/them');
    expect(historyOf(made[0]).indexOf('diaban/them')).toBeLessThan(historyOf(made[0]).indexOf('thietbi/them'));
    expect(fake.devices.get(device)).toMatchObject({ tenthietbi: 'Loa chợ', vido: 16.75, kinhdo: 107.18, madiaban: made[0] });
    // Each object's messages in the order they were written, whatever the retries did.
    const written = await server.db.query<{ message_id: string; entity_key: string }>('SELECT message_id, entity_key FROM province_outbox WHERE admin_id = $1 ORDER BY id', [w.admin.id]);
    const keyOf = new Map(written.map((r) => [r.message_id, r.entity_key]));
    for (const key of new Set(delivered.map((m) => keyOf.get(m.idthongdiep)))) {
      expect(delivered.filter((m) => keyOf.get(m.idthongdiep) === key).map((m) => m.idthongdiep)).toEqual(written.filter((r) => r.entity_key === key).map((r) => r.message_id).filter((id) => delivered.some((m) => m.idthongdiep === id)));
    }
    expect((await connector(w)).tinhtrang).toBe('ketnoi');
  });
});
