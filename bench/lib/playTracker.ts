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

/**
 * Listens to every agent of a fleet and records, per session, when each one received `play` and
 * `stop` and when it reported `started` or stopped. `clock` is `performance.now` for relative
 * timings or `Date.now` to compare with planned wall-clock seconds.
 */
export class PlayTracker {
  private readonly sessions = new Map<string, SessionLog>();

  constructor(agents: readonly TrackedSpeaker[], private readonly clock: () => number) {
    for (const agent of agents) {
      const id = agent.deviceId;
      agent.on('command', (cmd) => {
        if (cmd.type === 'play') {
          const log = this.session(cmd.sessionId);
          if (!log.title) log.title = cmd.title;
          first(log.play, id, this.clock());
        } else if (cmd.type === 'stop' && cmd.sessionId) {
          first(this.session(cmd.sessionId).stop, id, this.clock());
        }
      });
      agent.on('event', (ev) => {
        if (!ev.sessionId) return;
        if (ev.type === 'started') first(this.session(ev.sessionId).started, id, this.clock());
        else if (ev.type === 'finished' && ev.message === 'stopped') first(this.session(ev.sessionId).stopped, id, this.clock());
      });
    }
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

function first(arrivals: Arrivals, deviceId: string, at: number): void {
  if (!arrivals.has(deviceId)) arrivals.set(deviceId, at);
}

/** Arrival times relative to `t0`. */
export const since = (arrivals: Arrivals, t0: number): number[] => [...arrivals.values()].map((at) => at - t0);
