import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findExecutable, ProcessPlayer, SilentPlayer } from './player';

let http: Server;
let base: string;
let relayClosed = false;
beforeAll(async () => {
  http = createServer((req, res) => {
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
    await player.play('http://x/a.mp3', 10, 60, new AbortController().signal);
    expect((await readFile(fake.argsFile, 'utf8')).trim()).toBe('-q -f 16384 -k 383 http://x/a.mp3');
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
    await expect(new ProcessPlayer('mpg123', broken.path).play('http://x/a.mp3', 0, 5, new AbortController().signal)).rejects.toThrow('cannot open');
  });

  it('finds executables on PATH', async () => {
    expect(await findExecutable('sh')).toMatch(/\/sh$/);
    expect(await findExecutable('surely-not-a-program-xyz')).toBeNull();
  });
});
