import { SpeakerAgent } from './agent';
import { skewedClock } from './clockSync';
import { silentLogger, type Logger } from './logger';
import { SilentPlayer, type Player } from './player';

export interface FleetDevice {
  id: string;
  secret: string;
}

export interface FleetOptions {
  mqttUrl: string;
  devices: FleetDevice[];
  /** Open audio URLs over HTTP (default false: a fleet of thousands would download thousands of copies). */
  fetchAudio?: boolean;
  /** Connection attempts in flight at once (default 200). */
  concurrency?: number;
  /** One player shared by every agent (default a silent player). */
  player?: Player;
  firmware?: string;
  audioBaseUrl?: string;
  /** Fleet-level messages (refusals, progress); agents themselves stay quiet. */
  logger?: Logger;
  /** How long to wait for one agent's first attempt before moving on (default 20 s). */
  attemptTimeoutMs?: number;
  /** Simulation: how wrong each agent's clock is, ms (default: right). The clock exchange corrects it. */
  clockErrorMs?: (index: number) => number;
  /** Simulation: one-way delay added to every message of every agent, ms. */
  simulatedLatency?: () => number;
}

/** N simulated speakers in one process. */
export interface Fleet {
  agents: SpeakerAgent[];
  /** Resolves once every agent has made its first connection attempt. */
  ready: Promise<void>;
  get(id: string): SpeakerAgent | undefined;
  connectedCount(): number;
  playingCount(): number;
  /** Ids the broker refused (wrong secret). */
  refused(): string[];
  /** Kills one agent abruptly (its last will goes out); false when the id is unknown. */
  killOne(id: string): boolean;
  /** Stops every agent gracefully. */
  stop(): Promise<void>;
}

/** Runs `worker` over `items` with at most `limit` in flight. */
async function inPool<T>(items: readonly T[], limit: number, worker: (item: T) => Promise<void>, cancelled: () => boolean): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !cancelled()) {
      const item = items[next];
      next += 1;
      await worker(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/** Resolves when an agent's first attempt is settled: connected, refused or failed (or after `timeoutMs`). */
function firstAttempt(agent: SpeakerAgent, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      agent.off('connected', done);
      agent.off('refused', done);
      agent.off('attemptFailed', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    agent.once('connected', done);
    agent.once('refused', done);
    agent.once('attemptFailed', done);
  });
}

/**
 * Creates a fleet and starts connecting it in the background, `concurrency` connections at a time,
 * each agent with its own MQTT connection. Agents share one player and one report clock, so a
 * fleet of 10,000 fits a small machine.
 */
export function createFleet(options: FleetOptions): Fleet {
  const log = options.logger ?? silentLogger;
  const player = options.player ?? new SilentPlayer({ fetchAudio: options.fetchAudio ?? false });
  const agents = options.devices.map(
    (device, index) =>
      new SpeakerAgent({
        ...(options.clockErrorMs ? { clock: skewedClock(options.clockErrorMs(index)) } : {}),
        ...(options.simulatedLatency ? { simulatedLatency: options.simulatedLatency } : {}),
        mqttUrl: options.mqttUrl,
        deviceId: device.id,
        secret: device.secret,
        player,
        firmware: options.firmware,
        audioBaseUrl: options.audioBaseUrl,
      }),
  );
  const byId = new Map(agents.map((a) => [a.deviceId, a]));
  const refusedIds = new Set<string>();
  let stopped = false;

  for (const agent of agents) {
    agent.on('refused', () => {
      if (!refusedIds.has(agent.deviceId)) log.warn(`[${agent.deviceId}] sai mã thiết bị hoặc khoá bí mật / wrong device id or secret`);
      refusedIds.add(agent.deviceId);
    });
  }

  const ready = inPool(
    agents,
    options.concurrency ?? 200,
    async (agent) => {
      const settled = firstAttempt(agent, options.attemptTimeoutMs ?? 20_000);
      agent.start().catch(() => undefined);
      await settled;
    },
    () => stopped,
  );

  return {
    agents,
    ready,
    get: (id) => byId.get(id),
    connectedCount: () => agents.reduce((n, a) => n + (a.connected ? 1 : 0), 0),
    playingCount: () => agents.reduce((n, a) => n + (a.playing ? 1 : 0), 0),
    refused: () => [...refusedIds],
    killOne: (id) => {
      const agent = byId.get(id);
      if (!agent) return false;
      agent.kill();
      return true;
    },
    stop: async () => {
      stopped = true;
      await ready;
      await inPool(agents, options.concurrency ?? 200, (agent) => agent.stop().catch(() => undefined), () => false);
    },
  };
}

/** Starts a fleet and resolves once every agent has made its first connection attempt. */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const fleet = createFleet(options);
  await fleet.ready;
  return fleet;
}
