import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessPlayer, SilentPlayer } from './player';

/** Issue #12: a live voice item is an endless stream heard from its newest audio, never sought into. */
let http: Server;
let base: string;
let closed = 0;
const dirs: string[] = [];
beforeAll(async () => {
  http = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    const timer = setInterval(() => res.write(Buffer.alloc(1024)), 10);
    res.on('close', () => {
      clearInterval(timer);
      closed += 1;
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

describe('a live item', () => {
  it('is played by mpg123 from the live edge, whatever the position the wall clock gives', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loa-live-'));
    dirs.push(dir);
    const program = join(dir, 'fake-mpg123');
    await writeFile(program, `#!/bin/sh\necho "$@" > ${join(dir, 'args')}\nexec sleep 30\n`);
    await chmod(program, 0o755);
    const stop = new AbortController();
    const t0 = Date.now();
    setTimeout(() => stop.abort(), 300);
    // A speaker that comes back 95 s into the session: nothing to skip, no grace after its end.
    const before = closed;
    await new ProcessPlayer('mpg123', program).play(`${base}/media/live/x.mp3`, 95, 14_400, stop.signal, 'live');
    expect(Date.now() - t0).toBeLessThan(2000);
    // mpg123 decodes what the agent feeds it (stdin, through the pacer); the agent fetched the stream, and let go of it at the stop.
    expect((await readFile(join(dir, 'args'), 'utf8')).trim()).toBe('-q --no-seekbuffer -f 32768 -');
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(before + 1);
  });

  it('is opened by the silent player, which reads a few kilobytes and lets go while the item goes on', async () => {
    const before = closed;
    const stop = new AbortController();
    const playing = new SilentPlayer({ fetchAudio: true }).play(`${base}/live`, 0, 10, stop.signal, 'live');
    await new Promise((r) => setTimeout(r, 600));
    expect(closed).toBe(before + 1);
    stop.abort();
    await playing;
  });
});
