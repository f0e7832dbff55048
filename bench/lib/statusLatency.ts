import { performance } from 'node:perf_hooks';
import { SilentPlayer, SpeakerAgent, type Fleet } from '@loa/speaker';
import type { RegisteredDevice } from './seed';
import { sleep } from './pool';
import type { StatusWatcher } from './statusWatcher';

export interface LatencySamples {
  /** Milliseconds from the cause to the console's status event, for the samples that arrived. */
  visible: number[];
  /** Samples whose event never arrived within the timeout. */
  missed: number;
}

export interface ReconnectSamples extends LatencySamples {
  /** Milliseconds from `start()` to the agent's own "connected" (broker accepted, subscribed). */
  agentConnected: number[];
  /** The new agents, to stop at the end. */
  agents: SpeakerAgent[];
}

/**
 * Kills each device abruptly (the broker publishes its last will), `gapMs` apart, and times how
 * long until the console is told it is offline.
 */
export async function measureKills(fleet: Fleet, ids: readonly string[], watcher: StatusWatcher, gapMs: number, timeoutMs: number): Promise<LatencySamples> {
  const pending: Promise<number | null>[] = [];
  for (const id of ids) {
    const seen = watcher.waitFor(id, false, timeoutMs);
    const t0 = performance.now();
    fleet.killOne(id);
    pending.push(seen.then((at) => (at === null ? null : at - t0)));
    await sleep(gapMs);
  }
  return settle(await Promise.all(pending));
}

/**
 * Starts a new agent for each (killed) device with its secret, `gapMs` apart, and times how long
 * until the console is told it is online again.
 */
export async function measureReconnects(mqttUrl: string, devices: readonly RegisteredDevice[], watcher: StatusWatcher, gapMs: number, timeoutMs: number): Promise<ReconnectSamples> {
  const player = new SilentPlayer({ fetchAudio: false });
  const agents: SpeakerAgent[] = [];
  const agentConnected: number[] = [];
  const pending: Promise<number | null>[] = [];
  for (const device of devices) {
    const agent = new SpeakerAgent({ mqttUrl, deviceId: device.id, secret: device.secret, player });
    agents.push(agent);
    const seen = watcher.waitFor(device.id, true, timeoutMs);
    const t0 = performance.now();
    agent.once('connected', () => agentConnected.push(performance.now() - t0));
    agent.start().catch(() => undefined);
    pending.push(seen.then((at) => (at === null ? null : at - t0)));
    await sleep(gapMs);
  }
  return { ...settle(await Promise.all(pending)), agentConnected, agents };
}

function settle(results: (number | null)[]): LatencySamples {
  const visible = results.filter((r): r is number => r !== null);
  return { visible, missed: results.length - visible.length };
}
