import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, scheduleRemovedMessage, vnClock, type AsRunReport, type DeviceEvent, type Schedule } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer, uploadAudio } from '../../test/helpers';
import { TcpRelay } from '../../test/tcpRelay';
import { localDate } from '../features/schedules/recurrence';
import { audioFrom, compareAudio, readWav } from '../../../speaker/src/testing/audioCheck';
import { mpg123ForTests } from '../../../speaker/src/testing/mpg123';
import { MAX_RECONNECT_DELAY_MS } from '../../../speaker/src/backoff';
import { encodeMp3, speechLike } from '../../../speaker/src/testing/signals';

/*
 * Issue #30, step 2: a speaker plays a scheduled programme from its plan and its file cache while
 * its link is down. A real server, broker and agent; the agent decodes what it plays to WAV with
 * mpg123, and what it wrote is compared with the programme's audio.
 */

const mpg123 = await mpg123ForTests();
let server: TestServer;
let dir: string;
const agents: SpeakerAgent[] = [];
const relays: TcpRelay[] = [];
beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'loa-offline-plan-'));
}, 120_000);
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await Promise.all(relays.map((r) => r.close()));
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

type Admin = Awaited<ReturnType<typeof signedInAdmin>>;

const upload = (w: Admin, name: string, mp3: Buffer) => uploadAudio(server, w.client, name, mp3);

/** A speaker whose link to the broker runs through a relay the test can cut, writing what it plays to WAV, with a file cache. */
async function speakerBehindRelay(w: Admin, name: string) {
  const relay = await new TcpRelay({ host: '127.0.0.1', port: server.app.broker.tcpPort! }).start();
  relays.push(relay);
  const [agent] = await startSpeakers(server, w.client, w.areas.communeA, 1, {
    agent: () => ({ mqttUrl: relay.url, player: undefined, outputDir: join(dir, name, 'wav'), cacheDir: join(dir, name, 'cache'), audioBaseUrl: server.url }),
  });
  agents.push(agent);
  const events: DeviceEvent[] = [];
  agent.on('event', (e) => events.push(e));
  return { agent, relay, events };
}

describe.runIf(mpg123)('a speaker whose link is down', () => {
  it('plays a scheduled programme from its plan on time and in full', async () => {
    const w = await signedInAdmin(server);
    const source = speechLike(301, 3);
    const key = await upload(w, 'ban-tin-sang.mp3', encodeMp3(source));
    const { agent, relay, events } = await speakerBehindRelay(w, 'one');
    const at = Math.ceil((Date.now() + 15_000) / 1000) * 1000;
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Bản tin sáng', nguonphat: [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: 'ban-tin-sang.mp3', url: key, duration: 3 }] }],
      diabanchon: [w.areas.communeA], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)],
    })).body.data as Schedule;

    // The plan arrives and its file is in the cache before the link goes down.
    const occurrence = await eventually(() => agent.plan.current?.occurrences.find((o) => o.scheduleId === s._id), 8000);
    await eventually(() => agent.plan.status?.missing === 0, 8000);
    relay.cut();
    await eventually(() => !agent.connected && server.app.gateway.liveOf(agent.deviceId)?.online === false, 8000);

    const played = await eventually(() => events.find((e) => e.type === 'finished' && e.sessionId === occurrence.sessionId), at - Date.now() + 10_000, 100);
    const started = events.find((e) => e.type === 'started' && e.sessionId === occurrence.sessionId)!;
    // On time by its synchronised clock, and never connected meanwhile.
    expect(Math.abs(started.at - at)).toBeLessThan(500);
    expect(played.at).toBeGreaterThan(at + 2500);
    expect(agent.connected).toBe(false);
    const wavs = await readdir(join(dir, 'one', 'wav'));
    expect(wavs).toHaveLength(1);
    // Whole, from where it began: a speaker that starts late on a loaded machine (0.15 s seen) joins
    // the programme that far in, as every speaker in step does, and says so in its report.
    const joined = 'position' in started ? started.position ?? 0 : 0;
    expect(joined).toBeLessThan(0.5);
    expect(compareAudio(await readWav(join(dir, 'one', 'wav', wavs[0])), audioFrom(source, joined))).toMatchObject({ ok: true });

    // Back online: its reports, kept while the link was down, reach the server with their real times,
    // and the as-run record counts it as played offline, reported later.
    relay.restore();
    // Its next attempt comes after its backoff, which grew through the outage (up to its maximum).
    await eventually(() => agent.connected, MAX_RECONNECT_DELAY_MS + 10_000, 100);
    const last: unknown[] = [];
    const row = await eventually(async () => {
      const res = await w.client.get(`/v1/client/nhatkyphatsong?tu=${localDate(at)}&den=${localDate(at)}`);
      const found = (res.body.data as AsRunReport).items.find((r) => r.idphien === occurrence.sessionId);
      last[0] = found ?? res.body;
      return found && found.sodaphat === 1 ? found : null;
    }, 30_000, 200).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}: ${JSON.stringify(last[0])}`);
    });
    expect(row).toMatchObject({ sothietbi: 1, sodaphat: 1, sobaosau: 1, songoaituyen: 0, ketqua: 'daphat' });
    expect(row.batdau).toBe(started.at);
    expect(row.lydo).toContain('1 loa phát khi mất kết nối, báo sau');

    // Deleted now that the speaker is back: it reports the plan without it within seconds, and the answer says every speaker has heard.
    const deleted = await w.client.post('/v1/client/lichphat/xoalichphat', { id: s._id });
    expect(deleted.body.message).toBe(scheduleRemovedMessage(0));
    expect(deleted.body.chuanhan).toBe(0);
    expect(agent.plan.current?.occurrences.some((o) => o.scheduleId === s._id)).toBe(false);
  }, 120_000);

  it('shows in the device list which speakers hold the latest plan with all its files', async () => {
    const w = await signedInAdmin(server);
    const key = await upload(w, 'tin-chieu.mp3', encodeMp3(speechLike(302, 2)));
    const [ready] = await startSpeakers(server, w.client, w.areas.communeB, 1, { audioBaseUrl: server.url, agent: () => ({ cacheDir: join(dir, 'ready') }) });
    // A cache smaller than the file: it can never hold it.
    const [short] = await startSpeakers(server, w.client, w.areas.communeB, 1, { audioBaseUrl: server.url, agent: () => ({ cacheDir: join(dir, 'short'), cacheBytes: 1000 }) });
    const [asleep] = await startSpeakers(server, w.client, w.areas.communeB, 1);
    agents.push(ready, short, asleep);
    await asleep.stop();
    const at = Math.ceil((Date.now() + 3 * 3600_000) / 60_000) * 60_000;
    const s = (await w.client.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Bản tin chiều', nguonphat: [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 2, files: [{ fileName: 'tin-chieu.mp3', url: key, duration: 2 }] }],
      diabanchon: [w.areas.communeB], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)],
    })).body.data as Schedule;
    const shown = async (id: string) => (await w.client.get(`/v1/client/thietbi/thongtin?id=${id}`)).body.data.trangthai.lichphat as { nhan: string; phienban: number | null } | null;
    await eventually(() => ready.plan.current?.occurrences.some((o) => o.scheduleId === s._id), 8000);
    expect(await eventually(async () => ((await shown(ready.deviceId))?.nhan === 'sẵn sàng' ? shown(ready.deviceId) : null), 10_000, 200))
      .toMatchObject({ phienban: ready.plan.current!.version });
    await eventually(async () => (await shown(short.deviceId))?.nhan === 'thiếu 1 tệp', 10_000, 200);
    expect((await shown(asleep.deviceId))?.nhan).toBe('chưa nhận lịch mới');
  }, 120_000);

  it('fetches the files of a plan that came while it was still downloading the last one', async () => {
    // The network tier's day found it: six schedules made a second apart, and only the first file was
    // ever fetched (a plan arriving during a download was left for a retry that never came).
    const w = await signedInAdmin(server);
    const [first, second] = await Promise.all([
      upload(w, 'tin-mot.mp3', encodeMp3(speechLike(303, 2))),
      upload(w, 'tin-hai.mp3', encodeMp3(speechLike(304, 2))),
    ]);
    // Its files come slowly: each way through the relay takes 1.5 s (3 s for each answer).
    const slow = await new TcpRelay({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, 1500).start();
    relays.push(slow);
    const [agent] = await startSpeakers(server, w.client, w.areas.communeA, 1, { audioBaseUrl: slow.httpUrl, agent: () => ({ cacheDir: join(dir, 'two-plans') }) });
    agents.push(agent);
    const at = Math.ceil((Date.now() + 3 * 3600_000) / 60_000) * 60_000;
    const schedule = async (title: string, key: string, start: number) => (await w.client.post('/v1/client/lichphat/taolichphat', {
      tieude: title, nguonphat: [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 2, files: [{ fileName: `${title}.mp3`, url: key, duration: 2 }] }],
      diabanchon: [w.areas.communeA], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan', ngaybatdau: localDate(start), giophat: [vnClock(start)],
    })).body.data as Schedule;
    const one = await schedule('Tin một', first, at);
    await eventually(() => agent.plan.current?.occurrences.some((o) => o.scheduleId === one._id), 8000);
    // The first file is on its way (at least 3 s through the relay) when the second schedule's plan comes.
    const two = await schedule('Tin hai', second, at + 60_000);
    await eventually(() => agent.plan.current?.occurrences.some((o) => o.scheduleId === two._id), 8000);
    const shown = async () => (await w.client.get(`/v1/client/thietbi/thongtin?id=${agent.deviceId}`)).body.data.trangthai.lichphat as { nhan: string; phienban: number | null } | null;
    expect(await eventually(async () => ((await shown())?.nhan === 'sẵn sàng' ? shown() : null), 30_000, 250))
      .toMatchObject({ phienban: agent.plan.current!.version });
  }, 120_000);
});
