import crypto from 'node:crypto';
import {
  ALL_DEVICES, CAP_LABELS, CAP_MESSAGES, CAP_NOTES, NOTIFICATION_TEXTS, SOURCE_KINDS, broadcastInfoSchema, scheduleBodySchema, vnHourMinute, vnIsoDay,
  type CapReceipt, type Source, type VoiceId,
} from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/errors';
import type { MediaStorage } from '../../infra/storage';
import type { Outbound } from '../../infra/outbound';
import type { DeviceGateway } from '../../gateway/gateway';
import type { PlayoutEngine } from '../../playout/engine';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import { startImmediateBroadcast, stopBroadcast } from '../broadcasts/broadcasts.service';
import { notify, notifyScheduleAwaitingApproval, type NotifyDeps } from '../notifications/notify';
import { createSchedule, deleteSchedule } from '../schedules/schedules.service';
import type { Scheduler } from '../schedules/scheduler';
import type { SpeechDeps } from '../broadcasts/speechNow';
import { convert } from '../tts/tts.service';
import { writeSystemLog } from '../system-log/systemLog.service';
import { chosenInfo, type CapInfo, type CapMessage } from './capAlert';
import { areasOfAlert } from './capAreas';
import { broadcastsAtOnce, bulletinText, bulletinTitle } from './bulletin';
import * as q from './cap.queries';
import { capPolicyOf } from './capPolicy';
import { announceSchedules } from '../schedules/announce';

/** Everything handling an alert touches: the parts a broadcast and a schedule need, speech, notifications. */
export interface CapDeps {
  db: Db;
  gateway: DeviceGateway;
  engine: PlayoutEngine;
  storage: MediaStorage;
  outbound: Outbound;
  scheduler: Scheduler;
  notifyDeps: NotifyDeps;
  tts: SpeechDeps;
  voice: VoiceId;
  ttsEngine: string;
  log: FastifyBaseLogger;
}

/** How an alert came: with an API key (its name), or from a feed (its address). */
export interface CapVia { kind: 'api' | 'feed'; name: string }

/** A draft's planned start: a quarter of an hour ahead, so an approver has time to read it. */
const DRAFT_LEAD_MS = 15 * 60 * 1000;
/** Message type 2, "Thông tin đột xuất" (sudden information), and priority 1, emergency bulletin. */
const SUDDEN_INFORMATION = 2;
const EMERGENCY = 1;

/** The session a draft is made with: never approving itself, whatever rights the key holds. */
const withoutApproval = (session: Session): Session => ({ ...session, user: { ...session.user, quyenhan: session.user.quyenhan.filter((r) => r !== 'duyetlichphat') } });

async function speak(deps: CapDeps, session: Session, text: string): Promise<Source> {
  const result = await convert({
    db: deps.db, storage: deps.storage, engines: deps.tts.engines, inflight: deps.tts.inflight, session,
    logError: (err, message) => deps.log.error({ err }, message),
  }, deps.ttsEngine, { input: text, speaker_id: deps.voice, fimename: String(Date.now()) });
  return { kieunguon: SOURCE_KINDS.tts, thoigianBatdau: result.thoiluong, url: result.url, urldownload: result.urldownload, noidunggiongnoi: result.noidunggiongnoi };
}

/**
 * The alerts an Update or Cancel refers to, when the caller may act on every one: an account or key
 * with an area only on alerts whose areas all lie in its scope (an alert without areas: sent from
 * inside its scope). Anything else refuses the message with 403 before its identity is claimed.
 */
async function referencedInScope(deps: CapDeps, session: Session, message: CapMessage): Promise<q.CapAlertRow[]> {
  const earlier = await q.referencedAlerts(deps.db, session.user.admin_id, message.refs);
  if (!session.user.area_id || earlier.length === 0) return earlier;
  const scope = await areaScope(deps.db, session);
  const outside = earlier.filter((a) => (a.area_ids.length > 0 ? a.area_ids.some((id) => !scope.ids.has(id)) : !scope.ids.has(a.claim_area)));
  if (outside.length > 0) throw new AppError(403, CAP_MESSAGES.refsOutOfScope.replace('{alerts}', outside.map((a) => `"${a.headline || a.event || a.identifier}"`).join(', ')));
  return earlier;
}

/**
 * Stops or withdraws what the alerts an Update or Cancel refers to started; answers what was done,
 * in words, and the alerts it took over: only those whose change was applied (or had nothing left to
 * undo) are marked superseded, so one whose stop was refused can still be cancelled by someone who may.
 */
async function undoReferenced(deps: CapDeps, session: Session, earlier: q.CapAlertRow[], newId: string): Promise<{ done: string[]; applied: q.CapAlertRow[] }> {
  const done: string[] = [];
  const applied: q.CapAlertRow[] = [];
  for (const alert of earlier) {
    try {
      if (alert.broadcast_id && deps.engine.liveOf(alert.broadcast_id)) {
        await stopBroadcast({ ...deps, session }, alert.broadcast_id);
        done.push(CAP_NOTES.stoppedBulletin(alert.headline || alert.event));
      }
      if (alert.schedule_id) {
        await deleteSchedule({ ...deps, session }, alert.schedule_id);
        done.push(CAP_NOTES.removedDraft(alert.headline || alert.event));
      }
      applied.push(alert);
    } catch (error) {
      // Already approved and gone, or outside what this sender may stop: said in the note, and left for another to cancel.
      done.push(CAP_NOTES.unchanged(alert.headline || alert.event, error instanceof AppError ? error.message : CAP_NOTES.serverError));
    }
  }
  await q.markSuperseded(deps.db, applied.map((a) => a.id), newId);
  if (applied.length > 0 && done.length === 0) done.push(CAP_NOTES.nothingLeft);
  return { done, applied };
}

/**
 * Starts the bulletin at once, on every speaker of the areas, and tells the administrator's accounts.
 * Where another bulletin of its priority holds speakers it waits there behind it (the overlap rule
 * for a run nobody can be asked about) and plays everywhere else: an alert is never dropped for a busy
 * speaker. Answers the session and, when it waits, what it waits behind.
 */
async function broadcastNow(deps: CapDeps, session: Session, message: CapMessage, info: CapInfo, areas: { id: string; ten: string }[], source: Source, via: CapVia): Promise<{ id: string; waiting: string | null }> {
  const title = bulletinTitle(message, info);
  const live = await startImmediateBroadcast({ ...deps, session, logError: (err, note) => deps.log.error({ err }, note) }, broadcastInfoSchema.parse({
    tieude: title, loaibantin: SUDDEN_INFORMATION, uutien: EMERGENCY, diabanchon: areas.map((a) => a.id), thietbichon: [ALL_DEVICES], kieulaplai: 0,
  }), [source], [], { samePriority: 'wait' });
  const behind = live.bingat?.kieu === 'cho' ? live.bingat : null;
  const waiting = behind ? CAP_NOTES.waiting(behind.tieude, behind.soloa) : null;
  await notify(deps.notifyDeps, {
    kind: 'canhbao-cap', adminId: session.user.admin_id, areaIds: areas.map((a) => a.id),
    title: NOTIFICATION_TEXTS.capBroadcastTitle,
    body: NOTIFICATION_TEXTS.capBroadcastBody(via.name, info.headline || info.event, CAP_LABELS.severity[info.severity], areas.map((a) => a.ten).join(', '), waiting),
    link: '/ket-noi', target: { loai: 'phatngay', id: live.idlichphat },
  }).catch((error: unknown) => deps.log.warn({ err: error }, 'CAP notification failed'));
  return { id: live.idlichphat, waiting };
}

/**
 * Tells the accounts of the alert's areas (or of the sender's area; the administrator's own account
 * always) that an alert was refused and why (an unknown area, a commune without speakers…): a
 * refusal must not sit only in the system log. Listed on Kết nối too (recordRefusal / settleAlert).
 */
async function notifyRefusal(deps: CapDeps, session: Session, a: { id: string; headline: string; via: CapVia; areas: { id: string }[]; reason: string }): Promise<void> {
  const areaIds = a.areas.length > 0 ? a.areas.map((x) => x.id) : session.user.area_id ? [session.user.area_id] : [];
  await notify(deps.notifyDeps, {
    kind: 'canhbao-cap', adminId: session.user.admin_id, areaIds,
    title: NOTIFICATION_TEXTS.capRefusedTitle,
    body: NOTIFICATION_TEXTS.capRefusedBody(a.via.name, a.headline, a.reason),
    link: '/ket-noi', target: { loai: 'canhbaocap', id: a.id },
  }).catch((error: unknown) => deps.log.warn({ err: error }, 'CAP notification failed'));
}

/** Makes a one-off schedule awaiting approval, planned a quarter of an hour ahead; approvers are told. */
async function draft(deps: CapDeps, session: Session, message: CapMessage, info: CapInfo, areas: { id: string; ten: string }[], source: Source): Promise<string> {
  const at = Math.ceil((Date.now() + DRAFT_LEAD_MS) / 60_000) * 60_000;
  const row = await createSchedule({ ...deps, session: withoutApproval(session) }, scheduleBodySchema.parse({
    tieude: bulletinTitle(message, info), nguonphat: [source], diabanchon: areas.map((a) => a.id), thietbichon: [ALL_DEVICES],
    loaibantin: SUDDEN_INFORMATION, uutien: EMERGENCY, chedophat: 'motlan', ngaybatdau: vnIsoDay(at), giophat: [vnHourMinute(at)], kieulaplai: 0,
  }));
  await deps.scheduler.changed();
  announceSchedules(deps.notifyDeps.bus, [row]);
  await notifyScheduleAwaitingApproval(deps.notifyDeps, { id: row.id, adminId: row.admin_id, areaIds: row.chosen_areas, title: row.title, createdByName: row.creator_name })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'CAP draft notification failed'));
  return row.id;
}

const receipt = (id: string, ketqua: CapReceipt['ketqua'], thongbao: string, areas: { id: string; ten: string }[], ids: { broadcast?: string; schedule?: string } = {}): CapReceipt => ({
  _id: id, ketqua, thongbao, idphatngay: ids.broadcast ?? null, idlichphat: ids.schedule ?? null, diaban: areas.map((a) => ({ _id: a.id, tendiaban: a.ten })),
});

/** An alert's <expires> when it has passed (an alert past it is never broadcast), else null. */
function expiredAt(info: CapInfo | null): string | null {
  return info?.expires && Date.parse(info.expires) <= Date.now() ? info.expires : null;
}

/**
 * Handles one checked CAP message for the session's administrator: maps its area to Loa areas
 * (refusing unknown codes and areas out of scope), refuses an alert past its <expires> and an
 * Update or Cancel of alerts outside the sender's scope, claims its identity in the sender's scope
 * so a duplicate is ignored and nothing is broadcast twice, undoes what an Update or Cancel refers
 * to, then by the policy broadcasts at once (Extreme or Severe, Immediate, Actual) or leaves a
 * draft awaiting approval. A refused message is listed (outcome 'tuchoi' or 'hethan') and thrown.
 */
export async function receiveAlert(deps: CapDeps, session: Session, message: CapMessage, via: CapVia): Promise<CapReceipt> {
  requireRight(session, 'themsuaxoalichphat');
  const info = chosenInfo(message);
  const acts = message.msgType === 'Alert' || message.msgType === 'Update';
  const id = crypto.randomUUID();
  let areas: { id: string; ten: string }[] = [];
  const row = (): q.NewCapAlert => ({
    id, admin_id: session.user.admin_id, sender: message.sender, identifier: message.identifier, sent: message.sent,
    msg_type: message.msgType, cap_status: message.status, via: via.kind, via_name: via.name,
    headline: info?.headline ?? '', event: info?.event ?? '', severity: info?.severity ?? 'Unknown', urgency: info?.urgency ?? 'Unknown', certainty: info?.certainty ?? 'Unknown',
    area_ids: areas.map((a) => a.id), refs: message.refs, claim_area: session.user.area_id ?? '',
  });
  const logEntry = (ketqua: string, detail: Record<string, unknown> = {}) => writeSystemLog(deps.db, session.actor, {
    action: 'nhan-canh-bao-cap', targetType: 'canhbaocap', targetId: id, targetName: info?.headline || info?.event || message.identifier,
    areaId: areas.length === 1 ? areas[0].id : undefined,
    detail: { ketqua, sender: message.sender, identifier: message.identifier, sent: message.sent, msgType: message.msgType, nguon: via.name, diaban: areas.map((a) => a.ten), ...detail },
  });

  let earlier: q.CapAlertRow[] = [];
  let expired: string | null = null;
  try {
    if (acts && !info) throw new AppError(400, CAP_MESSAGES.noInfo);
    if (info && (acts || info.area.length > 0)) areas = await areasOfAlert(deps.db, session, info);
    expired = acts ? expiredAt(info) : null;
    if (expired) throw new AppError(400, CAP_MESSAGES.expired.replace('{expires}', expired));
    if (message.msgType === 'Update' || message.msgType === 'Cancel') earlier = await referencedInScope(deps, session, message);
  } catch (error) {
    // Refused before anything was claimed: listed with its reason (the route or the feed logs the refusal).
    if (error instanceof AppError && error.statusCode < 500) {
      await q.recordRefusal(deps.db, row(), expired ? 'hethan' : 'tuchoi', error.message);
      await notifyRefusal(deps, session, { id, headline: info?.headline || info?.event || message.identifier, via, areas, reason: error.message });
    }
    throw error;
  }

  if (!(await q.claimAlert(deps.db, row()))) {
    await logEntry('trung');
    return receipt(id, 'trung', CAP_MESSAGES.duplicate, areas);
  }

  let outcome: CapReceipt['ketqua'] = 'boqua';
  let note = '';
  let reached = areas;
  const ids: { broadcast?: string; schedule?: string } = {};
  try {
    const { done: undone, applied } = earlier.length > 0 ? await undoReferenced(deps, session, earlier, id) : { done: [], applied: [] };
    if (message.msgType === 'Cancel') {
      outcome = 'huy';
      note = undone.length > 0 ? CAP_NOTES.cancelled(undone.join('; ')) : CAP_NOTES.nothingCancelled;
      // Listed for the accounts of the areas the cancelled alerts reached.
      const names = await areaNames(deps, session, applied.flatMap((a) => a.area_ids));
      reached = [...new Map([...areas, ...names].map((a) => [a.id, a])).values()];
    } else if (!acts || !info) {
      note = CAP_NOTES.notBroadcastType(message.msgType);
    } else if (message.status !== 'Actual' && message.status !== 'Exercise') {
      note = CAP_NOTES.notBroadcastStatus(message.status);
    } else {
      const text = bulletinText(message, info);
      const done = undone.length > 0 ? undone.join('; ') : null;
      if (broadcastsAtOnce(message, info) && (await capPolicyOf(deps.db, session.user.admin_id)) === 'tudong') {
        // Spoken as it is sent: the speakers hear the chime at once and the speech follows (issue #29).
        const source: Source = { kieunguon: SOURCE_KINDS.tts, thoigianBatdau: 0, vanban: text, giongdoc: deps.voice, bochuyen: deps.ttsEngine };
        const started = await broadcastNow(deps, session, message, info, areas, source, via);
        ids.broadcast = started.id;
        outcome = 'phat';
        note = CAP_NOTES.broadcastNow(areas.map((a) => a.ten).join(', '), started.waiting, done);
      } else {
        ids.schedule = await draft(deps, session, message, info, areas, await speak(deps, session, text));
        outcome = 'nhap';
        note = CAP_NOTES.draft(areas.map((a) => a.ten).join(', '), CAP_LABELS.severity[info.severity], CAP_LABELS.urgency[info.urgency].toLowerCase(), done);
      }
    }
  } catch (error) {
    // Nothing of it reached a speaker (a broadcast that could not be stored is stopped again). A
    // refusal is listed; any other failure gives the claim up so the alert can come again (a feed
    // retries it) once the cause is fixed.
    const refused = error instanceof AppError && error.statusCode < 500;
    if (refused) {
      await q.settleAlert(deps.db, id, { outcome: 'tuchoi', note: error.message });
      await notifyRefusal(deps, session, { id, headline: info?.headline || info?.event || message.identifier, via, areas, reason: error.message });
    } else await q.releaseAlert(deps.db, id);
    await logEntry(refused ? 'tuchoi' : 'loi', { lydo: error instanceof AppError ? error.message : CAP_NOTES.serverError });
    throw error;
  }
  await q.settleAlert(deps.db, id, { outcome, note, broadcastId: ids.broadcast, scheduleId: ids.schedule, areaIds: reached.map((a) => a.id) });
  await logEntry(outcome, ids.broadcast ? { idphatngay: ids.broadcast } : ids.schedule ? { idlichphat: ids.schedule } : {});
  return receipt(id, outcome, note, reached, ids);
}

/** Names of areas of the caller's administrator, for a Cancel's receipt and list row. */
async function areaNames(deps: CapDeps, session: Session, ids: string[]): Promise<{ id: string; ten: string }[]> {
  if (ids.length === 0) return [];
  const rows = await deps.db.query<{ id: string; ten: string }>('SELECT id, ten FROM areas WHERE id = ANY($1::text[]) AND admin_id = $2', [[...new Set(ids)], session.user.admin_id]);
  return rows;
}
