import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { topics, type Device, type Notification } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';

let server: TestServer;
const links: mqtt.MqttClient[] = [];
beforeAll(async () => {
  server = await startTestServer({ NOTIFY_SWEEP_SECONDS: 0.2, DEVICE_CLOCK_REPORT_SECONDS: 1 });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.endAsync(true).catch(() => undefined)));
  await server.close();
});

/** Issue #28: a speaker that never reports its clock (an older agent) no longer shows "—" for ever. */
describe('a speaker that never reports clock synchronisation', () => {
  it('is shown with a clock fault after it has been online a while, and announced once', async () => {
    const w = await signedInAdmin(server);
    const added = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa đời cũ', diaban: w.areas.communeA, serial: `OLD-${crypto.randomBytes(5).toString('hex')}` });
    expect(added.status).toBe(200);
    const id = added.body.data.thietbi._id as string;
    // An agent from before clock synchronisation: it connects and reports its state, with no clock.
    const link = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.broker.tcpPort}`, {
      clientId: id, username: id, password: added.body.data.secret as string, reconnectPeriod: 0,
      will: { topic: topics.state(id), payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
    });
    links.push(link);
    await link.publishAsync(topics.state(id), JSON.stringify({ online: true, volume: 70, playing: null, firmware: 'loa-agent 0.9' }), { qos: 1, retain: true });

    const device = async () => ((await w.client.get('/v1/client/thietbi/danhsachthietbi?limit=50')).body.data.items as Device[]).find((d) => d._id === id);
    await eventually(async () => (await device())?.trangthai.online, 5000);
    const faulty = await eventually(async () => {
      const d = await device();
      return d?.trangthai.dongho ? d : null;
    }, 8000);
    expect(faulty.trangthai.dongho).toMatchObject({ chatluong: 'khongtincay', loi: 'khongbaocao' });

    const notices = await eventually(async () => {
      const items = (await w.client.get('/v1/client/thongbao/danhsach')).body.data.items as Notification[];
      const mine = items.filter((n) => n.loai === 'thietbi-lechdongho' && n.doituong?.id === id);
      return mine.length > 0 ? mine : null;
    }, 5000);
    expect(notices[0]).toMatchObject({ tieude: 'Đồng hồ thiết bị không tin cậy: Xã A / Loa đời cũ' });
    expect(notices[0].noidung).toContain('không báo đồng bộ đồng hồ');
    await new Promise((r) => setTimeout(r, 800));
    const again = ((await w.client.get('/v1/client/thongbao/danhsach')).body.data.items as Notification[]).filter((n) => n.loai === 'thietbi-lechdongho' && n.doituong?.id === id);
    expect(again).toHaveLength(1);

    // Once it reports a clock (upgraded), the report replaces the fault.
    await link.publishAsync(topics.state(id), JSON.stringify({
      online: true, volume: 70, playing: null, clock: { offset: 3, rtt: 20, jitter: 1, drift: 0, quality: 'good', samples: 8 },
    }), { qos: 1, retain: true });
    const good = await eventually(async () => {
      const d = await device();
      return d?.trangthai.dongho?.chatluong === 'tot' ? d : null;
    }, 5000);
    expect(good.trangthai.dongho?.loi).toBeNull();
  }, 40_000);
});
