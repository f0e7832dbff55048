import crypto from 'node:crypto';
import { BROADCAST_MESSAGES, MAX_BROADCAST_SECONDS, MSG, broadcastError, broadcastSpanSeconds, sourcesSchema, type BroadcastInfo, type LiveBroadcast } from '@loa/contract';
import type { Db } from '../../infra/db';
import { parseInput } from '../../infra/validation';
import { badRequest, notFound, outOfScope, refusalAbout, refusedRight } from '../../infra/errors';
import type { MediaStorage } from '../../infra/storage';
import type { Outbound } from '../../infra/outbound';
import type { DeviceGateway } from '../../gateway/gateway';
import { PlayoutEngine, type StartOutcome } from '../../playout/engine';
import type { Session } from '../auth/auth.service';
import { hasRight, requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import type { StoredAudio } from '../media/media.service';
import { itemsFromSources, resolveTarget } from './compose';
import { settleSpeech, type SpeechDeps, type SpeechUnderWay } from './speechNow';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import { bulletinOfBroadcast, reportBulletin, reportBulletinCancelled } from '../province/provinceReports';
import * as q from './broadcasts.queries';

export interface BroadcastContext {
  db: Db;
  gateway: DeviceGateway;
  engine: PlayoutEngine;
  storage: MediaStorage;
  outbound: Outbound;
  session: Session;
  /** The speech engines: a text source of an emergency is spoken as it is sent (issue #29). */
  tts?: SpeechDeps;
  logError?: (error: unknown, message: string) => void;
}

/**
 * Starts an emergency broadcast (POST /v1/client/phatngay/phatngay): the §5 checks in order,
 * scope of every area and device, sources turned into a timeline, then the playout engine.
 * `provinceId`: the province's id of a bulletin it sent (told back to it with the bulletin).
 * `samePriority`: 'wait' for a bulletin nobody can be asked to confirm a takeover for (a CAP alert):
 * it waits behind one of its priority on the shared speakers instead of the officer's 409.
 */
export async function startImmediateBroadcast(ctx: BroadcastContext, info: BroadcastInfo, rawSources: unknown, uploads: StoredAudio[], opts: { provinceId?: string; samePriority?: 'refuse' | 'wait' } = {}): Promise<LiveBroadcast> {
  const { session } = ctx;
  requireRight(session, 'themsuaxoalichphat');
  const sourceList = Array.isArray(rawSources) ? rawSources : [];
  const invalid = broadcastError(info, sourceList.length);
  if (invalid) throw badRequest(invalid);
  const parsed = { data: parseInput(sourcesSchema, sourceList, ['nguonphat']) };

  const { targetAreas, targetDevices, deviceCount } = await resolveTarget(ctx, info.diabanchon, info.thietbichon);

  const underWay: SpeechUnderWay[] = [];
  const items = await itemsFromSources(ctx, parsed.data, uploads, underWay);
  const total = items.reduce((sum, i) => sum + i.duration, 0);
  if (total <= 0) throw badRequest(BROADCAST_MESSAGES.durationInvalid);
  if (broadcastSpanSeconds(total, info) > MAX_BROADCAST_SECONDS) throw badRequest(BROADCAST_MESSAGES.tooLong);

  const broadcast: q.NewBroadcast = {
    id: crypto.randomUUID(), admin_id: session.user.admin_id, created_by: session.user.id, type: 'phatngay', title: info.tieude.trim(),
    message_type: info.loaibantin!, priority: info.uutien!, chosen_areas: info.diabanchon, chosen_devices: info.thietbichon,
    target_areas: targetAreas, target_devices: targetDevices, device_count: deviceCount, sources: parsed.data, items, total_seconds: total,
    repeat_mode: info.kieulaplai, repeat_interval: info.kieulaplai === 2 ? Math.round(info.thoigianlaplai) : 0,
    // A moment ahead: every speaker has the command before it and starts on it, in step.
    repeat_count: info.kieulaplai === 0 ? 0 : info.solanlaplai, run_started_at: new Date(Date.now() + ctx.engine.leadMs),
  };
  const { id } = broadcast;
  const row = PlayoutEngine.newRow(broadcast, session.user.hoten);
  const takeover = await mayTakeOver(ctx, row, info.ngatphat);
  // The speakers are told first; the session is stored as soon as the command is out.
  // The session and its entries are stored together: if any fails the engine stops the speakers again.
  await ctx.engine.start(row, (outcome) => ctx.db.transaction(async (tx) => {
    await q.insertBroadcast(tx, broadcast);
    await writeSystemLog(tx, session.actor, {
      action: 'phat-ngay', targetType: 'phatngay', targetId: id, targetName: info.tieude,
      // Speech still being made: its length is logged with it (tong-hop-giong-noi), not the bound the command carries.
      detail: { tieude: info.tieude, diaban: info.diabanchon.map((a) => ctx.gateway.areaName(a)), sothietbi: deviceCount, loaibantin: info.loaibantin, thoiluong: underWay.length > 0 ? null : total, ...(underWay.length > 0 ? { chuong: true } : {}) },
    });
    await logCuts(tx, session.actor, broadcast, outcome);
    await reportBulletin(tx, 'them', { ...bulletinOfBroadcast(broadcast, session.user.hoten), provinceId: opts.provinceId ?? null }, (a) => ctx.gateway.areaName(a));
  }), { samePriority: opts.samePriority ?? 'refuse', takeover, by: session.user.id });
  const live = ctx.engine.liveOf(id)!;
  // Speech still being made (its chime plays meanwhile): the session gets its real items once it is.
  for (const w of underWay) {
    let settled: Awaited<ReturnType<typeof settleSpeech>>;
    try {
      settled = await settleSpeech({ ...ctx, tts: ctx.tts!, logError: ctx.logError ?? (() => undefined) }, w, { items, sources: parsed.data, runStart: broadcast.run_started_at.getTime() });
    } catch (error) {
      // The speakers heard the chime only: the session stops, its log entry says why.
      await ctx.engine.stop(id, session.user.id, {
        reason: 'loi-giong-noi',
        record: async (tx) => {
          await writeSystemLog(tx, session.actor, { action: 'dung-phat', targetType: 'phatngay', targetId: id, outcome: 'failed', detail: { tieude: info.tieude, lydo: MSG.ttsOverloaded } });
          await reportBulletinCancelled(tx, { id, adminId: session.user.admin_id }, MSG.ttsOverloaded);
        },
      }).catch((stopError: unknown) => ctx.logError?.(stopError, 'stopping a broadcast whose speech failed'));
      throw error;
    }
    const { log, ...change } = settled;
    // Stopped or taken over meanwhile: the speech's entry is written on its own.
    if (!(await ctx.engine.revise(id, change, (tx) => writeSystemLog(tx, session.actor, log)))) await writeSystemLog(ctx.db, session.actor, log);
  }
  return ctx.engine.liveOf(id) ?? live;
}

/**
 * The running broadcasts the caller asked to interrupt (ngatphat) among those of the same priority
 * on the chosen speakers, each checked as a stop would be: its creator, or the stop right with every
 * area it was sent to inside the caller's scope. One the caller may not stop refuses the request (logged).
 */
export async function mayTakeOver(ctx: BroadcastContext, row: Parameters<PlayoutEngine['busyFor']>[0], asked: readonly string[]): Promise<Set<string>> {
  const allowed = new Set<string>();
  if (asked.length === 0) return allowed;
  const busy = ctx.engine.busyFor(row).filter((b) => b.uutien === row.priority && asked.includes(b.idlichphat));
  for (const b of busy) {
    const live = ctx.engine.liveOf(b.idlichphat);
    if (!live) continue; // ended meanwhile: nothing left to take over
    // A refusal's log row names the bulletin that was not to be interrupted.
    await assertMayStop(ctx, live, BROADCAST_MESSAGES.takeoverNotAllowed).catch((error: unknown) => {
      throw refusalAbout(error, { type: live.type, id: live.idlichphat, name: live.nguonphat.tenchuongtrinh ?? undefined });
    });
    allowed.add(b.idlichphat);
  }
  return allowed;
}

/**
 * System-log entries for the broadcasts a new one took over or pre-empted, written in the new one's
 * own transaction (an officer's bulletin, or a schedule's run: then the actor is the system).
 */
export async function logCuts(tx: Db, actor: Actor, by: Pick<q.NewBroadcast, 'id' | 'title'>, outcome: StartOutcome): Promise<void> {
  const cuts = [...outcome.takenOver.map((b) => ({ b, cach: 'ngat' })), ...outcome.preempted.map((b) => ({ b, cach: 'uu-tien-cao-hon' }))];
  for (const { b, cach } of cuts) {
    await writeSystemLog(tx, actor, {
      action: 'ngat-phat', targetType: 'phatngay', targetId: b.idlichphat, targetName: b.tieude,
      detail: { tieude: b.tieude, nguoitao: b.nguoitao.hoten, soloa: b.soloa, cach, boi: by.id, bantinmoi: by.title },
    });
  }
}

/** Whether the caller may stop a running broadcast (its creator, or the stop right over all its areas); throws otherwise. */
async function assertMayStop(ctx: BroadcastContext, live: LiveBroadcast, notYours: string = BROADCAST_MESSAGES.notYours): Promise<void> {
  if (live.idAdmin !== ctx.session.user.admin_id) throw outOfScope(BROADCAST_MESSAGES.notFound);
  if (live.nguoitao === ctx.session.user.id) return;
  const scope = await areaScope(ctx.db, ctx.session);
  const chosen = live.nguonphat.diabanphat.map((a) => a._id);
  if (![...ctx.gateway.subtree(chosen)].some((a) => scope.ids.has(a))) throw outOfScope(BROADCAST_MESSAGES.notFound);
  if (!hasRight(ctx.session, 'dungphatchuongtrinh')) throw refusedRight(notYours, 'dungphatchuongtrinh');
  if (!chosen.every((a) => scope.ids.has(a))) throw outOfScope(MSG.stopOutsideScope, 403);
}

/** Running broadcasts an account may see: those reaching any area of its scope. */
export async function visibleLive(ctx: BroadcastContext): Promise<LiveBroadcast[]> {
  const scope = await areaScope(ctx.db, ctx.session);
  return ctx.engine.live().filter((b) => b.idAdmin === ctx.session.user.admin_id
    && [...ctx.gateway.subtree(b.nguonphat.diabanphat.map((a) => a._id))].some((a) => scope.ids.has(a)));
}

/**
 * Stops one broadcast (emergency or scheduled run): its creator always; anyone else needs
 * dungphatchuongtrinh (§6) and every area the broadcast was sent to inside their scope, so a
 * commune officer cannot silence a district-wide emergency. One it cannot see at all is 404.
 */
export async function stopBroadcast(ctx: BroadcastContext, id: string): Promise<void> {
  const live = ctx.engine.liveOf(id);
  if (!live) throw outOfScope(BROADCAST_MESSAGES.notFound);
  await assertMayStop(ctx, live);
  await ctx.engine.stop(id, ctx.session.user.id, {
    record: async (tx) => {
      await writeSystemLog(tx, ctx.session.actor, { action: 'dung-phat', targetType: live.type, targetId: id, detail: { tieude: live.nguonphat.tenchuongtrinh } });
      // An immediate bulletin stopped before its end is cancelled for the province (a schedule's run is not: the schedule stands).
      if (live.type === 'phatngay') await reportBulletinCancelled(tx, { id, adminId: live.idAdmin }, `Dừng phát bởi ${ctx.session.user.hoten}`);
    },
  });
}

/** Stops the caller's own immediate broadcasts (GET /v1/client/phatngay/dungphatngay). */
export async function stopOwnImmediate(ctx: BroadcastContext): Promise<number> {
  const own = ctx.engine.live().filter((b) => b.type === 'phatngay' && b.nguoitao === ctx.session.user.id);
  if (own.length === 0) throw notFound(BROADCAST_MESSAGES.nothingToStop);
  for (const b of own) await stopBroadcast(ctx, b.idlichphat);
  return own.length;
}
