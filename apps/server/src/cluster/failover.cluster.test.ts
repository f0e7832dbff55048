import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import mqtt from 'mqtt';
import { EVENTS, MSG, SOURCE_KINDS, vnClock, type DeviceCommand } from '@loa/contract';
import { SilentPlayer, SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, type TestClient } from '../../test/helpers';
import { freePort } from '../../test/mosquitto';
import { REDIS_BIN } from '../../test/redis';
import { startClusterParts, type ClusterParts } from '../../test/cluster';
import { localDate } from '../features/schedules/recurrence';
import { DynsecClient } from '../infra/mosquittoDynsec';
import { cleanupServers, signInSpawned, spawnServer, tempDataDir, type ServerProcess } from '../../test/serverProcess';
import { startHaproxy } from '../../test/haproxy';

/**
 * Issue #11: several servers for one province. Two Loa instances on one PostgreSQL database, one
 * Redis and one Mosquitto with dynamic security; real agents connect through the broker. A session
 * is run by the instance holding its lease (migration 025, playout/leases.ts); the other shows it,
 * stops it through its owner, and takes it over when the owner dies.
 */

let parts: ClusterParts;
let scratch: ClusterParts['scratch'];
let mosquitto: ClusterParts['mosquitto'];
let env: Record<string, string>;
const agents: SpeakerAgent[] = [];
const sockets: Socket[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  parts = await startClusterParts();
  ({ scratch, mosquitto, env } = parts);
});

afterAll(async () => {
  for (const s of sockets) s.close();
  for (const c of cleanups) await c().catch(() => undefined);
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await cleanupServers();
  await parts?.stop();
});

const signIn = signInSpawned;

/** An agent's accepted play commands for a session (the ones it did not ignore), by run start. */
function playsOf(agent: SpeakerAgent) {
  const accepted: { sessionId: string; startAt: number }[] = [];
  const seen = new Map<string, DeviceCommand>();
  agent.on('command', (c) => {
    if (c.type === 'play') seen.set(c.id, c);
  });
  agent.on('ignored', (c) => seen.delete(c.id));
  return {
    accepted,
    /** Accepted plays of a session: each run's start once, however many instances sent it. */
    runs(sessionId: string): number[] {
      return [...seen.values()].filter((c): c is Extract<DeviceCommand, { type: 'play' }> => c.type === 'play' && c.sessionId === sessionId).map((c) => c.startAt);
    },
  };
}

describe('two servers behind HAProxy, one database, one broker, one Redis', () => {
  it('share consoles and speakers, stop each other\'s bulletins, take over a session or the scheduler when a server dies, and outlive a database restart', async () => {
    // Fixed ports for the load balancer's configuration (A comes back on its own).
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await spawnServer({ dataDir: tempDataDir(), env: { ...env, PORT: String(portA) }, startTimeoutMs: 60_000 });
    const b = await spawnServer({ dataDir: tempDataDir(), env: { ...env, PORT: String(portB) }, startTimeoutMs: 60_000 });
    const lb = await startHaproxy([portA, portB]);
    cleanups.push(lb.stop);
    const onA = await signIn(a);
    const onB = await signIn(b);
    // A console behind the load balancer: its requests land on either instance.
    const onLb = await signIn({ url: lb.url } as ServerProcess);
    const district = (await onA.post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện Cụm Máy', cap: 'huyen', idcha: null })).body.data._id as string;
    const commune = (await onA.post('/v1/client/diaban/themmoi', { tendiaban: 'Xã Dự Phòng', cap: 'xa', idcha: district })).body.data._id as string;
    const plays: ReturnType<typeof playsOf>[] = [];
    for (let i = 0; i < 3; i += 1) {
      const device = (await (i % 2 === 0 ? onA : onB).post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa cụm ${i}`, diaban: commune, serial: `CL-${crypto.randomBytes(6).toString('hex')}` })).body.data;
      const agent = new SpeakerAgent({ mqttUrl: mosquitto.url, deviceId: device.thietbi._id, secret: device.secret, player: new SilentPlayer(), reconnectBaseMs: 200 });
      agents.push(agent);
      plays.push(playsOf(agent));
      await agent.start();
    }
    await eventually(() => agents.every((x) => x.areas.length > 0), 20_000);

    // A console on B hears what is started through A.
    const socket = connectSocket(b.url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie: onB.cookieHeader, origin: b.url } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject));
    const heardOnB: { trangthai: boolean; idlichphat: string }[] = [];
    socket.on(EVENTS.playState, (p: { trangthai: boolean; idlichphat: string }) => heardOnB.push(p));
    // And one through the load balancer (a WebSocket through HAProxy, to whichever instance).
    const viaLb = connectSocket(lb.url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { cookie: onLb.cookieHeader, origin: lb.url } });
    sockets.push(viaLb);
    await new Promise<void>((resolve, reject) => viaLb.once('connect', () => resolve()).once('connect_error', reject));
    const heardViaLb: { trangthai: boolean; idlichphat: string }[] = [];
    viaLb.on(EVENTS.playState, (p: { trangthai: boolean; idlichphat: string }) => heardViaLb.push(p));

    const relay = (seconds: number) => [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 0, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds }];
    const first = await onA.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Bản tin qua máy A', loaibantin: 1, uutien: 1, diabanchon: [commune], thietbichon: ['tatca'], kieulaplai: 0 }, relay(600)));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstId = first.body.data.idlichphat as string;
    await eventually(() => agents.every((x) => x.playing?.sessionId === firstId), 10_000);
    await eventually(() => heardOnB.some((p) => p.trangthai && p.idlichphat === firstId), 10_000);
    await eventually(() => heardViaLb.some((p) => p.trangthai && p.idlichphat === firstId), 10_000);
    // B's live panel shows it too (run by A), within a lease tick.
    await eventually(async () => ((await onB.get('/v1/client/lichphat/lichphatdangphat')).body.data as { idlichphat: string }[] | undefined)?.some((l) => l.idlichphat === firstId), 5000);

    // Stopped through B: A, which runs it, ends it within a tick.
    const stopAt = Date.now();
    const stopped = await onB.post('/v1/client/lichphat/dungkhancap', { id: firstId });
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    await eventually(() => agents.every((x) => x.playing === null), 5000);
    expect(Date.now() - stopAt).toBeLessThan(3000);
    await eventually(() => heardOnB.some((p) => !p.trangthai && p.idlichphat === firstId), 5000);

    // A bulletin of two 8-second runs, started through A; A dies in the first run.
    const second = await onA.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Bản tin lặp', loaibantin: 1, uutien: 1, diabanchon: [commune], thietbichon: ['tatca'], kieulaplai: 1, solanlaplai: 1 }, relay(8)));
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const secondId = second.body.data.idlichphat as string;
    await eventually(() => agents.every((x) => x.playing?.sessionId === secondId), 10_000);
    const [{ owner: ownerBefore }] = await scratch.query<{ owner: string | null }>('SELECT owner FROM broadcasts WHERE id = $1', [secondId]);
    await a.kill9();
    const killedAt = Date.now();
    // B claims it within 5 s of the death; the speakers play on meanwhile.
    const [{ owner: ownerAfter }] = await eventually(async () => {
      const rows = await scratch.query<{ owner: string | null }>('SELECT owner FROM broadcasts WHERE id = $1', [secondId]);
      return rows[0].owner && rows[0].owner !== ownerBefore ? rows : null;
    }, 10_000, 100);
    const takenOverMs = Date.now() - killedAt;
    console.log(`session taken over ${takenOverMs} ms after its server was killed`);
    expect(takenOverMs).toBeLessThan(5000);
    expect(ownerAfter).not.toBe(ownerBefore);
    // The repeat still happens (sent by B), once; each speaker starts each of the two runs once.
    await eventually(() => plays.every((p) => p.runs(secondId).length === 2), 15_000, 100);
    for (const p of plays) {
      const runs = p.runs(secondId);
      expect(new Set(runs).size).toBe(2);
      expect(runs[1] - runs[0]).toBe(8000);
    }
    // Stop still works, through the load balancer (which has taken A out), once the second run is on
    // air (its play command goes out ahead of its start: stopped before, it is stopped in the first run).
    await eventually(async () => (await scratch.query<{ run_index: number }>('SELECT run_index FROM broadcasts WHERE id = $1', [secondId]))[0].run_index === 1, 10_000, 100);
    const stop2 = await onLb.post('/v1/client/lichphat/dungkhancap', { id: secondId });
    expect(stop2.status, JSON.stringify(stop2.body)).toBe(200);
    await eventually(() => agents.every((x) => x.playing === null), 5000);
    const [row] = await scratch.query<{ status: string; run_index: number }>('SELECT status, run_index FROM broadcasts WHERE id = $1', [secondId]);
    expect(row).toEqual({ status: 'stopped', run_index: 1 });

    // A comes back as a follower; B leads the scheduler. B dies 6 s before an occurrence: A fires it on time.
    const a2 = await spawnServer({ dataDir: tempDataDir(), env: { ...env, PORT: String(portA) }, startTimeoutMs: 60_000 });
    const onA2 = await signIn(a2);
    const cluster = async (c: TestClient) => (await c.get('/v1/client/hethong/suckhoe')).body.data.cum as { maychu: string; dieuphoilich: boolean };
    await eventually(async () => (await cluster(onB)).dieuphoilich && !(await cluster(onA2)).dieuphoilich, 10_000);
    const planned = Math.ceil((Date.now() + 14_000) / 1000) * 1000;
    const created = await onA2.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Bản tin theo lịch', nguonphat: relay(5), diabanchon: [commune], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangtuan',
      thutrongtuan: [0, 1, 2, 3, 4, 5, 6], ngaybatdau: localDate(planned), ngayketthuc: localDate(planned + 86_400_000), giophat: [vnClock(planned)],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const scheduleId = created.body.data._id as string;
    const received: { at: number; startAt: number; sessionId: string }[] = [];
    agents[0].on('command', (c) => {
      if (c.type === 'play' && c.title === 'Bản tin theo lịch') received.push({ at: Date.now(), startAt: c.startAt, sessionId: c.sessionId });
    });
    await new Promise((r) => setTimeout(r, planned - 6000 - Date.now()));
    await b.kill9();
    await eventually(async () => (await cluster(onA2)).dieuphoilich, 4000, 100);
    await eventually(() => received.length > 0 && agents.every((x) => x.playing?.sessionId === received[0].sessionId), planned - Date.now() + 3000, 50);
    // Fired for its planned second (speakers start on it together), its command out before it.
    expect(received[0].startAt).toBe(planned);
    expect(received[0].at).toBeLessThan(planned + 500);
    const fired = await scratch.query<{ status: string }>('SELECT status FROM schedule_runs WHERE schedule_id = $1', [scheduleId]);
    expect(fired).toEqual([{ status: 'fired' }]);

    // PostgreSQL drops every connection and refuses new ones for 3 s: A carries on without a restart.
    await scratch.terminateBackends();
    await scratch.allowConnections(false);
    await new Promise((r) => setTimeout(r, 3000));
    await scratch.allowConnections(true);
    const backAt = Date.now();
    const after = await eventually(async () => {
      const res = await onA2.post('/v1/client/phatngay/phatngay', broadcastForm(
        { tieude: 'Sau khi cơ sở dữ liệu trở lại', loaibantin: 1, uutien: 1, diabanchon: [commune], thietbichon: ['tatca'], kieulaplai: 0 }, relay(600)));
      return res.status === 200 ? res : null;
    }, 20_000, 500);
    const afterId = after.body.data.idlichphat as string;
    console.log(`a bulletin accepted ${Date.now() - backAt} ms after PostgreSQL took connections again`);
    await eventually(() => agents.every((x) => x.playing?.sessionId === afterId), 10_000);
    await eventually(async () => (await cluster(onA2)).dieuphoilich, 10_000, 200);
    expect((await onA2.post('/v1/client/lichphat/dungkhancap', { id: afterId })).status).toBe(200);
    await eventually(() => agents.every((x) => x.playing === null), 5000);
    await a2.stop();
  });

  it('waits in standby, saying why, while the broker refuses its credentials, and serves once they are accepted', async () => {
    const late = { username: `loa-late-${crypto.randomBytes(3).toString('hex')}`, password: crypto.randomBytes(9).toString('hex') };
    const refusedUrl = `mqtt://${late.username}:${late.password}@127.0.0.1:${mosquitto.port}`;
    const server = await spawnServer({ dataDir: tempDataDir(), env: { ...env, MQTT_URL: refusedUrl }, startTimeoutMs: 60_000 });
    const health = async () => {
      // While it moves from standby to serving, the address refuses for a moment.
      const res = await fetch(`${server.url}/v1/health`).catch(() => null);
      return res ? { status: res.status, body: (await res.json()) as { status: string; message?: string } } : { status: 0, body: { status: 'no-answer' } };
    };
    expect(await health()).toEqual({ status: 503, body: { status: 'broker_refused', message: MSG.brokerRefused } });
    expect(server.output()).toMatch(/refused the server's credentials/);
    expect(server.alive()).toBe(true);
    // The broker's operator gives that account the admin role: the next attempt (within 10 s) serves, on the same address.
    const adminClient = await mqtt.connectAsync(mosquitto.adminUrl, { protocolVersion: 4 });
    try {
      const dynsec = new DynsecClient(adminClient);
      await dynsec.start();
      await dynsec.run([
        { command: 'createClient', username: late.username, password: late.password },
        { command: 'addClientRole', username: late.username, rolename: 'admin' },
      ]);
    } finally {
      await adminClient.endAsync();
    }
    await eventually(async () => (await health()).status === 200, 20_000, 500).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${server.output()}`);
    });
    expect((await signIn(server)).cookieHeader).toContain('=');
    await server.stop();
  });

  it('says so in its health while Redis is away, keeps serving, and recovers when it is back', async () => {
    const port = await freePort();
    const startOwnRedis = () => spawn(REDIS_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    let own: ChildProcess = startOwnRedis();
    const stopOwn = async () => {
      if (own.exitCode !== null || own.signalCode !== null) return;
      const exited = new Promise((resolve) => own.once('exit', resolve));
      own.kill('SIGKILL');
      await exited;
    };
    try {
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}`).catch((e: { cause?: { code?: string } }) => e.cause?.code)) !== 'ECONNREFUSED', 5000, 50);
      const server = await spawnServer({ dataDir: tempDataDir(), env: { ...env, REDIS_URL: `redis://127.0.0.1:${port}` }, startTimeoutMs: 60_000 });
      const health = async () => (await (await fetch(`${server.url}/v1/health`)).json()) as { status: string; canhbao?: string[] };
      expect(await health()).toEqual({ status: 'ok' });
      await stopOwn();
      await eventually(async () => (await health()).canhbao?.includes('redis_unreachable'), 10_000, 200);
      // And says so in its log (written by the connection's own handler, which may come after the health's check).
      await eventually(() => /redis unreachable/.test(server.output()), 10_000, 100).catch(() => expect(server.output()).toMatch(/redis unreachable/));
      // Still serving: a console signs in and reads.
      const client = await signIn(server);
      expect((await client.get('/v1/client/diaban')).status).toBe(200);
      own = startOwnRedis();
      await eventually(async () => (await health()).canhbao === undefined, 20_000, 200);
      expect(server.alive()).toBe(true);
      await server.stop();
    } finally {
      await stopOwn();
    }
  });
});
