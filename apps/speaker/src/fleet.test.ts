import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '@loa/contract';
import { startFleet } from './fleet';
import { startTestBroker, type SeenMessage, type TestBroker } from './testing/broker';

let broker: TestBroker;
beforeAll(async () => {
  broker = await startTestBroker();
});
afterAll(async () => {
  await broker.close();
});

const json = (m: SeenMessage) => m.json as Record<string, unknown>;

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('startFleet', () => {
  it('connects 200 agents, each with its own session, and plays one area command on all of them', async () => {
    const devices = Array.from({ length: 200 }, (_, i) => ({ id: `fleet-${i}`, secret: `secret-${i}` }));
    for (const d of devices) {
      broker.addDevice(d.id, d.secret, ['xa-fleet']);
      await broker.sendConfig(d.id, { areas: ['xa-fleet'], reportInterval: 20, keepalive: 30, volume: 60, defaultRelayUrl: null, quietHours: null });
    }
    const fleet = await startFleet({ mqttUrl: broker.url, devices, concurrency: 50 });
    try {
      expect(fleet.connectedCount()).toBe(200);
      expect(broker.broker.connectedClients).toBeGreaterThanOrEqual(200);
      const online = () => new Set(broker.messages.filter((m) => m.topic.endsWith('/state') && json(m).online === true).map((m) => m.topic));
      await until(() => online().size >= 200);
      for (const d of devices) expect(online().has(topics.state(d.id))).toBe(true);

      // Every agent takes its retained config (areas) before the one area publish.
      await until(() => fleet.agents.every((a) => a.areas.length === 1));
      const now = Date.now();
      await broker.sendCommand(topics.areaCmd('xa-fleet'), {
        type: 'play', id: 'fleet-play', issuedAt: now, expiresAt: now + 10_000, sessionId: 'fleet-session', priority: 0, title: 'Loa cả xã',
        startAt: now, items: [{ url: 'http://127.0.0.1:9/x.mp3', duration: 3, title: 'Thông báo', kind: 'file' }],
      });
      const started = () => new Set(broker.messages.filter((m) => m.topic.endsWith('/event') && json(m).type === 'started' && json(m).sessionId === 'fleet-session').map((m) => m.topic)).size;
      await until(() => started() >= 200);
      expect(started()).toBe(200);
      expect(fleet.playingCount()).toBe(200);

      expect(fleet.killOne('fleet-7')).toBe(true);
      await broker.waitFor((m) => m.topic === topics.state('fleet-7') && json(m).online === false);
      expect(fleet.connectedCount()).toBe(199);
    } finally {
      await fleet.stop();
    }
    expect(fleet.connectedCount()).toBe(0);
  });

  it('reports agents whose secret the broker refuses', async () => {
    broker.addDevice('fleet-ok', 'right');
    broker.addDevice('fleet-bad', 'right');
    const fleet = await startFleet({ mqttUrl: broker.url, devices: [{ id: 'fleet-ok', secret: 'right' }, { id: 'fleet-bad', secret: 'wrong' }] });
    try {
      expect(fleet.connectedCount()).toBe(1);
      expect(fleet.refused()).toEqual(['fleet-bad']);
    } finally {
      await fleet.stop();
    }
  });
});
