import { speakersBusyMessage, type BusyBroadcast } from '@loa/contract';
import type { DeviceGateway } from '../gateway/gateway';
import type * as q from '../features/broadcasts/broadcasts.queries';
import { AppError } from '../infra/errors';
import { devicesOf } from './speakers';
import { busyOf, type Tracked } from './tracked';

/**
 * What a new session does about sessions of its own priority on shared speakers: an officer's
 * broadcast is refused (409 naming them) unless it lists them in `takeover`, which ends them; a
 * schedule's run waits there behind them and joins when they end (docs/architecture.md).
 */
export interface StartOptions {
  samePriority?: 'refuse' | 'wait';
  takeover?: ReadonlySet<string>;
  /** Who takes over (stored as who stopped the sessions taken over). */
  by?: string;
}

/** What a new session met on its speakers, for its system-log entries and notifications. */
export interface StartOutcome {
  /** Same priority, ended by an explicit takeover. */
  takenOver: BusyBroadcast[];
  /** Lower priority, silenced on the shared speakers until this one ends. */
  preempted: BusyBroadcast[];
  /** There first at the same or a higher priority: this one waits on the shared speakers. */
  waitsBehind: BusyBroadcast[];
}

/** 409: the chosen speakers play a broadcast of the same priority (named in `dangphat`). */
export class SpeakersBusyError extends AppError {
  constructor(readonly busy: BusyBroadcast[]) {
    super(409, speakersBusyMessage(busy[0]), { dangphat: busy });
  }
}

/** A running session met on a new one's speakers, with how many it shares. */
export interface Met {
  t: Tracked;
  shared: number;
}

/**
 * Running sessions that share speakers with this one at its priority or above (which a new
 * session of it would take over or wait behind), or below it (which it would pre-empt), with how
 * many speakers each shares. A session waiting between runs still holds its speakers.
 */
export function meets(row: q.BroadcastRow, others: readonly Tracked[], gateway: DeviceGateway): Met[] {
  if (others.length === 0) return [];
  const mine = devicesOf(gateway, row);
  const met: Met[] = [];
  for (const o of others) {
    if (o.row.id === row.id) continue;
    let shared = 0;
    for (const d of devicesOf(gateway, o.row)) if (mine.has(d)) shared += 1;
    if (shared > 0) met.push({ t: o, shared });
  }
  return met;
}

/** What a new session does with what it met: throws the 409, or names what it takes over, pre-empts and waits behind. */
export function decide(row: q.BroadcastRow, met: readonly Met[], opts: StartOptions): { takenOver: Met[]; outcome: StartOutcome } {
  const same = met.filter((m) => m.t.row.priority === row.priority);
  const refuse = opts.samePriority === 'refuse';
  if (refuse) {
    const refused = same.filter((m) => !opts.takeover?.has(m.t.row.id));
    if (refused.length > 0) throw new SpeakersBusyError(refused.map((m) => busyOf(m.t, m.shared)));
  }
  const takenOver = refuse ? same : [];
  return {
    takenOver,
    outcome: {
      takenOver: takenOver.map((m) => busyOf(m.t, m.shared)),
      preempted: met.filter((m) => m.t.row.priority < row.priority && m.t.state.status === 'playing').map((m) => busyOf(m.t, m.shared)),
      waitsBehind: met.filter((m) => m.t.row.priority > row.priority || (!refuse && m.t.row.priority === row.priority)).map((m) => busyOf(m.t, m.shared)),
    },
  };
}
