import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS } from '@loa/contract';
import { startFleet, type Fleet } from '@loa/speaker';
import { broadcastForm, eventually } from '../../test/helpers';
import { startClusterParts, type ClusterParts } from '../../test/cluster';
import { cleanupServers, signInSpawned, spawnServer, tempDataDir } from '../../test/serverProcess';

/**
 * Issue #11: the broker of a province restarts under 2,000 speakers and two Loa servers. Every
 * speaker is back within 60 s, and an emergency sent during the reconnect storm reaches every
 * speaker connected when it was sent (and the others as they come back).
 */

const SPEAKERS = Number(process.env.LOA_STORM_SPEAKERS ?? 2000);
let parts: ClusterParts;
let fleet: Fleet | null = null;

beforeAll(async () => {
  parts = await startClusterParts({ RATE_LIMIT_PER_MINUTE: '10000000', LOG_LEVEL: 'error' });
});

afterAll(async () => {
  await fleet?.stop();
  await cleanupServers();
  await parts?.stop();
});

describe('a broker restart under the speakers of a province', () => {
  it(`brings all ${SPEAKERS} speakers back within 60 s, and an emergency sent meanwhile reaches every speaker connected by then`, async () => {
    const { env, mosquitto } = parts;
    const t0 = Date.now();
    const a = await spawnServer({ dataDir: tempDataDir(), env, startTimeoutMs: 60_000 });
    const b = await spawnServer({ dataDir: tempDataDir(), env, startTimeoutMs: 60_000 });
    const clients = [await signInSpawned(a), await signInSpawned(b)];
    const district = (await clients[0].post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện Bão Kết Nối', cap: 'huyen', idcha: null })).body.data._id as string;
    const communes: string[] = [];
    for (let i = 0; i < 10; i += 1) communes.push((await clients[i % 2].post('/v1/client/diaban/themmoi', { tendiaban: `Xã Bão ${i + 1}`, cap: 'xa', idcha: district })).body.data._id as string);
    // Registered through both servers, 16 at a time (each one is an account on the broker too).
    const devices: { id: string; secret: string }[] = new Array(SPEAKERS);
    let next = 0;
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (next < SPEAKERS) {
        const i = next++;
        const res = await clients[i % 2].post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa bão ${i}`, diaban: communes[i % communes.length], serial: `ST-${i}-${crypto.randomBytes(4).toString('hex')}` });
        if (res.status !== 200) throw new Error(`device ${i}: ${res.status} ${JSON.stringify(res.body)}`);
        devices[i] = { id: res.body.data.thietbi._id, secret: res.body.data.secret };
      }
    }));
    const registeredAt = Date.now();
    fleet = await startFleet({ mqttUrl: mosquitto.url, devices, concurrency: 200 });
    await eventually(() => fleet!.connectedCount() === SPEAKERS, 120_000, 500);
    console.log(`servers and ${SPEAKERS} devices registered in ${((registeredAt - t0) / 1000).toFixed(1)} s, connected in ${((Date.now() - registeredAt) / 1000).toFixed(1)} s`);

    const restartedAt = Date.now();
    await mosquitto.restart();
    // Three seconds into the storm, an emergency to the whole district, through A.
    await new Promise((r) => setTimeout(r, 3000));
    const sent = await clients[0].post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Khẩn cấp giữa cơn kết nối lại', loaibantin: 1, uutien: 1, diabanchon: [district], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 0, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 600 }],
    ));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const bulletin = sent.body.data.idlichphat as string;
    const connectedWhenSent = fleet.agents.filter((agent) => agent.connected);
    await eventually(() => fleet!.connectedCount() === SPEAKERS, 60_000 - (Date.now() - restartedAt), 250);
    const backWithin = Date.now() - restartedAt;
    expect(backWithin).toBeLessThan(60_000);
    // Those connected when it was sent play it within seconds, and the others join as they come back.
    await eventually(() => connectedWhenSent.every((agent) => agent.playing?.sessionId === bulletin), 10_000, 250);
    await eventually(() => fleet!.agents.every((agent) => agent.playing?.sessionId === bulletin), 20_000, 250);
    console.log(`broker restart: ${SPEAKERS} speakers back in ${(backWithin / 1000).toFixed(1)} s; ${connectedWhenSent.length} were connected when the emergency went out`);
    expect((await clients[1].post('/v1/client/lichphat/dungkhancap', { id: bulletin })).status).toBe(200);
    await eventually(() => fleet!.agents.every((agent) => agent.playing === null), 15_000, 250);
    // Registering 2,000 broker accounts is most of the run: Mosquitto's dynamic security rewrites its
    // file after each one, 1 minute here and over 4 on CI's disk (the tier's 4-minute default cut it
    // there). What is measured, the storm, keeps its own 60 s limit above.
  }, 600_000);
});
