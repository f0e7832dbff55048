import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, type DeviceCommand } from '@loa/contract';
import { SilentPlayer, SpeakerAgent } from '@loa/speaker';
import { withDeviceProof } from '../../../speaker/src/mediaProof';
import { broadcastForm, eventually } from '../../test/helpers';
import { makeMp3 } from '../../test/audio';
import { freePort } from '../../test/mosquitto';
import { startClusterParts, type ClusterParts } from '../../test/cluster';
import { startMediaCache } from '../../test/mediaCache';
import { signedItems } from '../features/media/mediaAccess';
import { TokenSigner } from '../features/auth/tokens';
import { cleanupServers, signInSpawned, spawnServer, tempDataDir } from '../../test/serverProcess';

/**
 * Issue #29 at scale: a province's speakers get their audio from a caching tier in front of
 * /media (deploy/nginx/loa-media-cache.conf, run here as shipped), two Loa servers behind it on
 * one database, broker and media folder. Each file is filled once; every request, from the cache
 * or not, is first checked by Loa (the same 403s as /media, written to the system log).
 */

/** An answer whose body is never read (a speaker that stalls): its headers, with the socket paused. */
const unread = (url: string) => new Promise<http.IncomingMessage>((resolve, reject) => {
  http.get(url, (res) => {
    res.pause();
    resolve(res);
  }).on('error', reject);
});

let parts: ClusterParts;
const cleanups: (() => Promise<void>)[] = [];
let agent: SpeakerAgent | null = null;

beforeAll(async () => {
  parts = await startClusterParts();
});

afterAll(async () => {
  await agent?.stop().catch(() => undefined);
  for (const c of cleanups) await c().catch(() => undefined);
  await cleanupServers();
  await parts?.stop();
});

describe('a caching tier in front of /media, before two servers', () => {
  it('serves every speaker\'s address of a file from one cache entry, whole or in ranges, and refuses what Loa refuses even once it is cached', async () => {
    const media = tempDataDir();
    const [a, b] = await Promise.all([0, 1].map(async () => ({ port: await freePort(), checkPort: await freePort() })));
    const serverA = await spawnServer({ dataDir: tempDataDir(), env: { ...parts.env, PORT: String(a.port), MEDIA_CHECK_PORT: String(a.checkPort), MEDIA_DIR: media }, startTimeoutMs: 60_000 });
    await spawnServer({ dataDir: tempDataDir(), env: { ...parts.env, PORT: String(b.port), MEDIA_CHECK_PORT: String(b.checkPort), MEDIA_DIR: media }, startTimeoutMs: 60_000 });
    const cache = await startMediaCache([a, b]);
    cleanups.push(cache.stop);
    const onA = await signInSpawned(serverA);

    const district = (await onA.post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện Bộ Đệm', cap: 'huyen', idcha: null })).body.data._id as string;
    const [commune, otherCommune] = await Promise.all(['Xã Có Loa', 'Xã Bên Cạnh'].map(async (tendiaban) => (await onA.post('/v1/client/diaban/themmoi', { tendiaban, cap: 'xa', idcha: district })).body.data._id as string));
    const addDevice = async (diaban: string, name: string) => {
      const res = await onA.post('/v1/client/thietbi/themmoi', { tenthietbi: name, diaban, serial: `MC-${crypto.randomBytes(6).toString('hex')}` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { id: res.body.data.thietbi._id as string, secret: res.body.data.secret as string };
    };
    const speaker = await addDevice(commune, 'Loa đầu làng');
    const neighbour = await addDevice(otherCommune, 'Loa xã bên');
    const commands: DeviceCommand[] = [];
    agent = new SpeakerAgent({ mqttUrl: parts.mosquitto.url, deviceId: speaker.id, secret: speaker.secret, player: new SilentPlayer(), reconnectBaseMs: 200 });
    agent.on('command', (c) => commands.push(c));
    await agent.start();
    await eventually(() => agent!.areas.length > 0, 20_000);

    const source = makeMp3(20);
    const sent = await onA.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Bản tin qua bộ đệm', loaibantin: 2, uutien: 1, diabanchon: [commune], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
      [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 20, files: [{ fileName: 'ban-tin.mp3', url: 'x-ban-tin.mp3', duration: 20 }] }],
      [{ name: 'ban-tin.mp3', data: source }],
    ));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const play = await eventually(() => commands.find((c): c is Extract<DeviceCommand, { type: 'play' }> => c.type === 'play'), 10_000);
    const address = play.items[0].url;
    expect(address).toMatch(/^\/media\/audio\/.+\.mp3\?t=/);
    const asSpeaker = (device: { id: string; secret: string }, url = address) => withDeviceProof(cache.url + url, cache.url, device.id, device.secret);

    // The first request fills the cache; twenty requests at once with the address (checked round
    // robin by both servers) all get it whole from it.
    const first = await fetch(asSpeaker(speaker));
    expect(first.status, cache.output()).toBe(200);
    expect(Buffer.from(await first.arrayBuffer()).equals(source)).toBe(true);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    const many = await Promise.all(Array.from({ length: 20 }, async () => {
      const res = await fetch(cache.url + address);
      return { status: res.status, cache: res.headers.get('x-cache-status'), whole: Buffer.from(await res.arrayBuffer()).equals(source) };
    }));
    expect(many.filter((r) => r.status === 200 && r.whole && r.cache === 'HIT'), JSON.stringify(many)).toHaveLength(20);
    // A speaker resuming asks for a range: from the cache too.
    const part = await fetch(asSpeaker(speaker), { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(source.subarray(1000, 2000))).toBe(true);

    // One speaker holds at most four answers open, as at Loa (MEDIA_MAX_PER_DEVICE): a fifth is
    // refused at once, and once one is given up the speaker is served again.
    // The file: a long programme in the shared folder (20 MB, more than the sockets' buffers take
    // in, so an unread answer stays open), its address signed for this session as the server signs one.
    const longKey = 'audio/1700000000000-0123456789abcdef-chuong-trinh-dai.mp3';
    fs.mkdirSync(path.join(media, 'audio'), { recursive: true });
    fs.writeFileSync(path.join(media, longKey), crypto.randomBytes(20_000_000));
    const [{ value: secret }] = await parts.scratch.query<{ value: string }>("SELECT value FROM settings WHERE key = 'token_secret'");
    const [long] = signedItems(new TokenSigner(secret), [{ ...play.items[0], url: `/media/${longKey}` }], play.sessionId, Date.now() + 600_000);
    const held = await Promise.all(Array.from({ length: 4 }, () => unread(asSpeaker(speaker, long.url))));
    expect(held.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const fifth = await fetch(asSpeaker(speaker, long.url));
    expect(fifth.status, cache.output()).toBe(429);
    await fifth.body?.cancel();
    held[0].destroy();
    await eventually(async () => {
      const res = await fetch(asSpeaker(speaker, long.url), { headers: { range: 'bytes=0-99' } });
      await res.body?.cancel();
      return res.status === 206;
    }, 5000);
    held.forEach((r) => r.destroy());

    // Cached or not, Loa is asked first: a forged token, a wrong device proof, and a speaker the
    // session does not reach are refused (each asked several times, so both servers answer).
    const token = new URL(cache.url + address).searchParams.get('t')!;
    const forged = address.replace(token, `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
    const before = Number((await parts.scratch.query<{ n: string }>(`SELECT count(*) AS n FROM system_log WHERE action = 'tu-choi-tep-am-thanh'`))[0].n);
    for (let i = 0; i < 4; i += 1) {
      for (const url of [cache.url + forged, asSpeaker({ id: speaker.id, secret: neighbour.secret }), asSpeaker(neighbour)]) {
        const res = await fetch(url);
        expect(res.status, `${url}\n${cache.output()}`).toBe(403);
        expect(Buffer.from(await res.arrayBuffer()).includes(source.subarray(1000, 1100))).toBe(false);
      }
    }
    const logged = await parts.scratch.query<{ detail: { lydo: string } }>(`SELECT detail FROM system_log WHERE action = 'tu-choi-tep-am-thanh' ORDER BY id`);
    expect(logged.length).toBeGreaterThan(before);
  });
});
