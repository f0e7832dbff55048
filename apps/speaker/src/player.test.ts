import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { choosePlayer, findExecutable, ProcessPlayer, SilentPlayer } from './player';
import { PlaybackSession } from './session';
import { STREAM_TIMEOUT_S } from './streamResume';
import { compareAudio, readWav, type Audio } from './testing/audioCheck';
import { mpg123ForTests } from './testing/mpg123';
import { encodeMp3, speechLike } from './testing/signals';

const mpg123 = await mpg123ForTests();
/** A spoken-like source of 2 s, served as /speech.mp3 and, endlessly and in real time, as /speech-relay. */
const speech = speechLike(21, 2);
const speechMp3 = encodeMp3(speech);

let http: Server;
let base: string;
let relayClosed = false;
let stallingListeners = 0;
beforeAll(async () => {
  http = createServer((req, res) => {
    if (req.url === '/speech.mp3') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(speechMp3);
      return;
    }
    if (req.url === '/slow-speech.mp3') {
      // A link at a bad moment: the answer comes 0.7 s after the request.
      setTimeout(() => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(speechMp3), 700);
      return;
    }
    if (req.url === '/speech-relay') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      // About as fast as it plays: a tenth of the file every 0.2 s.
      let at = 0;
      const step = Math.ceil(speechMp3.length / 10);
      const timer = setInterval(() => {
        res.write(speechMp3.subarray(at, at + step));
        at = (at + step) % speechMp3.length;
      }, 200);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (req.url === '/stalling-relay') {
      // A station whose first listener gets 2 s of audio, then nothing on a connection that stays open
      // (a silent encoder, a proxy that stalled); a listener who comes again gets it in real time.
      stallingListeners += 1;
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      const first = stallingListeners === 1;
      let at = 0;
      const step = Math.ceil(speechMp3.length / 10);
      const started = Date.now();
      const timer = setInterval(() => {
        if (first && Date.now() - started > 1800) return;
        res.write(speechMp3.subarray(at, at + step));
        at = (at + step) % speechMp3.length;
      }, 200);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (req.url === '/relay') {
      // An endless live stream.
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      const timer = setInterval(() => res.write(Buffer.alloc(2048)), 10);
      res.on('close', () => {
        clearInterval(timer);
        relayClosed = true;
      });
      return;
    }
    res.writeHead(req.url === '/ok.mp3' ? 200 : 404).end(req.url === '/ok.mp3' ? Buffer.alloc(1000) : undefined);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => {
  http.closeAllConnections();
  return new Promise<void>((resolve) => http.close(() => resolve()));
});

describe('SilentPlayer', () => {
  it('keeps real time from the seek position', async () => {
    const t0 = Date.now();
    await new SilentPlayer().play('http://x/a.mp3', 0.7, 1, new AbortController().signal);
    const elapsed = Date.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(600);
  });

  it('stops at once when aborted', async () => {
    const controller = new AbortController();
    const t0 = Date.now();
    setTimeout(() => controller.abort(), 50);
    await new SilentPlayer().play('http://x/a.mp3', 0, 10, controller.signal);
    expect(Date.now() - t0).toBeLessThan(500);
  });

  it('fails on a missing file when it fetches audio', async () => {
    await expect(new SilentPlayer({ fetchAudio: true }).play(`${base}/missing.mp3`, 0, 1, new AbortController().signal)).rejects.toThrow(/404/);
    await expect(new SilentPlayer({ fetchAudio: true }).play(`${base}/ok.mp3`, 0, 0.1, new AbortController().signal)).resolves.toBeUndefined();
  });

  it('opens a relay stream without downloading it whole', async () => {
    relayClosed = false;
    await new SilentPlayer({ fetchAudio: true }).play(`${base}/relay`, 0, 0.3, new AbortController().signal, 'relay');
    await new Promise((r) => setTimeout(r, 100));
    expect(relayClosed).toBe(true);
  });
});

describe('ProcessPlayer', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  async function fakeProgram(body: string): Promise<{ path: string; argsFile: string }> {
    const dir = await mkdtemp(join(tmpdir(), 'loa-player-'));
    dirs.push(dir);
    const argsFile = join(dir, 'args');
    const path = join(dir, 'fake-player');
    await writeFile(path, `#!/bin/sh\necho "$@" > ${argsFile}\n${body}\n`);
    await chmod(path, 0o755);
    return { path, argsFile };
  }

  it('passes the seek position and volume to mpg123', async () => {
    const fake = await fakeProgram('exit 0');
    const player = new ProcessPlayer('mpg123', fake.path);
    player.setVolume(50);
    await player.play('/var/lib/loa-speaker/cache/a.mp3', 10, 60, new AbortController().signal);
    expect((await readFile(fake.argsFile, 'utf8')).trim()).toBe('-q -f 16384 -k 383 /var/lib/loa-speaker/cache/a.mp3');
  });

  it('fetches a stored file from the server itself and feeds it to mpg123, which still skips to the position (issue #30)', async () => {
    const body = Buffer.from('ID3-not-really-an-mp3-but-bytes');
    const http = createServer((_req, res) => res.end(body));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const fake = await fakeProgram('');
      // The fake decoder keeps what it was fed beside its arguments.
      const fed = `${fake.argsFile}.in`;
      await writeFile(fake.path, `#!/bin/sh
echo "$@" > ${fake.argsFile}
cat > ${fed}
`);
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/media/a.mp3`;
      await new ProcessPlayer('mpg123', fake.path).play(url, 10, 60, new AbortController().signal);
      expect((await readFile(fake.argsFile, 'utf8')).trim()).toBe('-q -f 32768 -k 383 -');
      expect(await readFile(fed)).toEqual(body);
      // A missing file is the agent's error, as the silent player says it.
      const missing = createServer((_req, res) => res.writeHead(404).end());
      await new Promise<void>((resolve) => missing.listen(0, '127.0.0.1', resolve));
      const at = `http://127.0.0.1:${(missing.address() as AddressInfo).port}/media/b.mp3`;
      await expect(new ProcessPlayer('mpg123', fake.path).play(at, 0, 5, new AbortController().signal)).rejects.toThrow(`HTTP 404 for ${at}`);
      await new Promise<void>((resolve) => missing.close(() => resolve()));
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });

  it('plays a stream opened ahead (prepare) without waiting for the server again, and closes one no item took', async () => {
    let requests = 0;
    let closed = 0;
    // A server that takes 1.5 s to answer: a speaker's 4G link at a bad moment.
    const slow = createServer((req, res) => {
      requests += 1;
      if (req.url?.endsWith('/never.mp3')) {
        // Long audio, still being sent when the session ends.
        res.on('close', () => (closed += 1));
        res.write(Buffer.alloc(1024));
        return;
      }
      setTimeout(() => res.end(Buffer.from('ID3-bytes')), 1500);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const fake = await fakeProgram('cat > /dev/null');
      const player = new ProcessPlayer('mpg123', fake.path);
      const base = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/media`;
      const ahead = new AbortController();
      player.prepare(`${base}/a.mp3`, 'file', ahead.signal);
      player.prepare(`${base}/never.mp3`, 'file', ahead.signal);
      await new Promise((r) => setTimeout(r, 1700));
      const t0 = Date.now();
      await player.play(`${base}/a.mp3`, 0, 5, new AbortController().signal);
      // The answer was already there: not another 1.5 s.
      expect(Date.now() - t0).toBeLessThan(1000);
      expect(requests).toBe(2);
      ahead.abort();
      await vi.waitFor(() => expect(closed).toBe(1));
      // A relay is not opened ahead (it would be heard from where it was opened).
      player.prepare(`${base}/relay`, 'relay', new AbortController().signal);
      await new Promise((r) => setTimeout(r, 100));
      expect(requests).toBe(2);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('passes -ss to ffplay', () => {
    expect(new ProcessPlayer('ffplay').argsFor('u', 2.5)).toEqual(['-nodisp', '-autoexit', '-loglevel', 'error', '-volume', '100', '-ss', '2.50', 'u']);
  });

  it('cuts a relay when its time is up and reports a failing program', async () => {
    const endless = await fakeProgram('exec sleep 30');
    const t0 = Date.now();
    await new ProcessPlayer('ffplay', endless.path).play('http://x/live', 0, 0.3, new AbortController().signal, 'relay');
    expect(Date.now() - t0).toBeLessThan(2000);
    const broken = await fakeProgram('echo "cannot open" >&2; exit 3');
    await expect(new ProcessPlayer('mpg123', broken.path).play(`${base}/relay`, 0, 5, new AbortController().signal, 'relay')).rejects.toThrow('cannot open');
  });

  it('writes to a WAV file with mpg123 only', () => {
    expect(new ProcessPlayer('mpg123', 'mpg123', { outputDir: '/x' }).argsFor('u', 1, '/x/a.wav.part')).toEqual(['-q', '-f', '32768', '-k', '38', '-w', '/x/a.wav.part', 'u']);
    expect(() => new ProcessPlayer('ffplay', 'ffplay', { outputDir: '/x' })).toThrow(/mpg123/);
  });

  it('decodes live voice as it arrives, from the agent (stdin) without a seek buffer (mpg123 would read it half a second at a time)', () => {
    expect(new ProcessPlayer('mpg123').argsFor('u', 0, undefined, 'live')).toEqual(['-q', '--no-seekbuffer', '-f', '32768', '-']);
    expect(new ProcessPlayer('mpg123').argsFor('u', 0, undefined, 'relay')).toEqual(['-q', '-f', '32768', 'u']);
    expect(new ProcessPlayer('ffplay').argsFor('u', 0, undefined, 'live')).toEqual(['-nodisp', '-autoexit', '-loglevel', 'error', '-fflags', 'nobuffer', '-volume', '100', 'u']);
  });

  it('finds executables on PATH', async () => {
    expect(await findExecutable('sh')).toMatch(/\/sh$/);
    expect(await findExecutable('surely-not-a-program-xyz')).toBeNull();
  });
});

/** Seconds of `audio` from `from` to `to`. */
const slice = (audio: Audio, from: number, to: number): Audio => ({
  sampleRate: audio.sampleRate, samples: audio.samples.slice(Math.round(from * audio.sampleRate), Math.round(to * audio.sampleRate)),
});

describe.runIf(mpg123)('ProcessPlayer writing what it plays (output folder)', () => {
  let dir: string;
  let player: ProcessPlayer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loa-output-'));
    player = (await choosePlayer({ outputDir: join(dir, 'wav') })) as ProcessPlayer;
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const out = (name: string) => join(dir, 'wav', name);

  it('writes each item, in the time it plays, to <session>-<item>.wav that sounds like its source; a second play of it to -2', async () => {
    expect(player.name).toBe(`mpg123 → ${join(dir, 'wav')}`);
    const t0 = Date.now();
    await player.play(`${base}/speech.mp3`, 0, 2, new AbortController().signal, 'file', { sessionId: 'phien/1', index: 3 });
    // As long as the audio, not the few milliseconds mpg123 takes to decode it.
    expect(Date.now() - t0).toBeGreaterThan(1900);
    expect(compareAudio(await readWav(out('phien_1-3.wav')), speech)).toMatchObject({ ok: true });
    player.setVolume(40);
    await player.play(`${base}/speech.mp3`, 0, 2, new AbortController().signal, 'file', { sessionId: 'phien/1', index: 3 });
    const again = await readWav(out('phien_1-3-2.wav'));
    expect(compareAudio(again, speech)).toMatchObject({ ok: true });
    // The volume is mpg123's scale factor: the samples are quieter, the sound the same.
    const peak = (a: Audio) => a.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak(again) / peak(await readWav(out('phien_1-3.wav')))).toBeCloseTo(0.4, 1);
    player.setVolume(100);
  });

  it('starts a late joiner where the item is, and keeps only what was heard of an item stopped early', async () => {
    // Where the sound starts is where the item is when the decoder starts: a loaded machine that
    // took a moment to open the audio starts a little further in (the next test), and says so.
    let joinedAt = Number.NaN;
    await player.play(`${base}/speech.mp3`, 1, 2, new AbortController().signal, 'file', { sessionId: 'late', index: 0, onSound: (at) => (joinedAt = at) });
    expect(joinedAt).toBeGreaterThanOrEqual(1);
    expect(compareAudio(await readWav(out('late-0.wav')), slice(speech, joinedAt, 2))).toMatchObject({ ok: true });

    const stop = new AbortController();
    setTimeout(() => stop.abort(), 800);
    let startedAt = Number.NaN;
    await player.play(`${base}/speech.mp3`, 0, 2, stop.signal, 'file', { sessionId: 'stopped', index: 0, onSound: (at) => (startedAt = at) });
    const heard = await readWav(out('stopped-0.wav'));
    expect(compareAudio(heard, slice(speech, startedAt, 0.8), { maxLagSeconds: 0.1 })).toMatchObject({ durationOk: true, matchOk: true });
  });

  it('starts an item whose audio took time to open that far in, says so, and ends it on the clock (in step with the other speakers, not late throughout)', async () => {
    const late: { asked: number; at: number }[] = [];
    const ends: number[] = [];
    const startAt = Date.now();
    const session = new PlaybackSession({
      type: 'play', id: 'c-slow', issuedAt: startAt, expiresAt: startAt + 60_000, sessionId: 'slow-open', priority: 1, title: 'Chậm', startAt,
      items: [{ url: `${base}/slow-speech.mp3`, duration: 2, title: 'Tin', kind: 'file' }],
    }, player, {
      onItemStart: () => undefined, onItemEnd: () => ends.push(Date.now() - startAt), onEnd: () => undefined,
      onLateSound: (_i, asked, at) => late.push({ asked, at }),
    }, (u) => u);
    await session.run();
    // Opened 0.7 s after its instant (no prepare ahead for a session's first item): its sound starts 0.7 s in.
    expect(late).toHaveLength(1);
    expect(late[0].asked).toBeLessThan(0.1);
    expect(late[0].at).toBeGreaterThan(0.65);
    expect(late[0].at).toBeLessThan(1.2);
    // What it wrote is the source from there, and the item ended at its planned end, not 0.7 s after it.
    expect(compareAudio(await readWav(out('slow-open-0.wav')), slice(speech, late[0].at, 2), { maxLagSeconds: 0.1 })).toMatchObject({ durationOk: true, matchOk: true });
    expect(ends[0]).toBeLessThan(2000 + 400);
  });

  it('gives up a relay gone silent on an open connection after STREAM_TIMEOUT_S, hears the station again from where it is now, and reports the gap (issue #30 item 4)', async () => {
    const gaps: { from: number; to: number }[] = [];
    const ends: string[] = [];
    const startAt = Date.now();
    const session = new PlaybackSession({
      type: 'play', id: 'c-relay', issuedAt: startAt, expiresAt: startAt + 60_000, sessionId: 'relay-silent', priority: 1, title: 'VOV', startAt,
      items: [{ url: `${base}/stalling-relay`, duration: 16, title: 'VOV1', kind: 'relay' }],
    }, player, {
      onItemStart: () => undefined, onItemEnd: (_i, outcome) => ends.push(outcome.kind), onEnd: () => undefined,
      onGap: (_i, from, to) => gaps.push({ from, to }),
    }, (u) => u);
    await session.run();
    expect(stallingListeners).toBe(2);
    expect(ends).toEqual(['finished']);
    // Lost: from the stall (about 2 s in) to the new connection, STREAM_TIMEOUT_S later and a little more.
    expect(gaps).toHaveLength(1);
    expect(gaps[0].to - gaps[0].from).toBeGreaterThan(STREAM_TIMEOUT_S - 1);
    expect(gaps[0].to - gaps[0].from).toBeLessThan(STREAM_TIMEOUT_S + 4);
    // The second stretch is the station as it came, heard at once (not skipped to the clock's position), to the item's end.
    const second = await readWav(out('relay-silent-0-2.wav'));
    expect(second.samples.length / second.sampleRate).toBeGreaterThan(16 - gaps[0].to - 1);
    // Its first seconds are the station's first (it sends from the top of its loop): heard, not skipped.
    const comparison = compareAudio(slice(second, 0, 1.5), slice(speech, 0, 1.5), { maxLagSeconds: 0.3 });
    expect(comparison.matchOk, JSON.stringify(comparison)).toBe(true);
  }, 40_000);

  it('cuts a relay at its duration and names nothing it could not open', async () => {
    const t0 = Date.now();
    await player.play(`${base}/speech-relay`, 0, 1, new AbortController().signal, 'relay', { sessionId: 'relay', index: 0 });
    expect(Date.now() - t0).toBeLessThan(1600);
    const heard = await readWav(out('relay-0.wav'));
    expect(heard.samples.length / heard.sampleRate).toBeGreaterThan(0.5);
    expect(heard.samples.length / heard.sampleRate).toBeLessThanOrEqual(1.2);

    await expect(player.play(`${base}/missing.mp3`, 0, 1, new AbortController().signal, 'file', { sessionId: 'missing', index: 0 })).rejects.toThrow();
    expect((await readdir(join(dir, 'wav'))).filter((name) => name.startsWith('missing') || name.endsWith('.part'))).toEqual([]);
  });
});
