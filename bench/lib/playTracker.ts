import type { DeviceCommand, DeviceEvent } from '@loa/contract';

/** A simulated speaker as the tracker sees it: the agent, or a lean speaker (leanFleet.ts). */
export interface TrackedSpeaker {
  readonly deviceId: string;
  on(name: 'command', listener: (command: DeviceCommand) => void): unknown;
  on(name: 'event', listener: (event: DeviceEvent) => void): unknown;
}

/** When each agent first saw something happen to a session, on the tracker's clock. */
export type Arrivals = Map<string, number>;

interface SessionLog {
  title: string;
  /** deviceId → first `play` command of the session. */
  play: Arrivals;
  /** deviceId → first `started` event it published for the session. */
  started: Arrivals;
  /** deviceId → first `stop` command naming the session. */
  stop: Arrivals;
  /** deviceId → the item it played was reported finished because of a stop (its `playing` went null). */
  stopped: Arrivals;
}

/** What a tracker records per session and speaker: the first time each happened. */
export type ArrivalKind = 'play' | 'started' | 'stop' | 'stopped';

/** A first arrival as recorded, for a tracker in another process (bench/lib/fleetProcesses.ts). */
export type Arrival = [kind: ArrivalKind, sessionId: string, deviceId: string, at: number];

/**
 * Listens to every agent of a fleet and records, per session, when each one received `play` and
 * `stop` and when it reported `started` or stopped. `clock` is `performance.now` for relative
 * timings or `Date.now` to compare with planned wall-clock seconds. `onFirst` hears every first
 * arrival as it is recorded.
 */
export class PlayTracker {
  private readonly sessions = new Map<string, SessionLog>();

  constructor(agents: readonly TrackedSpeaker[], private readonly clock: () => number, private readonly onFirst?: (arrival: Arrival) => void) {
    for (const agent of agents) {
      const id = agent.deviceId;
      agent.on('command', (cmd) => {
        if (cmd.type === 'play') {
          const log = this.session(cmd.sessionId);
          if (!log.title) log.title = cmd.title;
          this.record('play', cmd.sessionId, id, this.clock());
        } else if (cmd.type === 'stop' && cmd.sessionId) {
          this.record('stop', cmd.sessionId, id, this.clock());
        }
      });
      agent.on('event', (ev) => {
        if (!ev.sessionId) return;
        if (ev.type === 'started') this.record('started', ev.sessionId, id, this.clock());
        else if (ev.type === 'finished' && ev.message === 'stopped') this.record('stopped', ev.sessionId, id, this.clock());
      });
    }
  }

  /** Notes that `kind` happened to `deviceId` for a session at `at`, unless it already had. */
  record(kind: ArrivalKind, sessionId: string, deviceId: string, at: number): void {
    const arrivals = this.session(sessionId)[kind];
    if (arrivals.has(deviceId)) return;
    arrivals.set(deviceId, at);
    this.onFirst?.([kind, sessionId, deviceId, at]);
  }

  /** What was recorded for a session (empty maps when nothing arrived). */
  session(sessionId: string): SessionLog {
    let log = this.sessions.get(sessionId);
    if (!log) {
      log = { title: '', play: new Map(), started: new Map(), stop: new Map(), stopped: new Map() };
      this.sessions.set(sessionId, log);
    }
    return log;
  }

  /** Every session seen so far, with the title its play command carried. */
  all(): [string, SessionLog][] {
    return [...this.sessions];
  }
}

/** Arrival times relative to `t0`. */
export const since = (arrivals: Arrivals, t0: number): number[] => [...arrivals.values()].map((at) => at - t0);
