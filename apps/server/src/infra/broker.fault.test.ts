import crypto from 'node:crypto';
import net from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, topics } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../test/helpers';

// The embedded broker flooded from 127.0.0.1 (bounded: about 10 s and a few hundred connections)
// while real speakers wait for a bulletin: the process stays up, the speakers get it, and the
// acknowledged broadcast is kept.
let server: TestServer;
const agents: SpeakerAgent[] = [];
const sockets = new Set<net.Socket>();
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One raw connection that writes `bytes` and is forgotten (the server must close or bound it). */
function hit(port: number, bytes: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes, () => undefined));
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    setTimeout(() => {
      socket.destroy();
      resolve();
    }, 1500);
  });
}

describe('the embedded broker under a flood', () => {
  it('stays up and delivers an emergency bulletin to every real speaker while flooded with oversized packets and bursts', async () => {
    const w = await signedInAdmin(server);
    agents.push(...(await startSpeakers(server, w.client, w.areas.communeA, 3)));
    const port = server.app.broker.tcpPort!;
    const added = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa tấn công', diaban: w.areas.communeB, serial: `ATK-${crypto.randomBytes(5).toString('hex')}` });
    const attacker = { id: added.body.data.thietbi._id as string, secret: added.body.data.secret as string };

    const until = Date.now() + 10_000;
    const oversizedConnect = Buffer.concat([Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]), crypto.randomBytes(64 * 1024)]);
    const junk = () => crypto.randomBytes(1024 + Math.floor(Math.random() * 8192));
    const flood = (async () => {
      let rounds = 0;
      while (Date.now() < until && rounds < 10) {
        rounds += 1;
        // 20 oversized CONNECTs, 10 of random bytes, 10 bad logins, each round.
        const wave: Promise<unknown>[] = [];
        for (let i = 0; i < 20; i += 1) wave.push(hit(port, oversizedConnect));
        for (let i = 0; i < 10; i += 1) wave.push(hit(port, junk()));
        for (let i = 0; i < 10; i += 1) {
          wave.push(mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: `x${i}`, username: `x${i}`, password: 'sai', reconnectPeriod: 0, connectTimeout: 2000 })
            .then((c) => c.endAsync(true), () => undefined));
        }
        // An authenticated device bursting events and oversized states.
        wave.push((async () => {
          const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: attacker.id, username: attacker.id, password: attacker.secret, reconnectPeriod: 0, connectTimeout: 2000 }).catch(() => null);
          if (!c) return;
          c.on('error', () => undefined);
          for (let i = 0; i < 300 && c.connected; i += 1) c.publish(topics.event(attacker.id), JSON.stringify({ type: 'error', message: 'x', at: Date.now() }));
          c.publish(topics.state(attacker.id), JSON.stringify({ online: true, firmware: 'x'.repeat(100_000) }));
          await sleep(500);
          await c.endAsync(true).catch(() => undefined);
        })());
        await Promise.all(wave);
      }
    })();

    // In the middle of the flood, an emergency bulletin to the speakers of commune A.
    await sleep(2000);
    const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Khẩn cấp giữa trận lụt gói tin', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
      [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 60 }],
    ));
    expect(res.status).toBe(200);
    const id: string = res.body.data.idlichphat;
    await eventually(() => agents.every((a) => a.playing?.sessionId === id), 10_000);
    await flood;

    // Still up, the bulletin kept, the speakers still connected and playing it.
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
    expect(await server.db.query('SELECT id FROM broadcasts WHERE id = $1', [id])).toHaveLength(1);
    expect(agents.every((a) => a.playing?.sessionId === id)).toBe(true);
    await eventually(() => sockets.size === 0, 5000);
    await w.client.get('/v1/client/phatngay/dungphatngay');
  });
});
