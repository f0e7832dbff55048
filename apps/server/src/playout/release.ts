import type * as q from '../features/broadcasts/broadcasts.queries';
import { holderAmong, outranks } from './holders';
import { claimOf, stateNow, type Tracked } from './tracked';

/** A session to send again on some speakers, from the start of its current run. */
export interface Resume {
  t: Tracked;
  runStart: number;
  deviceIds: string[];
}

/**
 * What waits on the speakers of a session that has let go of them (issue #32: it ended, however it
 * ended, or went silent between runs): on each of its speakers where it outranked the session that
 * holds the speaker now, that session, with the start of its current run so the speaker seeks in to
 * where its timeline stands (docs/architecture.md "Overlapping broadcasts").
 *
 * Only a session on air in its current run is resumed (a later run not yet sent goes out by itself
 * to all its speakers); states are taken at `now`, not as last stored, so a session whose run ended
 * meanwhile is not sent again. `others`: every running session but `gone`, on any instance.
 */
export function whatWaitsOn(gone: Tracked, others: readonly Tracked[], devicesOf: (row: q.BroadcastRow) => Set<string>, now = Date.now()): Resume[] {
  const onAir = [];
  for (const o of others) {
    if (o.row.id === gone.row.id) continue;
    const state = stateNow(o.row, now);
    if (state.status !== 'playing') continue;
    onAir.push({ o, runStart: state.runStart, sent: o.remote === true || o.sentRun === state.runIndex, claim: claimOf(o), devices: devicesOf(o.row) });
  }
  if (onAir.length === 0) return [];
  const goneClaim = claimOf(gone);
  const resumes = new Map<Tracked, Resume>();
  for (const d of devicesOf(gone.row)) {
    const reaching = onAir.filter((x) => x.devices.has(d));
    const holder = holderAmong(reaching.map((x) => x.claim));
    // Where it did not hold the speaker, nothing changes there.
    if (!holder || !outranks(goneClaim, holder)) continue;
    const next = reaching.find((x) => x.claim === holder)!;
    if (!next.sent) continue;
    const resume = resumes.get(next.o) ?? { t: next.o, runStart: next.runStart, deviceIds: [] };
    resume.deviceIds.push(d);
    resumes.set(next.o, resume);
  }
  return [...resumes.values()];
}
