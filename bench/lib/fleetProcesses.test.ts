import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import mqttPacket from 'mqtt-packet';
import { topics, type DeviceCommand } from '@loa/contract';
import { SERVER_ACCOUNT, startPasswordFileBroker, type PasswordFileBroker } from './deviceAccounts';
import { FleetProcesses, monotonicMs, monotonicShift, shareOut } from './fleetProcesses';
import { PlayTracker } from './playTracker';
import { encodeMp3, speechLike } from '../../apps/speaker/src/testing/signals';

describe('shareOut', () => {
  it('deals items round-robin so every share holds every kind of item', () => {
    expect(shareOut([1, 2, 3, 4, 5], 2)).toEqual([[1, 3, 5], [2, 4]]);
    expect(shareOut(['a'], 3)).toEqual([['a'], [], []]);
  });
});

describe('monotonicShift', () => {
  it('turns the machine-wide monotonic clock into this process\'s performance.now()', () => {
    const shift = monotonicShift();
    const now = performance.now();
    expect(Math.abs(monotonicMs() - shift - now)).toBeLessThan(5);
  });
});

const eventually = async (done: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('FleetProcesses', () => {
  let broker: PasswordFileBroker | null = null;
  let fleet: FleetProcesses | null = null;
  let devices: { id: string; secret: string }[] = [];
  afterAll(async () => {
    await fleet?.kill();
    await broker?.stop();
  });

  it('runs the speakers in child processes and records when each got a play command and started, on this process\'s clock', { timeout: 60_000 }, async () => {
    devices = Array.from({ length: 6 }, (_, i) => ({ id: `dev-${i}-${crypto.randomBytes(3).toString('hex')}`, secret: crypto.randomBytes(16).toString('base64url') }));
    broker = await startPasswordFileBroker(20);
    await broker.addDevices(devices);
    fleet = new FleetProcesses(broker.url, devices, 2, 10);
    expect(Object.keys(fleet.pids())).toEqual(['fleet 1', 'fleet 2']);
    await eventually(() => fleet!.connectedCount() === devices.length, 30_000);
    const tracker = new PlayTracker([], () => performance.now());
    fleet.track(tracker);

    // The server account sends each device the same session, as the engine does.
    const server = net.connect(Number(new URL(broker.url).port), '127.0.0.1');
    const serverUrl = new URL(broker.serverUrl);
    server.write(mqttPacket.generate({ cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, keepalive: 30, clientId: 'test-server', username: SERVER_ACCOUNT, password: Buffer.from(serverUrl.password) }));
    const now = Date.now();
    const sentAt = performance.now();
    for (const d of devices) {
      const play: DeviceCommand = {
        id: `play-${d.id}`, issuedAt: now, expiresAt: now + 60_000, type: 'play', sessionId: 'session-1', priority: 1, title: 'Thử',
        items: [{ url: 'http://127.0.0.1:9/x', duration: 30, title: 'Thử', kind: 'relay' }], startAt: now,
      };
      server.write(mqttPacket.generate({ cmd: 'publish', topic: topics.deviceCmd(d.id), payload: Buffer.from(JSON.stringify(play)), qos: 0, retain: false, dup: false }));
    }
    const session = tracker.session('session-1');
    await eventually(() => session.started.size === devices.length && fleet!.playingCount() === devices.length, 10_000);
    const receivedAt = performance.now();
    server.destroy();
    expect([...session.play.keys()].sort()).toEqual(devices.map((d) => d.id).sort());
    for (const d of devices) {
      expect(session.play.get(d.id)).toBeGreaterThanOrEqual(sentAt - 5);
      expect(session.started.get(d.id)).toBeGreaterThanOrEqual(session.play.get(d.id)!);
      expect(session.started.get(d.id)).toBeLessThanOrEqual(receivedAt);
    }
  });

  it('has the children\'s speakers fetch audio as the sound bulletins ask, every fetch back whole and on this process\'s clock', { timeout: 60_000 }, async () => {
    const mp3 = encodeMp3(speechLike(3, 1), 64);
    const files = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(mp3.length) });
      res.end(mp3);
    });
    await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(files.address() as net.AddressInfo).port}`;
    const ears = fleet!.ears([base]);
    try {
      const before = performance.now();
      ears.fetchAll('direct', `${base}/ban-tin.mp3`);
      const fetches = await ears.collect('direct', 20_000);
      const after = performance.now();
      expect(fetches.map((f) => f.speaker).sort()).toEqual(devices.map((d) => d.id).sort());
      for (const f of fetches) {
        expect(f).toMatchObject({ status: 200, bytes: mp3.length, expected: mp3.length, underruns: 0, error: null });
        expect(f.askedAt).toBeGreaterThanOrEqual(before - 5);
        expect(f.firstByteAt!).toBeGreaterThanOrEqual(f.askedAt);
        // A second of audio plays for about a second after its prebuffer, and ended before collect answered.
        expect(f.endedAt!).toBeLessThanOrEqual(after);
        expect(f.endedAt! - f.askedAt).toBeGreaterThan(800);
        expect(after - before).toBeLessThan(8000);
      }
    } finally {
      await ears.close();
      await new Promise<void>((resolve) => files.close(() => resolve()));
    }
  });
});
