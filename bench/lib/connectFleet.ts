import { performance } from 'node:perf_hooks';
import { createFleet, type Fleet, type FleetDevice, type FleetOptions, type SpeakerAgent } from '@loa/speaker';
import type { ConsoleClient } from './consoleClient';
import { readHealth } from './health';
import { sleep } from './pool';
import { ms } from './stats';

export interface ConnectedFleet {
  fleet: Fleet;
  /** Milliseconds until every agent was connected and the server counted them all online; null on timeout. */
  allOnlineMs: number | null;
  online: number;
  /**
   * Agents that know areas whose command topics they have not subscribed to. Before the agent's
   * fix (syncAreas), agents whose retained configuration arrived before their SUBACK were such.
   */
  unsubscribedAreas: SpeakerAgent[];
  /** Agents whose configuration arrived before their SUBACK callback (the race syncAreas handles). */
  configFirst: number;
}

/**
 * Connects a silent fleet (no audio downloads) and polls once a second until every agent is
 * connected and the server counts them all online, or `timeoutS` passes.
 */
export async function connectFleet(
  client: ConsoleClient | readonly ConsoleClient[],
  mqttUrl: string,
  devices: FleetDevice[],
  options: { concurrency: number; timeoutS: number; log: (line: string) => void } & Pick<FleetOptions, 'clockErrorMs' | 'simulatedLatency'>,
): Promise<ConnectedFleet> {
  const t0 = performance.now();
  const fleet = createFleet({
    mqttUrl, devices, concurrency: options.concurrency, fetchAudio: false, clockErrorMs: options.clockErrorMs, simulatedLatency: options.simulatedLatency,
  });
  // No agent can connect before this synchronous code ends, so no event is missed.
  const configFirst = new Set<SpeakerAgent>();
  for (const agent of fleet.agents) {
    let connected = false;
    agent.once('connected', () => (connected = true));
    agent.once('config', () => {
      if (!connected) configFirst.add(agent);
    });
  }
  const unsubscribedAreas = () => fleet.agents.filter((a) => a.unsubscribedAreas.length > 0);
  const up = await waitUntilOnline(client, () => fleet.connectedCount(), devices.length, t0, options);
  return { fleet, ...up, unsubscribedAreas: unsubscribedAreas(), configFirst: configFirst.size };
}

/**
 * Polls once a second until `connectedCount()` and the server's online count both reach `n`, or
 * `timeoutS` (counted from `t0`) passes: answers the time from `t0` (null on a time-out) and the
 * server's last count. Progress is logged every 5 s. With several servers (a console on each),
 * every one must count them all, and the lowest count is the one answered.
 */
export async function waitUntilOnline(
  client: ConsoleClient | readonly ConsoleClient[],
  connectedCount: () => number,
  n: number,
  t0: number,
  options: { timeoutS: number; log: (line: string) => void },
): Promise<{ allOnlineMs: number | null; online: number }> {
  let online = 0;
  for (let tick = 1; performance.now() - t0 < options.timeoutS * 1000; tick += 1) {
    await sleep(1000);
    const connected = connectedCount();
    const counts = await Promise.all(([] as ConsoleClient[]).concat(client).map(async (c) => (await readHealth(c)).thietbi.online));
    online = Math.min(...counts);
    if (connected === n && online === n) return { allOnlineMs: performance.now() - t0, online };
    if (tick % 5 === 0) options.log(`  ${String(tick).padStart(4)} s  connected ${connected}/${n}  server online ${online}`);
  }
  options.log(`  gave up after ${ms(performance.now() - t0)}: server online ${online}/${n}`);
  return { allOnlineMs: null, online };
}
