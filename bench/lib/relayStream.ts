import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { firstFrameKbps } from './soundFleet';

/**
 * A relay source for the sound benchmark: an endless MP3 stream (an MP3 looped) at its own bit
 * rate, as a radio station's stream server sends it (Icecast's default burst of 64 kB at once,
 * then in real time), on a free port of 127.0.0.1. One timer writes the same bytes to every listener.
 */
export async function startRelayStream(mp3: Buffer): Promise<{ url: string; listeners: () => number; stop: () => Promise<void> }> {
  const rate = ((firstFrameKbps(mp3) ?? 64) * 1000) / 8;
  const TICK_MS = 200;
  const BURST_BYTES = 64 * 1024;
  const listeners = new Set<http.ServerResponse>();
  let at = 0;
  const slice = (n: number): Buffer => {
    const parts: Buffer[] = [];
    while (n > 0) {
      const take = Math.min(n, mp3.length - at);
      parts.push(mp3.subarray(at, at + take));
      at = (at + take) % mp3.length;
      n -= take;
    }
    return Buffer.concat(parts);
  };
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'cache-control': 'no-store' });
    res.write(slice(BURST_BYTES));
    listeners.add(res);
    req.on('close', () => listeners.delete(res));
  });
  server.maxConnections = 100_000;
  const timer = setInterval(() => {
    const chunk = slice(Math.round((rate * TICK_MS) / 1000));
    for (const res of listeners) if (res.writableLength < rate * 8) res.write(chunk);
  }, TICK_MS);
  // Every speaker connects in the same second: a backlog for all of them (Node's default is 511).
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 65_535 }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/relay.mp3`,
    listeners: () => listeners.size,
    stop: async () => {
      clearInterval(timer);
      for (const res of listeners) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
