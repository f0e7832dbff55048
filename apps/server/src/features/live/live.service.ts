import crypto from 'node:crypto';
import {
  LIVE_ITEM_TITLE, LIVE_MAX_SECONDS, broadcastError, liveStartSchema, type LiveBroadcast, type PlayItem,
} from '@loa/contract';
import { badRequest } from '../../infra/errors';
import { parseInput } from '../../infra/validation';
import type { TokenSigner } from '../auth/tokens';
import { requireRight } from '../auth/rights';
import { PlayoutEngine, SpeakersBusyError } from '../../playout/engine';
import { logCuts, mayTakeOver, type BroadcastContext } from '../broadcasts/broadcasts.service';
import { resolveTarget } from '../broadcasts/compose';
import * as q from '../broadcasts/broadcasts.queries';
import { writeSystemLog } from '../system-log/systemLog.service';
import { bulletinOfBroadcast, reportBulletin } from '../province/provinceReports';
import { chimeItem } from './chime';
import type { LiveHub } from './liveHub';

export interface LiveContext extends BroadcastContext {
  hub: LiveHub;
  signer: TokenSigner;
}

const TOKEN_PURPOSE = 'live';

/** The address speakers fetch a live stream from: unguessable and bound to its session by a signature. */
export function liveStreamPath(signer: TokenSigner, id: string): string {
  const token = signer.signPayload({ s: id, e: Math.floor(Date.now() / 1000) + LIVE_MAX_SECONDS + 3600 }, TOKEN_PURPOSE);
  return `/media/live/${id}.mp3?t=${encodeURIComponent(token)}`;
}

/** The session a live stream address was signed for, or null when forged, expired or for another. */
export function verifyLiveToken(signer: TokenSigner, id: string, token: string | undefined): boolean {
  const claims = signer.verifyPayload(token, TOKEN_PURPOSE);
  return !!claims && claims.s === id && typeof claims.e === 'number' && claims.e * 1000 > Date.now();
}

/**
 * Starts a live voice session (issue #12): the right and the §5 checks of any broadcast (the voice
 * is its one source), the scope of every area and device, then the playout engine with an
 * open-ended live item, after a chime when asked. Speakers that carry a live session of the same or
 * a higher priority refuse it, naming who is live; other bulletins of the same priority are refused
 * too unless the officer takes them over (`ngatphat`, checked as a stop), lower ones are pre-empted.
 */
export async function startLiveBroadcast(ctx: LiveContext, raw: unknown): Promise<LiveBroadcast> {
  const { session } = ctx;
  requireRight(session, 'themsuaxoalichphat');
  const input = parseInput(liveStartSchema, raw ?? {}, ['thongtin']);
  const invalid = broadcastError({ ...input, kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 }, 1);
  if (invalid) throw badRequest(invalid);
  const { targetAreas, targetDevices, deviceCount } = await resolveTarget(ctx, input.diabanchon, input.thietbichon);

  const id = crypto.randomUUID();
  const items: PlayItem[] = [
    ...(input.chuong ? [await chimeItem(ctx.storage)] : []),
    { url: liveStreamPath(ctx.signer, id), duration: LIVE_MAX_SECONDS, title: LIVE_ITEM_TITLE, kind: 'live' },
  ];
  const total = items.reduce((sum, i) => sum + i.duration, 0);
  const broadcast: q.NewBroadcast = {
    id, admin_id: session.user.admin_id, created_by: session.user.id, type: 'phatngay', title: input.tieude,
    message_type: input.loaibantin!, priority: input.uutien!, chosen_areas: input.diabanchon, chosen_devices: input.thietbichon,
    target_areas: targetAreas, target_devices: targetDevices, device_count: deviceCount, sources: [], items, total_seconds: total,
    repeat_mode: 0, repeat_interval: 0, repeat_count: 0, run_started_at: new Date(),
  };
  const row = PlayoutEngine.newRow(broadcast, session.user.hoten);
  // A live voice is never talked over: neither by another officer's live session nor by waiting behind a higher one.
  const blocking = ctx.engine.busyFor(row).filter((b) => b.tructiep || b.uutien > row.priority);
  if (blocking.length > 0) throw new SpeakersBusyError(blocking.sort((a, b) => Number(!!b.tructiep) - Number(!!a.tructiep)));
  const takeover = await mayTakeOver(ctx, row, input.ngatphat);

  await ctx.hub.open(id);
  try {
    await ctx.engine.start(row, (outcome) => ctx.db.transaction(async (tx) => {
      await q.insertBroadcast(tx, broadcast);
      await writeSystemLog(tx, session.actor, {
        action: 'phat-truc-tiep', targetType: 'phatngay', targetId: id, targetName: input.tieude,
        detail: { tieude: input.tieude, diaban: input.diabanchon.map((a) => ctx.gateway.areaName(a)), sothietbi: deviceCount, loaibantin: input.loaibantin, chuong: input.chuong },
      });
      await logCuts(tx, session.actor, broadcast, outcome);
      await reportBulletin(tx, 'them', bulletinOfBroadcast(broadcast, session.user.hoten), (a) => ctx.gateway.areaName(a));
    }), { samePriority: 'refuse', takeover, by: session.user.id });
  } catch (error) {
    await ctx.hub.close(id);
    throw error;
  }
  return ctx.engine.liveOf(id)!;
}
