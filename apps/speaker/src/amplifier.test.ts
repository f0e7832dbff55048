import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { topics, type DeviceEvent } from '@loa/contract';
import { SpeakerAgent } from './agent';
import { AmplifiedPlayer, Amplifier, attachAmplifier } from './amplifier';
import { silentLogger } from './logger';
import { SilentPlayer } from './player';
import { startTestBroker, type TestBroker } from './testing/broker';

// Issue #31, part 3: the amplifier hook around a real session of a real agent (embedded broker).
let broker: TestBroker;
let dir: string;
const agents: SpeakerAgent[] = [];
let n = 0;

beforeAll(async () => {
  broker = await startTestBroker();
  dir = await mkdtemp(join(tmpdir(), 'loa-amplifier-'));
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.stop()));
});
afterAll(async () => {
  await broker.close();
  await rm(dir, { recursive: true, force: true });
});

/** The sound itself: when each item really began and ended (the player behind the amplifier). */
class TimedPlayer extends SilentPlayer {
  readonly began: number[] = [];
  readonly ended: number[] = [];
  constructor() {
    super({ fetchAudio: false });
  }
  override async play(...args: Parameters<SilentPlayer['play']>): Promise<void> {
    this.began.push(Date.now());
    try {
      await super.play(...args);
    } finally {
      this.ended.push(Date.now());
    }
  }
}

/** An agent whose player sits behind an amplifier with these hooks; what it logs is in `log`. */
async function amplifiedAgent(hooks: { on: string; off: string }, leadMs: number, offDelayMs: number) {
  n += 1;
  const deviceId = `amp-${n}`;
  broker.addDevice(deviceId, 's3cret', []);
  const faults: string[] = [];
  const amplifier = new Amplifier({ ...hooks, leadMs, offDelayMs, log: silentLogger, onFault: (m) => faults.push(m) });
  const sound = new TimedPlayer();
  const agent = new SpeakerAgent({ mqttUrl: broker.url, deviceId, secret: 's3cret', player: new AmplifiedPlayer(sound, amplifier) });
  attachAmplifier(agent, amplifier);
  // Each event with the time it was published, on this machine's clock (the hooks' clock).
  const events: { event: DeviceEvent; at: number }[] = [];
  agent.on('event', (event) => events.push({ event, at: Date.now() }));
  agents.push(agent);
  await agent.start();
  return { agent, amplifier, faults, events, sound };
}

const hook = (file: string, word: string) => `echo "${word} $(date +%s%3N)" >> ${file}`;
async function lines(file: string): Promise<[string, number][]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trim().split('\n').filter(Boolean).map((l) => {
    const [word, at] = l.split(' ');
    return [word, Number(at)];
  });
}
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function playCommand(deviceId: string, startInMs: number) {
  const now = Date.now();
  return {
    type: 'play' as const, id: `cmd-${deviceId}`, issuedAt: now, expiresAt: now + 60_000, sessionId: `s-${deviceId}`, priority: 0, title: 'Bản tin',
    items: [{ url: 'http://127.0.0.1:9/a.mp3', duration: 2, title: 'Mục 1', kind: 'file' as const }, { url: 'http://127.0.0.1:9/b.mp3', duration: 1, title: 'Mục 2', kind: 'file' as const }],
    startAt: now + startInMs,
  };
}

describe('the amplifier hook', () => {
  it('switches on the lead before the first item and off the delay after the last, once for the whole session', async () => {
    const file = join(dir, 'order.log');
    const { agent, faults, sound } = await amplifiedAgent({ on: hook(file, 'on'), off: hook(file, 'off') }, 800, 700);
    // The command comes 300 ms before its start, less than the lead: the first item waits for the amplifier.
    await broker.sendCommand(topics.deviceCmd(agent.deviceId), playCommand(agent.deviceId, 300));
    const log = await until(async () => {
      const l = await lines(file);
      return l.length === 2 && l;
    });
    expect(log.map(([word]) => word)).toEqual(['on', 'off']);
    expect(sound.began).toHaveLength(2);
    expect(sound.ended).toHaveLength(2);
    const [[, onAt], [, offAt]] = log;
    // On before any sound, the lead passed before the first item; off after the last, by the delay
    // (date's milliseconds against Node's: a few ms of rounding either way).
    expect(sound.began[0] - onAt).toBeGreaterThanOrEqual(800 - 20);
    expect(offAt - sound.ended[1]).toBeGreaterThanOrEqual(700 - 20);
    // Not switched between the items.
    expect(offAt).toBeGreaterThan(sound.began[1]);
    expect(faults).toEqual([]);
  });

  it('stays on from the command to the start when the command comes well ahead (longer than lead and delay)', async () => {
    const file = join(dir, 'ahead.log');
    const { agent, sound } = await amplifiedAgent({ on: hook(file, 'on'), off: hook(file, 'off') }, 200, 300);
    await broker.sendCommand(topics.deviceCmd(agent.deviceId), playCommand(agent.deviceId, 2000));
    await until(async () => sound.ended.length === 2 && (await lines(file)).length >= 2);
    const log = await lines(file);
    expect(log.map(([word]) => word)).toEqual(['on', 'off']);
    expect(log[0][1]).toBeLessThan(sound.began[0]);
    expect(log[1][1]).toBeGreaterThan(sound.ended[1]);
  });

  it('reports a failing hook and plays the session all the same', async () => {
    const file = join(dir, 'failing.log');
    const { agent, faults, events, amplifier } = await amplifiedAgent({ on: 'echo "no gpio chip" >&2; exit 3', off: hook(file, 'off') }, 100, 100);
    await broker.sendCommand(topics.deviceCmd(agent.deviceId), playCommand(agent.deviceId, 200));
    await until(async () => events.filter((e) => e.event.type === 'finished').length === 2);
    expect(events.filter((e) => e.event.type === 'error')).toEqual([]);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toContain('mã thoát / exit code 3');
    expect(faults[0]).toContain('no gpio chip');
    await until(async () => (await lines(file)).length === 1);
    expect(amplifier.on).toBe(false);
  });
});
