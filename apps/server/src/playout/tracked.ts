import type { BusyBroadcast } from '@loa/contract';
import type * as q from '../features/broadcasts/broadcasts.queries';
import type { Claim } from './holders';
import { itemAt, itemStarts, stateAt, type RunPlan, type SessionState } from './plan';

/** A session the engine knows: its row, where it stands, what went out for it. */
export interface Tracked {
  row: q.BroadcastRow;
  timer: NodeJS.Timeout | null;
  /** The run whose play command went out, and the run whose wait was announced. */
  sentRun: number;
  announcedWait: number;
  state: SessionState;
  currentItem: number;
  /** For a session not yet in the database: stores it, once its first play command is out. */
  record: (() => Promise<void>) | null;
  /** That write while it runs (a stop waits for it, so it never ends a session not yet stored). */
  recording: Promise<void> | null;
  /** Its first run takes the speakers from a session of the same priority (an officer's takeover). */
  takeover: boolean;
  /** Run by another instance: known from the database, shown and weighed, never advanced here. */
  remote?: boolean;
}

export const claimOf = (t: Tracked): Claim => ({ id: t.row.id, priority: t.row.priority, since: t.row.started_at.getTime() });

/** Where a live voice session's voice starts in its timeline (after its chime), or null for any other session. */
export const liveOffset = (row: q.BroadcastRow): number | null => {
  const i = row.items.findIndex((item) => item.kind === 'live');
  return i < 0 ? null : itemStarts(row.items)[i];
};

export const planOf = (row: q.BroadcastRow): RunPlan => ({
  items: row.items, total: row.total_seconds, repeatMode: row.repeat_mode, repeatInterval: row.repeat_interval, repeatCount: row.repeat_count,
});

/** Where a session stands at `now`, by wall clock. */
export const stateNow = (row: q.BroadcastRow, now = Date.now()): SessionState => stateAt(planOf(row), row.run_started_at.getTime(), now);

/** A running session as a clash names it: title, creator, priority, its last end, speakers shared. */
export function busyOf(t: Tracked, shared: number): BusyBroadcast {
  const last = stateNow(t.row, Number.MAX_SAFE_INTEGER);
  return {
    idlichphat: t.row.id, tieude: t.row.title, nguoitao: { _id: t.row.created_by, hoten: t.row.creator_name }, uutien: t.row.priority,
    ketthuc: last.status === 'finished' ? last.endedAt : Date.now(), soloa: shared,
    ...(liveOffset(t.row) !== null ? { tructiep: true } : {}),
  };
}

/** A session another instance runs, as this one weighs and shows it (its current run taken as sent). */
export function remoteTracked(row: q.BroadcastRow): Tracked {
  const state = stateNow(row);
  const at = state.status === 'playing' ? itemAt(row.items, (Date.now() - state.runStart) / 1000) : null;
  return {
    row, timer: null, sentRun: state.status === 'playing' ? state.runIndex : -1, announcedWait: -1, state, currentItem: at?.index ?? -1,
    record: null, recording: null, takeover: false, remote: true,
  };
}
