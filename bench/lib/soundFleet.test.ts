import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMp3, speechLike } from '../../apps/speaker/src/testing/signals';
import { SoundFleet, firstFrameKbps } from './soundFleet';

const mp3 = encodeMp3(speechLike(7, 2), 64);
let server: http.Server;
let base: string;
let stallAfter = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(mp3.length) });
    if (req.url === '/waits.mp3') {
      // Speech still being made: no answer for longer than the test lasts.
      setTimeout(() => res.end(mp3), 20_000).unref();
      return;
    }
    if (req.url === '/stalls.mp3') {
      // Half the file, then a pause longer than the buffer holds: the speaker runs dry once.
      res.write(mp3.subarray(0, Math.round(stallAfter)));
      setTimeout(() => res.end(mp3.subarray(Math.round(stallAfter))), 2500);
    } else {
      res.end(mp3);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => {
  server.close(() => resolve());
  server.closeAllConnections();
}));

describe('the simulated speakers\' ears', () => {
  it('read the bit rate of the first MP3 frame', () => {
    expect(firstFrameKbps(mp3)).toBe(64);
    expect(firstFrameKbps(encodeMp3(speechLike(1, 0.5, 22_050), 48))).toBe(48);
    expect(firstFrameKbps(Buffer.from('not audio'))).toBeNull();
  });

  it('fetch an item, fill the prebuffer, play it at its rate to the end: every byte, no underrun', async () => {
    const fleet = new SoundFleet(base, new Map());
    try {
      fleet.fetch('loa-1', 's', 0, 'file', `${base}/ok.mp3`);
      const [f] = await fleet.collect('s', 10_000);
      expect(f).toMatchObject({ status: 200, bytes: mp3.length, expected: mp3.length, underruns: 0, error: null });
      expect(f.firstByteAt! - f.askedAt).toBeLessThan(1000);
      expect(f.prebufferAt).not.toBeNull();
      // It lasted as long as its audio plays (2 s), not as long as the download.
      expect(f.endedAt! - f.askedAt).toBeGreaterThan(1500);
    } finally {
      fleet.close();
    }
  });

  it('count an underrun when the audio stops coming before it is played', async () => {
    stallAfter = (64_000 / 8) * 1.2;
    const fleet = new SoundFleet(base, new Map());
    try {
      fleet.fetch('loa-1', 't', 0, 'file', `${base}/stalls.mp3`);
      const [f] = await fleet.collect('t', 10_000);
      expect(f.bytes).toBe(mp3.length);
      expect(f.underruns).toBe(1);
    } finally {
      fleet.close();
    }
  });

  it('count a request its speaker was told to stop before any answer as cut by the stop, not as an error', async () => {
    const fleet = new SoundFleet(base, new Map());
    const speaker = Object.assign(new EventEmitter(), { deviceId: 'loa-2' });
    try {
      fleet.listen(speaker);
      fleet.armed = true;
      fleet.fetch('loa-2', 'u', 0, 'file', `${base}/waits.mp3`);
      await new Promise((r) => setTimeout(r, 300));
      speaker.emit('command', { type: 'stop', sessionId: 'u' });
      const [f] = await fleet.collect('u', 5000);
      expect(f).toMatchObject({ error: null, stopped: true, firstByteAt: null, status: null });
    } finally {
      fleet.close();
    }
  });
});
