/**
 * Lean simulated speakers spread over child processes (`fanout --fleet-processes N`), so that no
 * one process holds 20,000 sockets or reads 20,000 commands in a row. Each child
 * (bench/lib/fleetProcess.ts) runs a LeanFleet and a PlayTracker for its share of the devices and
 * sends the first arrivals back over IPC in batches; the coordinator records them in its own
 * PlayTracker. Times are taken in the child, when the command was parsed or the event written, on
 * the system's monotonic clock (process.hrtime, the same in every process of the machine), and
 * turned into the coordinator's performance.now(): a batch's trip over IPC adds nothing to them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FleetDevice } from '@loa/speaker';
import type { LeanFleetOptions } from './leanFleet';
import type { Arrival, PlayTracker } from './playTracker';
import { shiftFetch, type ItemFetch, type SoundEars } from './soundFleet';

/** The machine's monotonic clock in ms (CLOCK_MONOTONIC on Linux: one origin for every process). */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** How far this process's performance.now() is behind monotonicMs(): subtract it from a child's time. */
export function monotonicShift(): number {
  // Read both between two hrtime readings: the shift is known to within their gap (µs).
  const a = monotonicMs();
  const p = performance.now();
  const b = monotonicMs();
  return (a + b) / 2 - p;
}

/** Deals `items` out round-robin into `n` shares (the devices of every commune in every share). */
export function shareOut<T>(items: readonly T[], n: number): T[][] {
  const shares: T[][] = Array.from({ length: Math.max(1, n) }, () => []);
  items.forEach((item, i) => shares[i % shares.length].push(item));
  return shares;
}

/** Coordinator → child: the fleet, and the sound bulletins' ears (lib/soundFleet.ts) on its speakers. */
export type ToFleetProcess =
  | { type: 'start'; mqttUrl: string; devices: FleetDevice[]; concurrency: number; options: LeanFleetOptions }
  | { type: 'stop' }
  | { type: 'ears'; serverUrls: string[] }
  | { type: 'arm'; armed: boolean }
  | { type: 'fetch-all'; sessionId: string; url: string }
  | { type: 'collect'; request: number; sessionId: string; timeoutMs: number }
  | { type: 'close-ears' };

/** Child → coordinator: its counts whenever they change, and first arrivals (monotonic ms); a collect's fetches (monotonic ms). */
export type FromFleetProcess =
  | { type: 'status'; connected: number; playing: number; arrivals: Arrival[] }
  | { type: 'collected'; request: number; fetches: ItemFetch[] };

const childFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fleetProcess.ts');

interface Child {
  process: ChildProcess;
  connected: number;
  playing: number;
  exited: boolean;
}

/** The coordinator's side: the children's counts, and their arrivals recorded into `track`'s tracker. */
export class FleetProcesses {
  private readonly children: Child[];
  private tracker: PlayTracker | null = null;
  private readonly shift = monotonicShift();
  private stopping = false;
  private requests = 0;

  constructor(mqttUrl: string, devices: readonly FleetDevice[], processes: number, concurrency: number, options: LeanFleetOptions = {}) {
    this.children = shareOut(devices, processes).map((share, i) => {
      const child: Child = {
        process: fork(childFile, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
        connected: 0, playing: 0, exited: false,
      };
      child.process.on('message', (message: FromFleetProcess) => this.receive(child, message));
      child.process.once('exit', (code, signal) => {
        child.exited = true;
        child.connected = 0;
        if (!this.stopping) process.stderr.write(`fleet process ${i + 1} ended (${code ?? signal}) with ${share.length} speakers\n`);
      });
      child.process.send({ type: 'start', mqttUrl, devices: share, concurrency, options } satisfies ToFleetProcess);
      return child;
    });
  }

  /** Arrivals from now on go to `tracker`, on this process's performance.now() clock. */
  track(tracker: PlayTracker): void {
    this.tracker = tracker;
  }

  /** Process ids, for CPU readings ("fleet 1", "fleet 2", …). */
  pids(): Record<string, number> {
    return Object.fromEntries(this.children.map((c, i) => [`fleet ${i + 1}`, c.process.pid!]));
  }

  connectedCount(): number {
    return this.children.reduce((n, c) => n + c.connected, 0);
  }

  playingCount(): number {
    return this.children.reduce((n, c) => n + c.playing, 0);
  }

  /** The children's speakers' ears for the sound bulletins: each child fetches for its share (from the servers in turn), times come back on this clock. */
  ears(serverUrls: string[]): SoundEars {
    this.send({ type: 'ears', serverUrls });
    return {
      arm: (armed) => this.send({ type: 'arm', armed }),
      fetchAll: (sessionId, url) => this.send({ type: 'fetch-all', sessionId, url }),
      collect: async (sessionId, timeoutMs) => {
        const request = (this.requests += 1);
        const answers = await Promise.all(this.children.map((c) => new Promise<ItemFetch[]>((resolve) => {
          const onMessage = (message: FromFleetProcess) => {
            if (message.type !== 'collected' || message.request !== request) return;
            c.process.off('message', onMessage);
            c.process.off('exit', onExit);
            resolve(message.fetches);
          };
          const onExit = () => resolve([]);
          c.process.on('message', onMessage);
          c.process.once('exit', onExit);
          c.process.send({ type: 'collect', request, sessionId, timeoutMs } satisfies ToFleetProcess);
        })));
        return answers.flat().map((f) => shiftFetch(f, -this.shift));
      },
      close: async () => this.send({ type: 'close-ears' }),
    };
  }

  private send(message: ToFleetProcess): void {
    for (const c of this.children) if (!c.exited) c.process.send(message);
  }

  /** Each child closes its connections (wills go out, as a power cut) and exits; SIGKILL after 5 s. */
  async kill(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.children.map(async (c) => {
      if (c.exited) return;
      const exited = new Promise<void>((resolve) => c.process.once('exit', () => resolve()));
      c.process.send({ type: 'stop' } satisfies ToFleetProcess);
      const timer = setTimeout(() => c.process.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }));
  }

  private receive(child: Child, message: FromFleetProcess): void {
    if (message.type !== 'status') return;
    child.connected = message.connected;
    child.playing = message.playing;
    if (!this.tracker) return;
    for (const [kind, sessionId, deviceId, at] of message.arrivals) this.tracker.record(kind, sessionId, deviceId, at - this.shift);
  }
}
