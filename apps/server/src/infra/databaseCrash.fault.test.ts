import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS } from '@loa/contract';
import { SilentPlayer, SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, TestClient } from '../../test/helpers';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratchDatabase';
import { cleanupServers, faultPostgresUrl, signInSpawned, spawnServer, tempDataDir } from '../../test/serverProcess';

// The fault tier: the real server as a child process, killed with -9 mid-bulletin and mid-write and
// cut off from PostgreSQL under load. What a client was told succeeded (a 200) must survive it all.

const pgUrl = faultPostgresUrl();
const agents: SpeakerAgent[] = [];
const scratches: ScratchDatabase[] = [];

afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await cleanupServers();
  await Promise.all(scratches.map((s) => s.drop().catch(() => undefined)));
});

const signIn = signInSpawned;

/**
 * Concurrent area creations until stopped: the ids answered 200, and every status seen. A request
 * cut by the server's death is neither (its outcome is unknown to the client, so nothing is owed).
 */
function writeLoad(client: () => TestClient, parentId: string, writers = 3) {
  const acked: string[] = [];
  const statuses = new Map<number, number>();
  let stopped = false;
  const loops = Array.from({ length: writers }, async (_, w) => {
    for (let i = 0; !stopped; i += 1) {
      try {
        const res = await client().post('/v1/client/diaban/themmoi', { tendiaban: `Xã ${w}-${i}-${crypto.randomBytes(2).toString('hex')}`, cap: 'xa', idcha: parentId });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) acked.push(res.body.data._id as string);
      } catch {
        await new Promise((r) => setTimeout(r, 50)); // the server is gone: connection refused or reset
      }
    }
  });
  return { acked, statuses, stop: async () => { stopped = true; await Promise.all(loops); } };
}

/** Every acknowledged area is there after the restart, and so is its system-log entry. */
async function expectKept(client: TestClient, acked: string[]): Promise<void> {
  const areas = (await client.get('/v1/client/diaban')).body.data as { _id: string }[];
  const have = new Set(areas.map((a) => a._id));
  expect(acked.filter((id) => !have.has(id))).toEqual([]);
  let log = '';
  for (let cursor: string | null = null, pages = 0; pages < 50; pages += 1) {
    const page: { items: unknown[]; tieptheo: string | null } = (await client.get(`/v1/client/nhatky?sodong=500${cursor ? `&sau=${cursor}` : ''}`)).body.data;
    log += JSON.stringify(page.items);
    cursor = page.tieptheo;
    if (!cursor) break;
  }
  expect(acked.filter((id) => !log.includes(id))).toEqual([]);
}

const databases: ('pglite' | 'postgres')[] = pgUrl ? ['pglite', 'postgres'] : ['pglite'];
// Each test starts the server twice; a loaded machine needs the time (the tier's own budget is about 3 minutes).

describe.each(databases)('kill -9 on %s', (kind) => {
  it('keeps every acknowledged write with its system-log entry, and the running bulletin goes on after the restart', async () => {
    const dataDir = tempDataDir();
    const env: Record<string, string> = { RATE_LIMIT_PER_MINUTE: '100000' };
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase(pgUrl!);
      scratches.push(scratch);
      env.DATABASE_URL = scratch.url;
    }
    let server = await spawnServer({ dataDir, env });
    let client = await signIn(server);
    const district = (await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện chịu lỗi', cap: 'huyen', idcha: null })).body.data._id as string;
    const device = (await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa chịu lỗi', diaban: district, serial: `SP-${crypto.randomBytes(6).toString('hex')}` })).body.data;
    const speaker = (mqttPort: number) => new SpeakerAgent({ mqttUrl: `mqtt://127.0.0.1:${mqttPort}`, deviceId: device.thietbi._id, secret: device.secret, player: new SilentPlayer(), reconnectBaseMs: 200 });
    const first = speaker(server.mqttPort);
    agents.push(first);
    await first.start();
    await eventually(() => first.areas.length > 0, 10_000);

    const started = await client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Bản tin trước sự cố', loaibantin: 1, uutien: 1, diabanchon: [district], thietbichon: ['tatca'], kieulaplai: 0 },
      [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 600, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 600 }],
    ));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const bulletin = started.body.data.idlichphat as string;
    await eventually(() => first.playing?.sessionId === bulletin, 10_000);

    // Writes in flight when the process dies.
    const load = writeLoad(() => client, district);
    await eventually(() => load.acked.length >= 15, 60_000, 20);
    await server.kill9();
    await load.stop();
    await first.stop();
    expect([...load.statuses.keys()].filter((s) => s !== 200)).toEqual([]);

    server = await spawnServer({ dataDir, env });
    client = await signIn(server);
    await expectKept(client, load.acked);
    // The bulletin is picked up again: listed as running, and a speaker that reconnects plays it.
    const live = (await client.get('/v1/client/lichphat/lichphatdangphat')).body.data as { idlichphat: string }[];
    expect(live.map((b) => b.idlichphat)).toContain(bulletin);
    const again = speaker(server.mqttPort);
    agents.push(again);
    await again.start();
    await eventually(() => again.playing?.sessionId === bulletin, 10_000);
    expect((await client.post('/v1/client/lichphat/dungkhancap', { id: bulletin })).status).toBe(200);
    await again.stop();
    await server.stop();
  }, 600_000);
});

describe.runIf(pgUrl)('PostgreSQL connections terminated under load', () => {
  it('keeps the process up, answers 503 at worst, and loses no acknowledged write across a restart', async () => {
    const scratch = await createScratchDatabase(pgUrl!);
    scratches.push(scratch);
    const dataDir = tempDataDir();
    const env = { DATABASE_URL: scratch.url, RATE_LIMIT_PER_MINUTE: '100000', DB_CONNECT_TIMEOUT_SECONDS: '2' };
    let server = await spawnServer({ dataDir, env });
    let client = await signIn(server);
    const district = (await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện mất kết nối', cap: 'huyen', idcha: null })).body.data._id as string;

    const load = writeLoad(() => client, district);
    await eventually(() => load.acked.length >= 5, 30_000, 20);
    // Every connection of the server ended, again and again, while it serves.
    for (let round = 0; round < 8; round += 1) {
      await scratch.terminateBackends();
      await new Promise((r) => setTimeout(r, 300));
      expect(server.alive(), server.output()).toBe(true);
    }
    // It answers again once left alone.
    const before = load.acked.length;
    await eventually(() => load.acked.length > before + 3, 20_000, 50);
    expect(server.alive(), server.output()).toBe(true);
    // Then killed under that load, and restarted.
    await server.kill9();
    await load.stop();
    // Nothing but successes and retryable 503s: never a 500.
    expect([...load.statuses.keys()].filter((s) => s !== 200 && s !== 503)).toEqual([]);

    server = await spawnServer({ dataDir, env });
    client = await signIn(server);
    await expectKept(client, load.acked);
    const after = await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Xã sau khi khởi động lại', cap: 'xa', idcha: district });
    expect(after.status).toBe(200);
    await server.stop();
  }, 600_000);
});
