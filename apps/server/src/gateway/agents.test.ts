import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ConnectionRefusedError, SpeakerAgent } from '@loa/speaker';
import { EVENTS, type DeviceStatusEvent } from '@loa/contract';
import { eventually, signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';

const mosquittoUp = await new Promise<boolean>((resolve) => {
  const s = net.connect(1883, '127.0.0.1');
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});

const agents: SpeakerAgent[] = [];
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
});

/** The same behaviour, whichever broker carries the devices. */
function suite(name: string, options: { external: boolean }) {
  describe(name, () => {
    let server: TestServer;
    const mqttUrl = () => (options.external ? 'mqtt://127.0.0.1:1883' : `mqtt://127.0.0.1:${server.app.broker.tcpPort}`);
    const agent = (id: string, secret: string) => {
      const a = new SpeakerAgent({ mqttUrl: mqttUrl(), deviceId: id, secret, fetchAudio: false, reconnectBaseMs: 60_000 });
      agents.push(a);
      return a;
    };

    it('starts', async () => {
      server = await startTestServer({ DEVICE_SILENCE_SECONDS: 3, ...(options.external ? { MQTT_URL: 'mqtt://127.0.0.1:1883' } : {}) });
    });
    afterAll(() => server?.close());

    it('a real speaker agent is online in the console within 1 s and offline when it dies', async () => {
      const admin = await signedInAdmin(server);
      const created = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa thật', diaban: admin.areas.communeB, serial: `AG-${Date.now()}-${options.external}` })).body.data;
      const socket = await admin.client.socket();
      const seen: DeviceStatusEvent = [];
      socket.on(EVENTS.deviceStatus, (batch) => seen.push(...batch));

      const speaker = agent(created.thietbi._id, created.secret);
      const started = Date.now();
      await speaker.start();
      await eventually(() => seen.find((s) => s._id === created.thietbi._id && s.trangthai.online), 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(speaker.areas).toEqual([admin.areas.district, admin.areas.communeB]);

      speaker.kill();
      await eventually(() => seen.find((s) => s._id === created.thietbi._id && !s.trangthai.online), 5000);
      socket.close();
    });

    it('a volume set in the console reaches the agent', async () => {
      const admin = await signedInAdmin(server);
      const created = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa âm lượng', diaban: admin.areas.communeA, serial: `VOL-${Date.now()}-${options.external}` })).body.data;
      const speaker = agent(created.thietbi._id, created.secret);
      await speaker.start();
      await admin.client.post('/v1/client/thietbi/dieukhien', { id: created.thietbi._id, lenh: 'amluong', amluong: 42 });
      await eventually(() => speaker.volume === 42, 3000);
      await eventually(async () => (await admin.client.get(`/v1/client/thietbi/thongtin?id=${created.thietbi._id}`)).body.data.trangthai.amluong === 42, 3000);
    });

    it.runIf(!options.external)('refuses an agent with a wrong secret', async () => {
      const admin = await signedInAdmin(server);
      const created = (await admin.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa giả', diaban: admin.areas.communeA, serial: `BAD-${Date.now()}` })).body.data;
      await expect(agent(created.thietbi._id, `${created.secret}x`).start()).rejects.toBeInstanceOf(ConnectionRefusedError);
    });
  });
}

suite('speaker agents on the embedded broker', { external: false });
// The machine's Mosquitto allows anonymous clients, so credentials there are the broker's own
// configuration (docs/deployment.md); presence and commands are what Loa itself must get right.
describe.runIf(mosquittoUp)('external broker', () => suite('speaker agents on Mosquitto', { external: true }));
