import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHog } from './hog';

let server: http.Server;
let base: string;
let open = 0;
beforeAll(async () => {
  // Three at a time from one address, as MEDIA_MAX_PER_IP would allow, the rest 429.
  server = http.createServer((_req, res) => {
    if (open >= 3) {
      res.writeHead(429).end();
      return;
    }
    open += 1;
    res.on('close', () => void (open -= 1));
    res.writeHead(200, { 'content-type': 'audio/mpeg' });
    res.write(Buffer.alloc(256 * 1024));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the hostile client', () => {
  it('holds what it is answered without reading it, counts the refusals, and lets go when stopped', async () => {
    const hog = startHog(`${base}/a.mp3`, 10);
    const until = Date.now() + 5000;
    while (Object.values(hog.statuses()).reduce((a, b) => a + b, 0) < 10 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(hog.statuses()).toEqual({ 200: 3, 429: 7 });
    expect(open).toBe(3);
    hog.stop();
    const freed = Date.now() + 5000;
    while (open > 0 && Date.now() < freed) await new Promise((r) => setTimeout(r, 20));
    expect(open).toBe(0);
  });
});
