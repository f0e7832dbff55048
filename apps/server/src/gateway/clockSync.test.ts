import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import mqtt from 'mqtt';
import { CLOCK_SYNC, SOURCE_KINDS, topics, type Device, type Notification } from '@loa/contract';
import { skewedClock, type SpeakerAgent } from '@loa/speaker';
import { NotingPlayer, startsSeen } from '../../../speaker/src/testing/notingPlayer';
import { broadcastForm, eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../test/helpers';

let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer({ NOTIFY_SWEEP_SECONDS: 0.2 });
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const info = (areas: string[]) => ({ tieude: 'Cảnh báo lũ', loaibantin: 2, uutien: 1, diabanchon: areas, thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 });
const relay = (seconds: number) => ({ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds });
/**
 * A real slow link: a TCP relay in front of the broker that holds every chunk it forwards for
 * `base` + [0, `jitter`) ms, each direction in order (as a queue on a slow radio link does). The
 * kernel here has no netem (tc's delay qdisc), so the delay is made in user space, on real sockets.
 */
async function slowLink(targetPort: number, base: number, jitter: number): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  // One queue per direction, drained in order by one timer at a time: timers due in the same
  // millisecond may fire in any order, and a broker writes a packet in several small pieces.
  const pipe = (from: net.Socket, to: net.Socket) => {
    const queue: { at: number; chunk: Buffer }[] = [];
    let timer: NodeJS.Timeout | null = null;
    let ended = false;
    const pump = () => {
      timer = null;
      while (queue.length > 0 && queue[0].at <= Date.now()) {
        const { chunk } = queue.shift()!;
        if (to.writable) to.write(chunk);
      }
      if (queue.length > 0) timer = setTimeout(pump, queue[0].at - Date.now());
      else if (ended) to.destroy();
    };
    from.on('data', (chunk) => {
      const last = queue.at(-1)?.at ?? 0;
      queue.push({ at: Math.max(last, Date.now() + base + Math.random() * jitter), chunk });
      if (!timer) timer = setTimeout(pump, queue[0].at - Date.now());
    });
    from.on('close', () => {
      ended = true;
      if (!timer) to.destroy();
    });
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

/** A link that adds 0–60 ms to every message, each way, drawn anew each time. */
const jitter = () => Math.random() * 60;

describe('speakers in step (clock synchronisation through the real broker)', () => {
  it('starts speakers whose clocks are up to 30 s wrong, on jittery links, within 50 ms of each other', async () => {
    const w = await signedInAdmin(server);
    const errors = [0, 30_000, -30_000, 7_321, -1_250];
    const players = errors.map(() => new NotingPlayer());
    const speakers = await startSpeakers(server, w.client, w.areas.communeA, errors.length, {
      agent: (i) => ({ player: players[i], clock: skewedClock(errors[i]), ...(i >= 2 ? { simulatedLatency: jitter } : {}) }),
    });
    agents.push(...speakers);
    await eventually(() => speakers.every((s) => s.clock.status().samples >= CLOCK_SYNC.burst), 8000);
    // Each one found its own error (the offset it adds is minus the error), the jittery ones within their jitter.
    speakers.forEach((s, i) => expect(Math.abs(s.clock.status().offset + errors[i])).toBeLessThan(i >= 2 ? 35 : 5));

    // What each speaker tells the server as it starts.
    const started = new Map<string, number>();
    for (const s of speakers) s.on('event', (e) => e.type === 'started' && !started.has(s.deviceId) && started.set(s.deviceId, e.position ?? -1));
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [relay(10)]));
    expect(res.status).toBe(200);
    const [{ run_started_at: startAt }] = await server.db.query<{ run_started_at: Date }>('SELECT run_started_at FROM broadcasts WHERE id = $1', [res.body.data.idlichphat]);
    await eventually(() => started.size === speakers.length, 4000);
    // In step as a listener hears it: the true instant each speaker's audio was at the item's top
    // (this machine's clock is the server's; NotingPlayer.top), whenever its code ran.
    const tops = players.map((p) => p.top!);
    const seen = startsSeen(players);
    expect(Math.max(...tops) - Math.min(...tops), seen).toBeLessThanOrEqual(50);
    // They had the command before its start: each began at the top, at the planned instant, and said so.
    speakers.forEach((s, i) => {
      expect(Math.abs(tops[i] - startAt.getTime()), seen).toBeLessThanOrEqual(50);
      expect(players[i].first!.from, seen).toBeLessThan(1);
      expect(Math.abs(started.get(s.deviceId)! - players[i].first!.from), seen).toBeLessThanOrEqual(0.05 + 1e-9);
    });
    await w.client.get('/v1/client/phatngay/dungphatngay');

    // The API shows each speaker's clock: the one 30 s fast adds −30 s, well synchronised.
    const list = (await w.client.get('/v1/client/thietbi/danhsachthietbi?limit=50')).body.data.items as Device[];
    await eventually(async () => {
      const items = (await w.client.get('/v1/client/thietbi/danhsachthietbi?limit=50')).body.data.items as Device[];
      const fast = items.find((d) => d._id === speakers[1].deviceId)?.trangthai.dongho;
      return fast && Math.abs(fast.lech + 30_000) < 5 && fast.chatluong === 'tot';
    }, 25_000);
    expect(list.length).toBeGreaterThan(0);
  }, 40_000);

  it('starts a speaker 30 s wrong behind a real slow, jittery link (60–100 ms each way) in step with one on a fast link', async () => {
    const w = await signedInAdmin(server);
    const link = await slowLink(server.app.broker.tcpPort!, 60, 40);
    try {
      const players = [new NotingPlayer(), new NotingPlayer()];
      const speakers = await startSpeakers(server, w.client, w.areas.communeA, 2, {
        agent: (i) => ({ player: players[i], ...(i === 0 ? {} : { clock: skewedClock(30_000), mqttUrl: `mqtt://127.0.0.1:${link.port}` }) }),
      });
      agents.push(...speakers);
      await eventually(() => speakers.every((s) => s.clock.status().samples >= 8), 8000);
      expect(speakers[1].clock.status().rtt).toBeGreaterThanOrEqual(120);
      const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(info([w.areas.communeA]), [relay(10)]));
      expect(res.status).toBe(200);
      await eventually(() => players.every((p) => p.first), 4000);
      const [a, b] = players.map((p) => p.top!);
      expect(Math.abs(a - b), startsSeen(players)).toBeLessThanOrEqual(50);
      await w.client.get('/v1/client/phatngay/dungphatngay');
      await Promise.all(speakers.map((s) => s.stop()));
    } finally {
      await link.close();
    }
  }, 40_000);

  it('raises a device fault and one notification for a speaker whose round trip is too long to trust', async () => {
    const w = await signedInAdmin(server);
    // 600–700 ms each way: every exchange takes well over a second.
    const [slow] = await startSpeakers(server, w.client, w.areas.communeB, 1, { namePrefix: 'Loa xa', agent: () => ({ simulatedLatency: () => 600 + Math.random() * 100 }) });
    agents.push(slow);
    await eventually(() => slow.clock.status().quality === 'untrusted', 8000);
    const device = await eventually(async () => {
      const items = (await w.client.get('/v1/client/thietbi/danhsachthietbi?limit=50')).body.data.items as Device[];
      const d = items.find((x) => x._id === slow.deviceId);
      return d?.trangthai.dongho?.chatluong === 'khongtincay' ? d : null;
    }, 10_000);
    expect(device.trangthai.dongho).toMatchObject({ chatluong: 'khongtincay', loi: 'khuhoicham' });
    const notices = await eventually(async () => {
      const items = (await w.client.get('/v1/client/thongbao/danhsach')).body.data.items as Notification[];
      const mine = items.filter((n) => n.loai === 'thietbi-lechdongho' && n.doituong?.id === slow.deviceId);
      return mine.length > 0 ? mine : null;
    }, 5000);
    expect(notices[0]).toMatchObject({ tieude: 'Đồng hồ thiết bị không tin cậy: Xã B / Loa xa 1', lienket: `/quan-ly-thiet-bi?id=${slow.deviceId}` });
    expect(notices[0].noidung).toMatch(/quá chậm \(khứ hồi \d+ ms\)/);
    // Announced once for the episode, however many sweeps pass.
    await new Promise((r) => setTimeout(r, 800));
    const again = ((await w.client.get('/v1/client/thongbao/danhsach')).body.data.items as Notification[]).filter((n) => n.loai === 'thietbi-lechdongho' && n.doituong?.id === slow.deviceId);
    expect(again).toHaveLength(1);
  }, 40_000);

  it('lets nobody but the server answer a speaker, and ignores a speaker flooding clock requests', async () => {
    const w = await signedInAdmin(server);
    const [victim, other] = await startSpeakers(server, w.client, w.areas.communeA, 2);
    agents.push(victim, other);
    await eventually(() => victim.clock.status().samples >= CLOCK_SYNC.burst, 5000);
    const secretOf = async (id: string) => (await w.client.post('/v1/client/thietbi/reset', { id })).body.data.items[0].secret as string;
    const url = `mqtt://127.0.0.1:${server.app.broker.tcpPort}`;

    // Another device, signed in with its own (fresh) secret, tries to answer for the server on the victim's topic.
    await other.stop();
    const forger = await mqtt.connectAsync(url, { clientId: other.deviceId, username: other.deviceId, password: await secretOf(other.deviceId), reconnectPeriod: 0 });
    const closed = new Promise<void>((resolve) => forger.once('close', () => resolve()));
    const before = victim.clock.ignored.unknown + victim.clock.status().samples;
    forger.publish(topics.time(victim.deviceId), JSON.stringify({ n: 1, t1: 0, t2: Date.now() + 3_600_000, t3: Date.now() + 3_600_000 }), { qos: 1 });
    await closed; // the broker refuses the publish and drops the forger
    await new Promise((r) => setTimeout(r, 300));
    expect(victim.clock.ignored.unknown + victim.clock.status().samples).toBe(before);
    expect(Math.abs(victim.clock.status().offset)).toBeLessThan(5);
    await forger.endAsync(true);

    // A device asking for the time a hundred times at once: answered up to its share, the rest counted.
    const health = async () => (await w.client.get('/v1/client/hethong/suckhoe')).body.data.dongho as { traloi: number; boqua: number };
    const start = await health();
    const flooder = await mqtt.connectAsync(url, { clientId: other.deviceId, username: other.deviceId, password: await secretOf(other.deviceId), reconnectPeriod: 0 });
    const answers: unknown[] = [];
    await flooder.subscribeAsync(topics.time(other.deviceId), { qos: 0 });
    flooder.on('message', (_t, payload) => answers.push(JSON.parse(payload.toString())));
    for (let n = 1; n <= 100; n += 1) flooder.publish(topics.clock(other.deviceId), JSON.stringify({ n, t1: Date.now() }), { qos: 0 });
    flooder.publish(topics.clock(other.deviceId), '{"n":"x"', { qos: 0 });
    await eventually(async () => (await health()).boqua - start.boqua >= 71, 5000);
    await eventually(() => answers.length >= CLOCK_SYNC.serverPerMinute - CLOCK_SYNC.burst, 3000);
    await new Promise((r) => setTimeout(r, 300));
    expect(answers.length).toBeLessThanOrEqual(30);
    expect(answers[0]).toMatchObject({ n: 1, t2: expect.any(Number), t3: expect.any(Number) });
    await flooder.endAsync(true);
    // The server carries on: the victim still synchronises.
    const samples = victim.clock.status().samples;
    victim.syncClock();
    await eventually(() => victim.clock.status().samples > samples, 3000);
  }, 40_000);
});
