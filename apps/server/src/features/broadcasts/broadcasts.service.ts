import crypto from 'node:crypto';
import { BROADCAST_MESSAGES, MAX_BROADCAST_SECONDS, MSG, broadcastError, broadcastSpanSeconds, sourcesSchema, type BroadcastInfo, type LiveBroadcast } from '@loa/contract';
import type { Db } from '../../infra/db';
import { parseInput } from '../../infra/validation';
import { badRequest, notFound, outOfScope, refusedRight } from '../../infra/errors';
import type { MediaStorage } from '../../infra/storage';
import type { Outbound } from '../../infra/outbound';
import type { DeviceGateway } from '../../gateway/gateway';
import { PlayoutEngine, type StartOutcome } from '../../playout/engine';
import type { Session } from '../auth/auth.service';
import { hasRight, requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import type { StoredAudio } from '../media/media.service';
import { itemsFromSources, resolveTarget } from './compose';
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
}

/**
 * Starts an emergency broadcast (POST /v1/client/phatngay/phatngay): the §5 checks in order,
 * scope of every area and device, sources turned into a timeline, then the playout engine.
 * `provinceId`: the province's id of a bulletin it sent (told back to it with the bulletin).
 */
export async function startImmediateBroadcast(ctx: BroadcastContext, info: BroadcastInfo, rawSources: unknown, uploads: StoredAudio[], opts: { provinceId?: string } = {}): Promise<LiveBroadcast> {
  const { session } = ctx;
  requireRight(session, 'themsuaxoalichphat');
  const sourceList = Array.isArray(rawSources) ? rawSources : [];
  const invalid = broadcastError(info, sourceList.length);
  if (invalid) throw badRequest(invalid);
  const parsed = { data: parseInput(sourcesSchema, sourceList, ['nguonphat']) };

  const { targetAreas, targetDevices, deviceCount } = await resolveTarget(ctx, info.diabanchon, info.thietbichon);

  const items = await itemsFromSources(ctx, parsed.data, uploads);
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
      detail: { tieude: info.tieude, diaban: info.diabanchon, sothietbi: deviceCount, loaibantin: info.loaibantin, thoiluong: total },
    });
    await logCuts(tx, session.actor, broadcast, outcome);
    await reportBulletin(tx, 'them', { ...bulletinOfBroadcast(broadcast, session.user.hoten), provinceId: opts.provinceId ?? null }, (a) => ctx.gateway.areaName(a));
  }), { samePriority: 'refuse', takeover, by: session.user.id });
  return ctx.engine.liveOf(id)!;
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
    await assertMayStop(ctx, live, BROADCAST_MESSAGES.takeoverNotAllowed);
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
