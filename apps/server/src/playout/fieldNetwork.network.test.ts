import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, vnClock, type AsRunReport, type Schedule } from '@loa/contract';
import { broadcastForm, eventually, signedInAdmin, startTestServer, type TestServer, uploadAudio } from '../../test/helpers';
import { NetLab, networkToolsMissing, type NetNamespace } from '../../test/netns';
import { TcpRelay } from '../../test/tcpRelay';
import { localDate } from '../features/schedules/recurrence';
import { compareAudio, decodeMp3, durationOf, endAsLongAs, readWav, type Audio } from '../../../speaker/src/testing/audioCheck';
import { mpg123ForTests } from '../../../speaker/src/testing/mpg123';
import { encodeMp3, speechLike } from '../../../speaker/src/testing/signals';
import { occurrenceSessionId } from './devicePlans';

/*
 * The network tier (issue #30, item 5): real speaker agents (apps/speaker's command, as processes) in
 * network namespaces of their own, each behind its own link to a real server on the host: outages
 * (ip link down), bandwidth (tc tbf), loss (nftables numgen) and one-way delay (a TCP relay). Each
 * case checks what the speaker decoded and wrote to WAV (mpg123, as it plays) against the source.
 * The cases run at once, each with its own namespace, commune and speaker: durations are shortened
 * (seconds for minutes), the logic is the field's.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const missing = networkToolsMissing();
const mpg123 = await mpg123ForTests();
if (missing && process.env.CI === 'true') throw new Error(`${missing}: the network tier cannot run, and CI does not skip it`);
const runnable = !missing && mpg123 !== null;

/** The programmes' audio, made before any speaker runs (encoding blocks the test process, which also runs the server). */
const SOURCES = {
  offlineBefore: { seed: 3001, seconds: 20 },
  outageMiddle: { seed: 3002, seconds: 90 },
  poorLink: { seed: 3003, seconds: 60 },
  deleted: { seed: 3004, seconds: 8 },
  expired: { seed: 3005, seconds: 3 },
  running: { seed: 3006, seconds: 30 },
  streamed: { seed: 3007, seconds: 40 },
  dayMorning: { seed: 3011, seconds: 8 },
  dayNoon: { seed: 3012, seconds: 8 },
  dayAfternoon: { seed: 3013, seconds: 8 },
  dayEvening: { seed: 3014, seconds: 8 },
  dayRadio: { seed: 3015, seconds: 20 },
} as const;
const audio = {} as Record<keyof typeof SOURCES, { source: Audio; mp3: Buffer }>;

let lab: NetLab;
let server: TestServer;
let dir: string;
const children: ChildProcess[] = [];
const relays: TcpRelay[] = [];

/** Ends the agents' process groups (the agent, tsx and mpg123), then the namespaces. */
function cleanUp(): void {
  for (const child of children.splice(0)) {
    try {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  lab?.removeAll();
}

beforeAll(async () => {
  if (!runnable) return;
  lab = new NetLab();
  // Even a run stopped by a signal or a crash leaves no namespace behind.
  process.once('exit', cleanUp);
  const host = lab.hub();
  // The radio station of the day's case is on the host's private address: allowed, as a district
  // allows its own station on its network.
  server = await startTestServer({ PLAY_LEAD_MS: 1500, OUTBOUND_ALLOW_HOSTS: lab.hostIp }, undefined, { host });
  dir = mkdtempSync(path.join(tmpdir(), 'loa-network-'));
  // The agents' own temporary files (tsx's compile cache) go with the test's folder.
  mkdirSync(path.join(dir, 'tmp'));
  for (const [name, { seed, seconds }] of Object.entries(SOURCES)) {
    const source = speechLike(seed, seconds);
    audio[name as keyof typeof SOURCES] = { source, mp3: encodeMp3(source, 64) };
  }
});

afterAll(async () => {
  if (!runnable) return;
  // Asked to stop first (they report offline and seal their WAV files), then ended whatever they do.
  await Promise.all(children.map((child) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve();
    const timer = setTimeout(resolve, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  })));
  cleanUp();
  expect(lab.leftovers()).toEqual([]);
  await Promise.all(relays.map((r) => r.close()));
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

/** A speaker agent running in its namespace, writing what it plays to WAV and keeping its plan's files in a cache. */
interface Speaker {
  id: string;
  ns: NetNamespace;
  wavDir: string;
  output: () => string;
  /** The WAV files it has sealed for a session (one per item played, or per restart of an item). */
  wavs: (sessionId: string) => string[];
  /** Whether it is writing no WAV file now (every item it played is sealed). */
  sealed: () => boolean;
}

async function startSpeaker(w: Admin, areaId: string, name: string, opts: { delayMs?: number } = {}): Promise<Speaker> {
  const res = await w.client.post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa ${name}`, diaban: areaId, serial: `NET-${crypto.randomBytes(6).toString('hex')}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.thietbi._id as string;
  const ns = lab.speaker();
  let httpUrl = server.url;
  let mqttUrl = `mqtt://${lab.hostIp}:${server.app.broker.tcpPort}`;
  if (opts.delayMs) {
    // The delay is the relay's, on the host; the namespace's link adds bandwidth and loss.
    const port = Number(new URL(server.url).port);
    const http = await new TcpRelay({ host: lab.hostIp, port }, opts.delayMs, lab.hostIp).start();
    const mqtt = await new TcpRelay({ host: lab.hostIp, port: server.app.broker.tcpPort! }, opts.delayMs, lab.hostIp).start();
    relays.push(http, mqtt);
    httpUrl = http.httpUrl;
    mqttUrl = mqtt.url;
  }
  const wavDir = path.join(dir, name, 'wav');
  const child = ns.spawn([
    process.execPath, path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/speaker/src/cli.ts',
    '--server', httpUrl, '--mqtt', mqttUrl, '--id', id, '--output-dir', wavDir, '--cache-dir', path.join(dir, name, 'cache'),
    '--reconnect-base-ms', '200', '--verbose',
  ], { cwd: root, env: { ...process.env, TMPDIR: path.join(dir, 'tmp'), LOA_DEVICE_SECRET: res.body.data.secret as string } });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-40_000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-40_000);
  });
  const speaker: Speaker = {
    id, ns, wavDir, output: () => output,
    // In the order they were played: <session>-<item>.wav, then -2, -3… (a resumed stream).
    wavs: (sessionId) => (existsSync(wavDir) ? readdirSync(wavDir).filter((f) => f.startsWith(sessionId) && f.endsWith('.wav')).map((f) => path.join(wavDir, f))
      .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs) : []),
    sealed: () => !existsSync(wavDir) || readdirSync(wavDir).every((f) => !f.endsWith('.part')),
  };
  await waitFor(speaker, 'online with a synchronised clock', () => server.app.gateway.liveOf(id)?.online && output.includes('clock synchronised'), 60_000);
  return speaker;
}

/** Waits for a condition; on failure says what was awaited, with the agent's output. */
async function waitFor<T>(s: Speaker, what: string, check: () => T | Promise<T>, timeoutMs: number, stepMs = 100): Promise<NonNullable<T>> {
  return eventually(check, timeoutMs, stepMs).catch((error: Error) => {
    throw new Error(`${s.ns.name}: not ${what}: ${error.message}\n--- agent output ---\n${s.output().slice(-6000)}`);
  });
}

const upload = (w: Admin, name: string, mp3: Buffer) => uploadAudio(server, w.client, name, mp3);

/** A one-off schedule of one file at `at` (whole seconds) for the commune. */
const schedule = (w: Admin, areaId: string, title: string, file: { name: string; key: string }, seconds: number, at: number): Promise<Schedule> =>
  scheduleOf(w, areaId, title, [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: seconds, files: [{ fileName: file.name, url: file.key, duration: seconds }] }], at);

/** A one-off schedule of these sources at `at` (whole seconds) for the commune. */
async function scheduleOf(w: Admin, areaId: string, title: string, nguonphat: unknown[], at: number): Promise<Schedule> {
  const res = await w.client.post('/v1/client/lichphat/taolichphat', {
    tieude: title, nguonphat, diabanchon: [areaId], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Schedule;
}

/**
 * A radio station on the host (VOV standing in): an endless MP3 stream of `mp3` looped, sent at
 * its bitrate after a first burst, as Icecast sends.
 */
async function radioStation(mp3: Buffer, kbps: number): Promise<{ url: string; listeners: () => number; close: () => Promise<void> }> {
  const sockets = new Set<import('node:net').Socket>();
  let listeners = 0;
  const station = createHttpServer((req, res) => {
    listeners += 1;
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'cache-control': 'no-store' });
    const perTick = Math.round((kbps * 1000) / 8 / 10);
    let at = 0;
    const take = (n: number) => {
      const parts: Buffer[] = [];
      while (n > 0) {
        const piece = mp3.subarray(at, at + n);
        parts.push(piece);
        n -= piece.length;
        at = (at + piece.length) % mp3.length;
      }
      return Buffer.concat(parts);
    };
    res.write(take(perTick * 20));
    const timer = setInterval(() => res.write(take(perTick)), 100);
    res.on('close', () => clearInterval(timer));
  });
  station.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => station.listen(0, lab.hostIp, resolve));
  return {
    url: `http://${lab.hostIp}:${(station.address() as import('node:net').AddressInfo).port}/vov1.mp3`,
    listeners: () => listeners,
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      station.close(() => resolve());
    }),
  };
}

/** An emergency of one uploaded file for the commune, now; answers its session id. */
async function emergency(w: Admin, areaId: string, title: string, mp3: Buffer, seconds: number): Promise<string> {
  const res = await w.client.post('/v1/client/phatngay/phatngay', broadcastForm(
    { tieude: title, loaibantin: 2, uutien: 1, diabanchon: [areaId], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
    [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: seconds, files: [{ fileName: `${title}.mp3`, url: `x-${title}.mp3`, duration: seconds }] }],
    [{ name: `${title}.mp3`, data: mp3 }],
  ));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.idlichphat as string;
}

/** The speaker holds the latest plan, with the schedule's occurrence in it and every file in its cache. */
function planReady(s: Speaker, scheduleId: string): boolean {
  const plan = server.app.plans.planOf(s.id);
  const live = server.app.gateway.liveOf(s.id)?.lichphat;
  return !!plan?.occurrences.some((o) => o.scheduleId === scheduleId) && live?.tinhtrang === 'sansang' && live.phienban === plan.version;
}

/** The as-run record's row of a session, once `ready` says it is complete. */
async function asRunRow(w: Admin, s: Speaker, sessionId: string, at: number, ready: (row: AsRunReport['items'][number]) => boolean) {
  return waitFor(s, `in the as-run record as expected (${sessionId})`, async () => {
    const res = await w.client.get(`/v1/client/nhatkyphatsong?tu=${localDate(at)}&den=${localDate(at)}`);
    const row = (res.body.data as AsRunReport).items.find((r) => r.idphien === sessionId);
    return row && ready(row) ? row : null;
  }, 60_000, 300);
}

/** Total seconds of audio in a session's WAV files, and the files decoded. */
async function heard(files: string[]): Promise<{ seconds: number; parts: Audio[] }> {
  const parts = await Promise.all(files.map((f) => readWav(f)));
  return { seconds: parts.reduce((sum, a) => sum + durationOf(a), 0), parts };
}

const secondAfter = (ms: number) => Math.ceil(ms / 1000) * 1000;

describe.runIf(runnable)('speakers on field networks (namespaces, tbf, nftables loss, outages, delay)', { concurrent: true }, () => {
  it('offline from before a scheduled programme until after it: plays it on time and in full, and the as-run record shows it on reconnection', async () => {
    const w = await signedInAdmin(server);
    const { source, mp3 } = audio.offlineBefore;
    const s = await startSpeaker(w, w.areas.communeA, 'offline-before');
    const key = await upload(w, 'ban-tin-sang.mp3', mp3);
    // The outage starts 55 s before the programme: long enough for the server to see the speaker
    // gone (its broker keeps a silent client 1.5 × its 30 s keep-alive), as on a morning with no 4G.
    const at = secondAfter(Date.now() + 75_000);
    const sch = await schedule(w, w.areas.communeA, 'Bản tin sáng', { name: 'ban-tin-sang.mp3', key }, 20, at);
    await waitFor(s, 'holding the plan with its file', () => planReady(s, sch._id), 30_000);
    const sessionId = occurrenceSessionId(sch._id, at);
    s.ns.down();
    const downAt = Date.now();
    await waitFor(s, 'seen offline by the server', () => server.app.gateway.liveOf(s.id)?.online === false, 60_000, 250);
    expect(Date.now()).toBeLessThan(at);

    // Still offline: it has played the programme from its cache, whole.
    const [wav] = await waitFor(s, 'playing the programme while offline', () => (s.wavs(sessionId).length > 0 ? s.wavs(sessionId) : null), at - Date.now() + 35_000, 250);
    expect(server.app.gateway.liveOf(s.id)?.online).toBe(false);
    expect(compareAudio(await readWav(wav), source), s.output()).toMatchObject({ ok: true });
    s.ns.up();
    const upAt = Date.now();

    // Back online: its reports reach the server with their real times, and the record counts it as played offline, reported later.
    const row = await asRunRow(w, s, sessionId, at, (r) => r.sodaphat === 1 && r.sobaosau === 1);
    expect(row).toMatchObject({ sothietbi: 1, sodaphat: 1, sobaosau: 1, songoaituyen: 0, ketqua: 'daphat' });
    expect(Math.abs(row.batdau! - at)).toBeLessThan(1000);
    expect(row.lydo).toContain('1 loa phát khi mất kết nối, báo sau');
    // The outage was what the test says.
    expect(upAt - downAt).toBeGreaterThan(at - downAt + 20_000);
  });

  it('a 60 s outage in the middle of a 90 s programme held in the cache leaves no gap', async () => {
    const w = await signedInAdmin(server);
    const { source, mp3 } = audio.outageMiddle;
    const s = await startSpeaker(w, w.areas.communeA, 'outage-middle');
    const key = await upload(w, 'chuong-trinh.mp3', mp3);
    const at = secondAfter(Date.now() + 20_000);
    const sch = await schedule(w, w.areas.communeA, 'Chương trình dài', { name: 'chuong-trinh.mp3', key }, 90, at);
    await waitFor(s, 'holding the plan with its file', () => planReady(s, sch._id), at - Date.now() - 500);
    const sessionId = occurrenceSessionId(sch._id, at);
    await waitFor(s, 'playing the programme', () => server.app.gateway.liveOf(s.id)?.dangphat?.sessionId === sessionId, at - Date.now() + 10_000);
    await eventually(() => Date.now() >= at + 15_000, 30_000, 100);
    s.ns.down();
    await eventually(() => Date.now() >= at + 75_000, 70_000, 250);
    s.ns.up();

    const files = await waitFor(s, 'done with the programme', () => (s.wavs(sessionId).length > 0 && Date.now() > at + 91_000 && s.sealed() ? s.wavs(sessionId) : null), 30_000, 250);
    // One WAV: it never stopped and restarted; the whole programme, matching its source.
    expect(files, s.output()).toHaveLength(1);
    const played = await readWav(files[0]);
    expect(durationOf(played)).toBeGreaterThan(90 - 0.5);
    expect(compareAudio(played, source), s.output()).toMatchObject({ ok: true });
    await asRunRow(w, s, sessionId, at, (r) => r.sodaphat === 1);
  });

  it('on 256 kbit/s with 5 % loss and 300 ms one-way delay, a 60 s emergency plays with at most 2 s of gap', async () => {
    const w = await signedInAdmin(server);
    const { mp3 } = audio.poorLink;
    const s = await startSpeaker(w, w.areas.communeA, 'poor-link', { delayMs: 300 });
    s.ns.limit(256);
    s.ns.lose(20);
    const sessionId = await emergency(w, w.areas.communeA, 'khan-cap-bao', mp3, 60);
    const files = await waitFor(s, 'done with the emergency', () => (server.app.engine.liveOf(sessionId) === null && s.wavs(sessionId).length > 0 && s.sealed() ? s.wavs(sessionId) : null), 90_000, 250);
    const { seconds, parts } = await heard(files);
    // Everything it did not play is a gap: a late start, a stall that cut the item, a restart further in.
    expect(60 - seconds, s.output()).toBeLessThanOrEqual(2);
    // What it played is the emergency's audio, in order: shifted by no more than the gap (a late
    // start drops its beginning, a cut its end).
    const decoded = await decodeMp3(mp3);
    const comparison = compareAudio(parts[0], decoded, { maxLagSeconds: 2.5 });
    expect(comparison.matchOk, `${JSON.stringify(comparison)}\n${s.output()}`).toBe(true);
    // The link really lost packets.
    expect(s.ns.dropped()).toBeGreaterThan(10);
  });

  it('a schedule deleted while the speaker is offline does not play once it has reconnected before the start', async () => {
    const w = await signedInAdmin(server);
    const s = await startSpeaker(w, w.areas.communeB, 'deleted');
    const key = await upload(w, 'lich-bi-xoa.mp3', audio.deleted.mp3);
    const at = secondAfter(Date.now() + 50_000);
    const sch = await schedule(w, w.areas.communeB, 'Lịch bị xoá', { name: 'lich-bi-xoa.mp3', key }, 8, at);
    await waitFor(s, 'holding the plan with its file', () => planReady(s, sch._id), 20_000);
    s.ns.down();
    const deleted = await w.client.post('/v1/client/lichphat/xoalichphat', { id: sch._id });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    // The answer says who has not heard of it: this speaker, whose link is down.
    expect(deleted.body.message).toContain('1 loa chưa nhận lịch mới');
    await eventually(() => server.app.plans.planOf(s.id)?.occurrences.length === 0, 10_000);
    await new Promise((r) => setTimeout(r, 8_000)); // the outage lasts a while
    s.ns.up();
    // It takes the new plan before the start…
    await waitFor(s, 'holding the plan without the schedule', () => {
      const live = server.app.gateway.liveOf(s.id)?.lichphat;
      return live?.tinhtrang === 'sansang' && live.phienban === server.app.plans.planOf(s.id)?.version;
    }, at - Date.now() - 1000, 250);
    // …and plays nothing at it.
    const sessionId = occurrenceSessionId(sch._id, at);
    await eventually(() => Date.now() > at + 10_000, 60_000, 250);
    expect(s.wavs(sessionId), s.output()).toEqual([]);
    const reports = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM device_plays WHERE device_id = $1 AND session_id = $2', [s.id, sessionId]);
    expect(reports[0].n).toBe(0);
  });

  it('an emergency sent during an outage plays on reconnection only if it has not expired', async () => {
    const w = await signedInAdmin(server);
    const s = await startSpeaker(w, w.areas.communeB, 'emergency-outage');
    s.ns.down();
    // Over before the link is back: it must never play.
    const expired = await emergency(w, w.areas.communeB, 'khan-cap-ngan', audio.expired.mp3, 3);
    await eventually(() => server.app.engine.liveOf(expired) === null, 20_000, 100);
    // Still running when the link is back: it plays from where the clock is.
    const sentAt = Date.now();
    const running = await emergency(w, w.areas.communeB, 'khan-cap-dai', audio.running.mp3, 30);
    await new Promise((r) => setTimeout(r, 8_000)); // the outage lasts a while
    s.ns.up();
    const upAt = Date.now();
    const files = await waitFor(s, 'done with the running emergency', () => (server.app.engine.liveOf(running) === null && s.wavs(running).length > 0 && s.sealed() ? s.wavs(running) : null), 60_000, 250);
    expect(s.wavs(expired), s.output()).toEqual([]);
    const { seconds, parts } = await heard(files);
    // Its end, from where it was when the speaker heard of it again (the start was sent with the server's 1.5 s lead).
    expect(seconds, s.output()).toBeLessThan(30 - (upAt - sentAt - 1500) / 1000 + 0.5);
    expect(seconds).toBeGreaterThan(2);
    const decoded = await decodeMp3(audio.running.mp3);
    const last = parts.at(-1)!;
    expect(compareAudio(last, endAsLongAs(decoded, last)), s.output()).toMatchObject({ durationOk: true, matchOk: true });
  });

  it('a streamed emergency whose link drops for 16 s resumes from where the clock is (Range), and the gap is reported', async () => {
    const w = await signedInAdmin(server);
    const { mp3 } = audio.streamed;
    const s = await startSpeaker(w, w.areas.communeB, 'stream-drop');
    // 96 kbit/s for a 64 kbit/s file: its download runs little ahead of its playing, as on a poor 3G link.
    s.ns.limit(96);
    const sessionId = await emergency(w, w.areas.communeB, 'khan-cap-truyen', mp3, 40);
    await waitFor(s, 'playing the emergency', () => server.app.gateway.liveOf(s.id)?.dangphat?.sessionId === sessionId, 10_000);
    await new Promise((r) => setTimeout(r, 6_000)); // some of it heard
    s.ns.down();
    // The outage: longer than the agent waits for a silent stream (10 s), so the connection is given up.
    await new Promise((r) => setTimeout(r, 16_000));
    s.ns.up();
    // The live card lists it as on a degraded link once it has resumed.
    const live = await waitFor(s, 'shown on a degraded link', async () => {
      const listed = (await w.client.get('/v1/client/lichphat/lichphatdangphat')).body.data as { idlichphat: string; phamvi?: { sochapchon?: number } }[];
      return listed.find((b) => b.idlichphat === sessionId && b.phamvi?.sochapchon === 1);
    }, 20_000, 250);
    expect(live.phamvi?.sochapchon).toBe(1);
    const files = await waitFor(s, 'done with the emergency', () => (server.app.engine.liveOf(sessionId) === null && s.wavs(sessionId).length > 1 && s.sealed() ? s.wavs(sessionId) : null), 60_000, 250);
    const { seconds, parts } = await heard(files);
    // What was heard before the drop, then the rest from where the clock was: the end of the emergency.
    expect(parts).toHaveLength(2);
    const last = parts[1];
    expect(compareAudio(last, endAsLongAs(await decodeMp3(mp3), last)), s.output()).toMatchObject({ matchOk: true });
    // Lost: from what had been fetched when the link went down to where the clock was when it came
    // back (the outage and the reconnection), not the rest.
    expect(40 - seconds, s.output()).toBeGreaterThan(2);
    expect(40 - seconds, s.output()).toBeLessThan(22);
    // The gap reached the server, with what it cost.
    const gaps = await server.db.query<{ gap_seconds: number }>(`SELECT gap_seconds FROM device_plays WHERE device_id = $1 AND session_id = $2 AND event = 'gap'`, [s.id, sessionId]);
    expect(gaps).toHaveLength(1);
    expect(gaps[0].gap_seconds).toBeGreaterThan(5);
  });

  it('a commune\'s day with its link down a third of it: every stored programme plays on time and whole, the radio where it can, and the as-run record says exactly what happened', async () => {
    // The day the demo's communes run in the field (docs/operations.md "Bytes per day"): a morning
    // bulletin, the VOV relay, a noon bulletin, the relay again, an afternoon notice and an evening
    // bulletin, in minutes for hours. The link is down from after the morning relay until after
    // the noon relay: a third of the day, long enough for the server to see the speaker gone first.
    const w = await signedInAdmin(server);
    const commune = w.areas.communeB;
    const s = await startSpeaker(w, commune, 'day');
    const radio = await radioStation(audio.dayRadio.mp3, 64);
    try {
      const stored = async (name: keyof typeof SOURCES, file: string) => ({
        kieunguon: SOURCE_KINDS.file, thoigianBatdau: SOURCES[name].seconds, files: [{ fileName: file, url: await upload(w, file, audio[name].mp3), duration: SOURCES[name].seconds }],
      });
      const relay = { kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 12, tenkenh: 'VOV1', url: radio.url, thoiluong: 12 };
      const t0 = secondAfter(Date.now() + 30_000);
      const day = [
        { title: 'Bản tin sáng', at: t0, sources: [await stored('dayMorning', 'ban-tin-sang.mp3')], source: 'dayMorning' as const, online: true },
        { title: 'Tiếp sóng VOV sáng', at: t0 + 15_000, sources: [relay], source: null, online: true },
        { title: 'Bản tin trưa', at: t0 + 100_000, sources: [await stored('dayNoon', 'ban-tin-trua.mp3')], source: 'dayNoon' as const, online: false },
        { title: 'Tiếp sóng VOV trưa', at: t0 + 115_000, sources: [relay], source: null, online: false },
        { title: 'Thông báo chiều', at: t0 + 170_000, sources: [await stored('dayAfternoon', 'thong-bao-chieu.mp3')], source: 'dayAfternoon' as const, online: true },
        { title: 'Bản tin tối', at: t0 + 280_000, sources: [await stored('dayEvening', 'ban-tin-toi.mp3')], source: 'dayEvening' as const, online: true },
      ];
      const downAt = t0 + 30_000;
      const upAt = t0 + 130_000;
      const made: (typeof day[number] & { schedule: Schedule; sessionId: string })[] = [];
      for (const p of day) {
        const schedule = await scheduleOf(w, commune, p.title, p.sources, p.at);
        made.push({ ...p, schedule, sessionId: occurrenceSessionId(schedule._id, p.at) });
      }
      // The whole day is held, its files in the cache, before it begins.
      await waitFor(s, 'holding the day\'s plan with its files', () => made.every((p) => planReady(s, p.schedule._id)), t0 - Date.now() - 1000, 250);

      await eventually(() => Date.now() >= downAt, 60_000, 100);
      s.ns.down();
      await waitFor(s, 'seen offline by the server', () => server.app.gateway.liveOf(s.id)?.online === false, 70_000, 250);
      expect(Date.now(), 'the server saw the speaker gone before the noon bulletin').toBeLessThan(made[2].at);
      await eventually(() => Date.now() >= upAt, 120_000, 100);
      s.ns.up();
      const dayEnd = made[5].at + SOURCES.dayEvening.seconds * 1000;
      // A third of the day, from the first programme's start to the last one's end.
      expect((upAt - downAt) / (dayEnd - t0)).toBeGreaterThan(0.32);

      await eventually(() => Date.now() > dayEnd + 2000 && s.sealed(), 200_000, 250);
      // What the speaker played: each stored programme whole, from its cache, online or not.
      for (const p of made.filter((x) => x.source)) {
        const files = s.wavs(p.sessionId);
        expect(files, `${p.title}\n${s.output()}`).toHaveLength(1);
        expect(compareAudio(await readWav(files[0]), audio[p.source!].source), `${p.title}\n${s.output()}`).toMatchObject({ ok: true });
      }
      // The radio while the link was up; nothing of it while the link was down.
      const morningRadio = await heard(s.wavs(made[1].sessionId));
      expect(morningRadio.seconds, s.output()).toBeGreaterThan(12 - 1.5);
      expect(s.wavs(made[3].sessionId), s.output()).toEqual([]);

      // The as-run record of the day, programme by programme, as the officer reads it.
      const rows = await waitFor(s, 'in the as-run record with every report', async () => {
        const res = await w.client.get(`/v1/client/nhatkyphatsong?tu=${localDate(t0)}&den=${localDate(dayEnd)}&diaban=${commune}`);
        const items = (res.body.data as AsRunReport).items.filter((r) => made.some((p) => p.schedule._id === r.idlichphat));
        return items.length === made.length && items.find((r) => r.idlichphat === made[2].schedule._id)?.sobaosau === 1 ? items : null;
      }, 60_000, 500);
      const summary = made.map((p) => {
        const row = rows.find((r) => r.idlichphat === p.schedule._id)!;
        return { tieude: row.tieude, idphien: row.idphien, giodukien: row.giodukien, sothietbi: row.sothietbi, sodaphat: row.sodaphat, sobaosau: row.sobaosau, songoaituyen: row.songoaituyen, soloi: row.soloi, ketqua: row.ketqua };
      });
      const played = (p: typeof made[number], offline = false) => ({ tieude: p.title, idphien: p.sessionId, giodukien: p.at, sothietbi: 1, sodaphat: 1, sobaosau: offline ? 1 : 0, songoaituyen: 0, soloi: 0, ketqua: 'daphat' });
      expect(summary, s.output().slice(-4000)).toEqual([
        played(made[0]), played(made[1]), played(made[2], true),
        // The radio at noon: nobody heard it. The speaker was offline at its start (the server knew
        // it), started it from its plan, could not reach the station, and said so on reconnection.
        { tieude: made[3].title, idphien: made[3].sessionId, giodukien: made[3].at, sothietbi: 1, sodaphat: 0, sobaosau: 0, songoaituyen: 1, soloi: 1, ketqua: 'khongphat' },
        played(made[4]), played(made[5]),
      ]);
      // Each played programme started on time, by the speaker's own report.
      for (const [i, p] of made.entries()) {
        if (i === 3) continue;
        const row = rows.find((r) => r.idlichphat === p.schedule._id)!;
        expect(Math.abs(row.batdau! - p.at), p.title).toBeLessThan(1000);
      }
      expect(rows.find((r) => r.idlichphat === made[2].schedule._id)!.lydo).toContain('1 loa phát khi mất kết nối, báo sau');
      expect(rows.find((r) => r.idlichphat === made[3].schedule._id)!.lydo).toMatch(/^1 loa ngoại tuyến lúc bắt đầu phát; 1 loa báo lỗi: /);
    } finally {
      await radio.close();
    }
  }, 600_000);
});
