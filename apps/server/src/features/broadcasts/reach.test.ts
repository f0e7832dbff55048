import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { EVENTS, SOURCE_KINDS, topics, type LiveBroadcast, type ReachEvent } from '@loa/contract';
import { SilentPlayer, type SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';

let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const info = (areas: string[]) => ({ tieude: 'Cảnh báo lũ quét', loaibantin: 2, uutien: 1, diabanchon: areas, thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 });
// A relay nobody answers: a speaker that opens its address fails at once, a silent one plays it.
const relay = { kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 30, tenkenh: 'Kênh hỏng', url: 'http://127.0.0.1:9/khong-co', thoiluong: 30 };

describe('reach of a running broadcast (speakers playing / chosen, failed, offline)', () => {
  it('answers, lists and updates live how many speakers play it and which failed or are offline', async () => {
    const w = await signedInAdmin(server);
    const playing = await startSpeakers(server, w.client, w.areas.communeA, 2, { namePrefix: 'Loa chợ' });
    const failing = await startSpeakers(server, w.client, w.areas.communeA, 1, { namePrefix: 'Loa đình', fetchAudio: true });
    agents.push(...playing, ...failing);
    // The second speaker of the market goes offline before the bulletin.
    await playing[1].stop();
    const socket = await w.client.socket();
    const updates: ReachEvent[] = [];
    socket.on(EVENTS.reach, (e) => updates.push(e));

    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [relay]));
    expect(res.status).toBe(200);
    const live: LiveBroadcast = res.body.data;
    expect(live.phamvi).toMatchObject({ sothietbi: 3, somatketnoi: 1 });

    const settled = await eventually(() => updates.filter((u) => u.idlichphat === live.idlichphat).find((u) => u.phamvi.dangphat === 1 && u.phamvi.soloi === 1), 5000);
    expect(settled.phamvi).toMatchObject({
      sothietbi: 3, online: 2, dangphat: 1, soloi: 1, somatketnoi: 1,
      loi: [{ _id: failing[0].deviceId, tenthietbi: 'Loa đình 1', tendiaban: 'Xã A' }],
      matketnoi: [{ _id: playing[1].deviceId, tenthietbi: 'Loa chợ 2', tendiaban: 'Xã A', lydo: null }],
    });
    expect(settled.phamvi.loi[0].lydo).toMatch(/^Không tải được âm thanh/);

    // The list answers the same figures.
    const listed = (await w.client.get('/v1/client/lichphat/lichphatdangphat')).body.data as LiveBroadcast[];
    expect(listed.find((b) => b.idlichphat === live.idlichphat)?.phamvi).toMatchObject({ sothietbi: 3, online: 2, dangphat: 1, soloi: 1, somatketnoi: 1 });

    // The speaker still playing goes offline: the card follows.
    await playing[0].stop();
    const after = await eventually(() => updates.find((u) => u.idlichphat === live.idlichphat && u.phamvi.dangphat === 0 && u.phamvi.somatketnoi === 2), 5000);
    expect(after.phamvi.matketnoi.map((d) => d.tenthietbi)).toEqual(['Loa chợ 1', 'Loa chợ 2']);

    // Once stopped, the broadcast's reach is no longer sent.
    expect((await w.client.get('/v1/client/phatngay/dungphatngay')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const count = updates.length;
    await failing[0].stop();
    await new Promise((r) => setTimeout(r, 800));
    expect(updates.length).toBe(count);
    socket.close();
  });

  it('lists the speakers whose stream dropped and resumed, with the audio they lost (issue #30: a degraded link)', async () => {
    const w = await signedInAdmin(server);
    const added = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa 4G', diaban: w.areas.communeA, serial: `SN-${Math.random().toString(36).slice(2)}` });
    const device = { id: added.body.data.thietbi._id as string, secret: added.body.data.secret as string };
    // A speaker as the broker sees it: connected, reporting its state, then its gaps.
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.broker.tcpPort}`, {
      clientId: device.id, username: device.id, password: device.secret, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3000,
    });
    try {
      await c.publishAsync(topics.state(device.id), JSON.stringify({ online: true, volume: 50, playing: null }), { qos: 1, retain: true });
      await eventually(() => server.app.gateway.liveOf(device.id)?.online, 3000);
      const socket = await w.client.socket();
      const updates: ReachEvent[] = [];
      socket.on(EVENTS.reach, (e) => updates.push(e));
      const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [relay]));
      const live: LiveBroadcast = res.body.data;
      expect(live.phamvi).toMatchObject({ sochapchon: 0, chapchon: [] });
      const gap = (seconds: number, at: number) => JSON.stringify({ type: 'gap', sessionId: live.idlichphat, itemIndex: 0, position: 10, gap: seconds, message: 'stream ended', at });
      await c.publishAsync(topics.event(device.id), gap(2.5, Date.now()), { qos: 1 });
      await c.publishAsync(topics.event(device.id), gap(4, Date.now() + 1), { qos: 1 });
      const degraded = await eventually(() => updates.find((u) => u.idlichphat === live.idlichphat && u.phamvi.chapchon?.[0]?.lydo?.includes('6,5')), 5000);
      expect(degraded.phamvi).toMatchObject({
        sochapchon: 1, chapchon: [{ _id: device.id, tenthietbi: 'Loa 4G', tendiaban: 'Xã A', lydo: 'Mất tiếng 6,5 giây do đường truyền gián đoạn' }],
      });
      socket.close();
    } finally {
      await w.client.get('/v1/client/phatngay/dungphatngay');
      await c.endAsync(true);
    }
  });

  it("tells in the device history the bulletin's title, the file's own name and why it ended or failed, in Vietnamese", async () => {
    const w = await signedInAdmin(server);
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1);
    const [failing] = await startSpeakers(server, w.client, w.areas.communeB, 1, { fetchAudio: true });
    agents.push(speaker, failing);
    const file = { kieunguon: SOURCE_KINDS.file, thoigianBatdau: 20, files: [{ fileName: 'ban-tin-lũ.mp3', url: 'x', duration: 20 }] };
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA, w.areas.communeB]), [file, relay], [{ name: 'ban-tin-lũ.mp3', data: makeMp3(20) }]));
    expect(res.status).toBe(200);
    await eventually(() => speaker.playing, 3000);
    type Entry = { sukien: string; tieude: string | null; tenmuc: string | null; lydo: string | null };
    const history = (id: string, until: (i: Entry) => boolean) => eventually(async () => {
      const items = (await w.client.get(`/v1/client/thietbi/lichsubantin?id=${id}`)).body.data.items as Entry[];
      return items.some(until) ? items : null;
    }, 5000);
    // A speaker that cannot open its audio (it was given no server address): the file's readable name
    // and the reason, not the agent's English. Read before the stop, which would cut it short.
    const failed = await history(failing.deviceId, (i) => i.sukien === 'error');
    expect(failed).toContainEqual(expect.objectContaining({ sukien: 'error', tieude: 'Cảnh báo lũ quét', tenmuc: 'ban-tin-lũ.mp3', loi: 'Invalid URL', lydo: 'Địa chỉ âm thanh không hợp lệ' }));
    expect((await w.client.get('/v1/client/phatngay/dungphatngay')).status).toBe(200);
    const played = await history(speaker.deviceId, (i) => i.sukien === 'finished');
    expect(played).toContainEqual(expect.objectContaining({ sukien: 'started', tieude: 'Cảnh báo lũ quét', tenmuc: 'ban-tin-lũ.mp3', lydo: null }));
    expect(played).toContainEqual(expect.objectContaining({ sukien: 'finished', tieude: 'Cảnh báo lũ quét', tenmuc: 'ban-tin-lũ.mp3', lydo: 'Dừng theo lệnh từ máy chủ' }));
  });

  it('tells in the device history that a bulletin the server ended at its planned end played in full, not that it was stopped', async () => {
    const w = await signedInAdmin(server);
    // A player that lags the server's clock (mpg123 still draining its buffer): the server's stop at
    // the bulletin's end reaches it before its own end, so it reports 'stopped'.
    class LaggingPlayer extends SilentPlayer {
      override play(...[url, from, duration, signal, kind]: Parameters<SilentPlayer['play']>) {
        return super.play(url, from, duration + 5, signal, kind);
      }
    }
    const [speaker] = await startSpeakers(server, w.client, w.areas.communeA, 1, { agent: () => ({ player: new LaggingPlayer() }) });
    agents.push(speaker);
    // A relay has no end of its own: the server stops the speakers when its 2 s are up.
    const short = { ...relay, thoigianBatdau: 2, thoiluong: 2 };
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [short]));
    expect(res.status).toBe(200);
    const items = await eventually(async () => {
      const list = (await w.client.get(`/v1/client/thietbi/lichsubantin?id=${speaker.deviceId}`)).body.data.items as { sukien: string; lydo: string | null }[];
      return list.some((i) => i.sukien === 'finished') ? list : null;
    }, 10_000);
    expect(items.find((i) => i.sukien === 'finished')?.lydo).toBe('Phát hết');
  });
});
