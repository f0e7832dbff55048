import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { CSRF_HEADER, SOURCE_KINDS } from '@loa/contract';
import { audioFrom, compareAudio, decodeMp3, readWav } from '../apps/speaker/src/testing/audioCheck';
import { mpg123ForTests } from '../apps/speaker/src/testing/mpg123';
import { encodeMp3, speechLike } from '../apps/speaker/src/testing/signals';
import { addCommune, apiGet as get, apiPost as post, baseUrl, csrfOf, signIn, withAgentOutput } from './fixtures';

/**
 * Issue #12: real sound at the speakers. Two real agents (the `npm run speaker` command line, mpg123
 * writing what they play to WAV files) in two communes of one district; a bulletin of server speech
 * and an uploaded MP3 to the first commune. What the first speaker decoded is its sources, whole; the
 * second wrote nothing.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// About 9 s of speech: a speaker told a moment after the bulletin's start joins it that much late
// (it keeps in step with the others), well inside the 5 % the check allows.
const SPEECH = 'Thông báo khẩn: lúc 14 giờ 30, nước sông Ô Lâu lên nhanh. Bà con thôn Tân Lương di chuyển người và tài sản lên chỗ cao.';

/**
 * How far into the second item of a bulletin a speaker's sound may start (seconds): its audio is
 * opened ahead, and the first item ends on the clock. Seen: 0.0–0.2 s here, also under `stress-ng
 * --cpu 2`; 0.4 s, then 1.1 s on the CI machine before the first item's start counted the time its
 * audio took to open (docs/performance.md "Between two items of a bulletin").
 */
const MAX_JOIN_S = 1;
/**
 * How far into the first item the sound may start: the play command's way to the speaker, then its
 * audio opened (nothing is opened ahead of a bulletin's first item). The emergency target (issue #29:
 * the first sound within 2 s of the request) bounds it.
 */
const MAX_FIRST_SOUND_S = 2;

/** A speaker running the agent's command line, writing what it plays to `outputDir`. */
interface RealSpeaker {
  id: string;
  outputDir: string;
  process: ChildProcess;
  output: () => string;
}

function runSpeaker(id: string, secret: string, outputDir: string): RealSpeaker {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/speaker/src/cli.ts'), '--server', baseUrl(), '--id', id, '--output-dir', outputDir], {
    cwd: root, env: { ...process.env, LOA_DEVICE_SECRET: secret }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { id, outputDir, process: child, output: () => output };
}

async function stopSpeaker(speaker: RealSpeaker): Promise<void> {
  const child = speaker.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

test('a bulletin of speech and an MP3 to one commune: its speaker decodes both whole, the other commune\'s speaker plays nothing', async ({ page }) => {
  test.setTimeout(120_000);
  test.skip(!(await mpg123ForTests()), 'mpg123 is not installed');
  await signIn(page);
  const tag = String(Date.now() % 1_000_000);
  // Two new communes of the demo district, each with one real speaker and nothing else.
  const communeA = await addCommune(page, `Xã Nghe ${tag}`);
  const communeB = await addCommune(page, `Xã Lặng ${tag}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-e2e-sound-'));
  const speakers: RealSpeaker[] = [];
  try {
    for (const [name, area] of [['A', communeA], ['B', communeB]] as const) {
      const added = await area.addDevice(`Loa thật ${name} ${tag}`, `SOUND-${name}-${tag}`);
      speakers.push(runSpeaker(added.id, added.secret, path.join(dir, name)));
    }
    const [a, b] = speakers;
    for (const [speaker, area] of [[a, communeA], [b, communeB]] as const) {
      await withAgentOutput(expect.poll(async () => (await get<{ _id: string; trangthai: { online: boolean } }[]>(page, `/v1/client/thietbi/laythietbi?diaban=${area._id}`))
        .some((d) => d._id === speaker.id && d.trangthai.online), { timeout: 20_000 }).toBe(true), speaker.output);
    }

    // The server's offline voice speaks the bulletin.
    const tts = await post<{ url: string; urldownload: string; thoiluong: number; noidunggiongnoi: string }>(page, '/v1/client/tts/espeak', { input: SPEECH, speaker_id: 'banmaiace' });
    // A recorded announcement: sound shaped like speech, 4 s, encoded to MP3 by LAME.
    const announcement = speechLike(2026, 4);
    const res = await page.request.post(`${baseUrl()}/v1/client/phatngay/phatngay`, {
      headers: { [CSRF_HEADER]: await csrfOf(page) },
      multipart: {
        thongtin: JSON.stringify({ tieude: `Kiểm tra âm thanh ${tag}`, loaibantin: 2, uutien: 1, diabanchon: [communeA._id], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 }),
        nguonphat: JSON.stringify([
          { kieunguon: SOURCE_KINDS.tts, thoigianBatdau: tts.thoiluong, url: tts.url, urldownload: tts.urldownload, noidunggiongnoi: tts.noidunggiongnoi },
          { kieunguon: SOURCE_KINDS.file, thoigianBatdau: 4, files: [{ fileName: 'loi-keu-goi.mp3', url: 'x-loi-keu-goi.mp3', duration: 4 }] },
        ]),
        files: { name: 'loi-keu-goi.mp3', mimeType: 'audio/mpeg', buffer: encodeMp3(announcement) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const sessionId = (await res.json()).data.idlichphat as string;

    // Each item is sealed under its final name when it has played.
    const expected = [`${sessionId}-0.wav`, `${sessionId}-1.wav`];
    const written = () => (fs.existsSync(a.outputDir) ? fs.readdirSync(a.outputDir).sort() : []);
    await withAgentOutput(expect.poll(written, { timeout: 40_000 }).toEqual(expected), a.output);
    await expect.poll(async () => (await get<{ idlichphat: string }[]>(page, '/v1/client/lichphat/lichphatdangphat')).some((x) => x.idlichphat === sessionId), { timeout: 10_000 }).toBe(false);

    const speech = await decodeMp3(Buffer.from(await (await page.request.get(`${baseUrl()}${tts.url}`)).body()));
    const heardSpeech = await readWav(path.join(a.outputDir, expected[0]));
    const heardAnnouncement = await readWav(path.join(a.outputDir, expected[1]));
    // The speaker keeps in step with the others: when the play command reached it after the
    // bulletin's start (a loaded machine: seen 0.5 s late in CI runs here), or when opening the item's
    // audio took time, its sound starts that far in, and it says where. What it played is each item
    // from there.
    const joinedAt = (item: string) => {
      const escaped = item.replace(/[.()]/g, '\\$&');
      const found = new RegExp(`${escaped} phát từ / sounds from ([\\d.]+) s`).exec(a.output()) ?? new RegExp(`${escaped} từ / from ([\\d.]+) s`).exec(a.output());
      return Number(found?.[1] ?? NaN);
    };
    const joinedSpeech = joinedAt('(1/2)');
    expect(joinedSpeech, a.output()).toBeLessThanOrEqual(MAX_FIRST_SOUND_S);
    expect(compareAudio(heardSpeech, audioFrom(speech, joinedSpeech)), a.output()).toMatchObject({ durationOk: true, matchOk: true });
    // Against the samples that were encoded, not another decoding: the whole path from upload to speaker.
    const joined = joinedAt('"loi-keu-goi.mp3" (2/2)');
    expect(joined, a.output()).toBeLessThanOrEqual(MAX_JOIN_S);
    const fromJoin = audioFrom(announcement, joined);
    expect(compareAudio(heardAnnouncement, fromJoin), a.output()).toMatchObject({ durationOk: true, matchOk: true });
    // The check tells the two apart.
    expect(compareAudio(heardSpeech, announcement).matchOk).toBe(false);
    expect(compareAudio(heardAnnouncement, speech).matchOk).toBe(false);

    // The other commune's speaker was online all along and wrote nothing, not even a part.
    expect(b.process.exitCode).toBeNull();
    expect(fs.readdirSync(b.outputDir)).toEqual([]);
  } finally {
    await Promise.all(speakers.map(stopSpeaker));
    fs.rmSync(dir, { recursive: true, force: true });
    for (const area of [communeA, communeB]) await area.remove();
  }
});
