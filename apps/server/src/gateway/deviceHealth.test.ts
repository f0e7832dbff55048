import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { topics, type Device, type DeviceHealth, type Notification } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';
import { DEFAULT_HEALTH_THRESHOLDS, healthFaults } from './deviceHealth';

/*
 * Issue #31 item 4: a box's health (CPU temperature, disk, memory, modem) reported with its state
 * over the real broker; the server keeps the latest, the device list shows it, and a threshold
 * crossed raises one device-fault notification per episode.
 */
let server: TestServer;
const clients: MqttClient[] = [];
beforeAll(async () => {
  // Thresholds from the configuration: 75 °C here (the default is 80).
  server = await startTestServer({ NOTIFY_SWEEP_SECONDS: 0.1, DEVICE_HEALTH_TEMP_MAX_C: 75 });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
  await server.close();
});

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

async function connectBox(w: Admin, name: string) {
  const res = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: name, diaban: w.areas.communeA, serial: `HB-${Math.random().toString(36).slice(2)}` });
  const id = res.body.data.thietbi._id as string;
  const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.app.broker.tcpPort}`, {
    clientId: id, username: id, password: res.body.data.secret as string, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 3000,
  });
  c.on('error', () => undefined);
  clients.push(c);
  const report = (health: DeviceHealth) => c.publishAsync(topics.state(id), JSON.stringify({ online: true, volume: 70, playing: null, health }), { qos: 0, retain: true });
  return { id, report };
}

const healthNotices = async (w: Admin, id: string) => ((await w.client.get('/v1/client/thongbao/danhsach')).body.data.items as Notification[])
  .filter((n) => n.loai === 'thietbi-suckhoe' && n.doituong?.id === id);
const shown = async (w: Admin, id: string) => ((await w.client.get('/v1/client/thietbi/danhsachthietbi?limit=50')).body.data.items as Device[]).find((d) => d._id === id);
const notices = (id: string) => server.db.query<{ fault: string }>('SELECT fault FROM device_health_notices WHERE device_id = $1 ORDER BY fault', [id]);

const cool: DeviceHealth = { cpuTemp: 52.5, diskFreePercent: 63.2, diskFreeBytes: 9_000_000_000, memFreePercent: 41, memFreeBytes: 400_000_000, uptime: 86_400, agentVersion: '0.1.0', modem: { signal: 71, operator: 'Viettel', technology: 'lte' } };

describe('box health', () => {
  it('judges a reading against the thresholds (defaults: 80 °C, disk free < 10 %, memory free < 5 %)', () => {
    expect(DEFAULT_HEALTH_THRESHOLDS).toEqual({ tempMaxC: 80, diskFreeMinPercent: 10, memFreeMinPercent: 5 });
    expect(healthFaults(cool, DEFAULT_HEALTH_THRESHOLDS)).toEqual([]);
    expect(healthFaults({ cpuTemp: 80, diskFreePercent: 9.9, memFreePercent: 4.9 }, DEFAULT_HEALTH_THRESHOLDS)).toEqual(['nhietdo', 'odia', 'bonho']);
    expect(healthFaults({ cpuTemp: 79.9, diskFreePercent: 10, memFreePercent: 5 }, DEFAULT_HEALTH_THRESHOLDS)).toEqual([]);
    // What a box does not report is no fault.
    expect(healthFaults({ agentVersion: '0.1.0' }, DEFAULT_HEALTH_THRESHOLDS)).toEqual([]);
  });

  it('keeps the latest reading, shows it, and a hot box raises one notification for the episode, cleared when it cools', async () => {
    const w = await signedInAdmin(server);
    const box = await connectBox(w, 'Loa nóng');
    await box.report(cool);
    const first = await eventually(async () => (await shown(w, box.id))?.trangthai.suckhoe ?? null);
    expect(first).toMatchObject({ nhietdo: 52.5, odiatrong: 63.2, bonhotrong: 41, thoigianchay: 86_400, phienban: '0.1.0', tinhieumodem: 71, nhamang: 'Viettel', canhbao: [] });
    // Kept in the database (the latest: a restart shows it).
    await eventually(async () => (await server.db.query<{ health: { cpuTemp?: number } | null }>('SELECT health FROM devices WHERE id = $1', [box.id]))[0].health?.cpuTemp === 52.5);

    // 76 °C crosses the configured 75 °C.
    await box.report({ ...cool, cpuTemp: 76 });
    const raised = await eventually(async () => {
      const mine = await healthNotices(w, box.id);
      return mine.length > 0 ? mine : null;
    });
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ tieude: 'Nhiệt độ CPU quá cao: Xã A / Loa nóng', lienket: `/quan-ly-thiet-bi?id=${box.id}` });
    expect(raised[0].noidung).toContain('76 °C');
    expect((await shown(w, box.id))?.trangthai.suckhoe?.canhbao).toEqual(['nhietdo']);

    // Still hot, report after report: no second notification.
    for (const t of [77, 78.5, 77.2]) await box.report({ ...cool, cpuTemp: t });
    await eventually(async () => (await server.db.query<{ t: number }>("SELECT (health->>'cpuTemp')::real AS t FROM devices WHERE id = $1", [box.id]))[0].t === 77.2);
    // A sweep has run since (it told of another box that got hot after): still one notification.
    const canary = await connectBox(w, 'Loa khác');
    await canary.report({ ...cool, diskFreePercent: 2 });
    await eventually(async () => (await healthNotices(w, canary.id)).length === 1);
    expect(await healthNotices(w, box.id)).toHaveLength(1);

    // It cools: the episode is over (the notice is forgotten), the console shows no fault.
    await box.report(cool);
    await eventually(async () => (await notices(box.id)).length === 0);
    expect((await shown(w, box.id))?.trangthai.suckhoe?.canhbao).toEqual([]);
    // Hot again later: a new episode, told again.
    await box.report({ ...cool, cpuTemp: 90, memFreePercent: 3 });
    await eventually(async () => (await healthNotices(w, box.id)).length === 3);
    expect((await healthNotices(w, box.id)).map((n) => n.tieude).sort()).toEqual([
      'Bộ nhớ sắp hết: Xã A / Loa nóng', 'Nhiệt độ CPU quá cao: Xã A / Loa nóng', 'Nhiệt độ CPU quá cao: Xã A / Loa nóng',
    ]);
  });
});
