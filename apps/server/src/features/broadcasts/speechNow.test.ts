import crypto from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, type DeviceCommand, type DeviceEvent, type PlayItem } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { eventually, signedInAdmin, startSpeakers, startTestServer, type TestServer } from '../../../test/helpers';
import { compareAudio, decodeMp3, durationOf, endAsLongAs, readWav } from '../../../../speaker/src/testing/audioCheck';
import { mpg123ForTests } from '../../../../speaker/src/testing/mpg123';
import { CHIME_SECONDS, chimeMp3 } from '../live/chime';
import { keyOfMediaPath } from '../../infra/storage';

/*
 * Issue #29 item 4: an emergency sent as text (an officer's, or a CAP alert's) is heard at once.
 * The play command goes out with the chime and the speech's address before the speech is made;
 * the speaker plays the chime, is held on the speech's address until it is stored, and plays it in
 * the same session. A real server, broker and agent; mpg123 decodes what the agent plays to WAV,
 * compared with the chime and with the speech the server stored.
 */

const mpg123 = await mpg123ForTests();
// About 9 s of speech.
const SPEECH = 'Thông báo khẩn: lúc 14 giờ 30, nước sông Ô Lâu lên nhanh. Bà con thôn Tân Lương di chuyển người và tài sản lên chỗ cao.';

let server: TestServer;
let dir: string;
let w: Awaited<ReturnType<typeof signedInAdmin>>;
let agent: SpeakerAgent;
const commands: { at: number; command: DeviceCommand }[] = [];
const events: DeviceEvent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'loa-speech-now-'));
  w = await signedInAdmin(server);
  if (!mpg123) return;
  [agent] = await startSpeakers(server, w.client, w.areas.communeA, 1, { audioBaseUrl: server.url, agent: () => ({ player: undefined, outputDir: join(dir, 'wav') }) });
  agent.on('command', (command) => commands.push({ at: Date.now(), command }));
  agent.on('event', (event) => events.push(event));
}, 60_000);
afterAll(async () => {
  await agent?.stop().catch(() => undefined);
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const stored = async (url: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await server.app.storage.read(keyOfMediaPath(url)!)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** What the speaker played of a session (chime, speech), its first item's start, and the session as stored. */
async function heard(sessionId: string) {
  const expected = [`${sessionId}-0.wav`, `${sessionId}-1.wav`];
  await eventually(async () => {
    const names = (await readdir(join(dir, 'wav'))).filter((n) => n.startsWith(sessionId)).sort();
    return JSON.stringify(names) === JSON.stringify(expected);
  }, 60_000, 100);
  const [row] = await eventually(async () => {
    const rows = await server.db.query<{ items: PlayItem[]; total_seconds: number; status: string; run_started_at: Date; ended_at: Date | null; end_reason: string | null }>(
      'SELECT items, total_seconds, status, run_started_at, ended_at, end_reason FROM broadcasts WHERE id = $1', [sessionId]);
    return rows[0]?.status === 'finished' ? rows : null;
  }, 30_000, 100);
  const started = events.find((e) => e.type === 'started' && e.sessionId === sessionId && e.itemIndex === 0)!;
  return {
    row, started,
    chime: await readWav(join(dir, 'wav', expected[0])),
    speech: await readWav(join(dir, 'wav', expected[1])),
    command: commands.find((c) => c.command.type === 'play' && c.command.sessionId === sessionId)!,
  };
}

/**
 * The chime, then the speech the server stored; the session as stored has their real lengths and
 * ended with the speech. `withinMs`: the chime starts that soon after the request.
 */
async function expectChimeThenSpeech(sessionId: string, sentAt: number, answeredAt: number, withinMs: number) {
  const { row, started, chime, speech, command } = await heard(sessionId);
  // Heard at once: the chime starts on the speaker's clock soon after the request. (Whether it starts
  // before or after the answer depends only on how fast the speech is made and how loaded the machine
  // is; what matters, that the command did not wait for the speech, is checked below.)
  expect(started.at - sentAt).toBeLessThan(withinMs);
  // The command went out before the speech was made: it names the chime and the speech's address,
  // with a duration that only bounds it, and it reached the speaker before the answer came back.
  expect(command.at).toBeLessThan(answeredAt);
  const sent = (command.command as Extract<DeviceCommand, { type: 'play' }>).items;
  expect(sent.map((i) => i.kind)).toEqual(['file', 'tts']);
  expect(sent[1].duration).toBeGreaterThan(row.items[1].duration);
  // The stored session: the chime's slot (its 2.2 s, and however long the speakers waited after it), the speech's own length.
  expect(row.items.map((i) => i.kind)).toEqual(['file', 'tts']);
  expect(row.items[0].duration).toBeGreaterThanOrEqual(CHIME_SECONDS);
  expect(row.total_seconds).toBeCloseTo(row.items[0].duration + row.items[1].duration, 3);
  // It ended with the speech, not at the bound the command carried.
  expect(row.end_reason).toBe('het-thoi-luong');
  const lasted = (row.ended_at!.getTime() - row.run_started_at.getTime()) / 1000;
  expect(lasted).toBeGreaterThanOrEqual(row.total_seconds - 0.1);
  expect(lasted).toBeLessThan(row.total_seconds + 2);

  const chimeSource = await decodeMp3(chimeMp3());
  const speechSource = await decodeMp3(await stored(row.items[1].url));
  // The chime from where the speaker started it: in step, a speaker the command reached late starts
  // that far in (it says where, in tenths: within half a second here), and what it wrote is the rest
  // of the chime (compared with the chime's end of the same length, the position being rounded).
  expect(Number(started.position ?? 0), JSON.stringify(started)).toBeLessThanOrEqual(0.5);
  expect(durationOf(chime)).toBeGreaterThan(durationOf(chimeSource) - 0.55);
  expect(compareAudio(chime, endAsLongAs(chimeSource, chime))).toMatchObject({ durationOk: true, matchOk: true });
  expect(compareAudio(speech, speechSource)).toMatchObject({ durationOk: true, matchOk: true });
  // The check tells the two apart.
  expect(compareAudio(speech, chimeSource).matchOk).toBe(false);
}

describe.runIf(mpg123)('an emergency sent as text', () => {
  it('an officer\'s text: the chime within 2 s, then the speech in the same session, whole', async () => {
    const sentAt = Date.now();
    const res = await w.client.post('/v1/client/phatngay/phatngay', {
      thongtin: { tieude: 'Lũ sông Ô Lâu', loaibantin: 2, uutien: 1, diabanchon: [w.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0 },
      nguonphat: [{ kieunguon: SOURCE_KINDS.tts, thoigianBatdau: 0, vanban: SPEECH, giongdoc: 'banmaiace' }],
    });
    const answeredAt = Date.now();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The answer has the real length (chime slot and speech), as the console's card shows it.
    expect(res.body.data.thoiluong).toBeLessThan(30);
    await expectChimeThenSpeech(res.body.data.idlichphat, sentAt, answeredAt, 2000);
    // The speech is in the officer's library and its making in the system log.
    const log = await server.db.query<{ action: string }>(`SELECT action FROM system_log WHERE user_id = $1 AND action IN ('phat-ngay', 'tong-hop-giong-noi') ORDER BY id`, [w.admin.id]);
    expect(log.map((l) => l.action)).toEqual(['phat-ngay', 'tong-hop-giong-noi']);
    const library = await server.db.query<{ kind: string }>('SELECT kind FROM media WHERE admin_id = $1', [w.admin.id]);
    expect(library.map((m) => m.kind)).toEqual(['tts']);
  }, 90_000);

  it('a CAP alert: the same chime, then its bulletin read out', async () => {
    const code = `19771${crypto.randomBytes(3).toString('hex')}`;
    expect((await w.client.post('/v1/client/diaban/diadanh/capnhat', { id: w.areas.communeA, mahanhchinh: code })).status).toBe(200);
    const key = (await w.client.post('/v1/client/khoaapi/themmoi', { ten: 'Đài KTTV', quyenhan: ['themsuaxoalichphat'], diaban: w.areas.district })).body.data.bimat as string;
    // A key that may broadcast readies the CAP reader; a deployment has long done so before an alert comes.
    await server.app.capFeeds.ready();
    const alert = `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>LQ-29-${code}</identifier><sender>canhbao@kttv-quangtri.gov.vn</sender><sent>2026-09-17T05:30:00+07:00</sent>
  <status>Actual</status><msgType>Alert</msgType><scope>Public</scope>
  <info>
    <language>vi-VN</language><category>Met</category><event>Lũ quét</event>
    <urgency>Immediate</urgency><severity>Extreme</severity><certainty>Observed</certainty>
    <headline>Lũ quét trên suối Đakrông</headline>
    <description>Nước suối lên nhanh.</description>
    <instruction>Di chuyển ngay đến nơi cao ráo.</instruction>
    <area><areaDesc>Xã A</areaDesc><geocode><valueName>MaDVHC</valueName><value>${code}</value></geocode></area>
  </info>
</alert>`;
    const sentAt = Date.now();
    const res = await fetch(`${server.url}/v1/client/cap`, { method: 'POST', headers: { 'content-type': 'application/cap+xml', authorization: `Bearer ${key}` }, body: alert });
    const answeredAt = Date.now();
    const body = (await res.json()) as { data: { ketqua: string; idphatngay: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.ketqua).toBe('phat');
    // The alert is read on the CAP thread first: on a loaded machine (load 12 on 2 cores) that alone
    // took 1.5 s, so this test allows the 5 s the CAP suite allows; the benchmark measures the 2 s target.
    await expectChimeThenSpeech(body.data.idphatngay, sentAt, answeredAt, 5000);
  }, 90_000);
});
