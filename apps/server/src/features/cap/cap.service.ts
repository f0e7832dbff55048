import crypto from 'node:crypto';
import {
  ALL_DEVICES, CAP_LABELS, CAP_MESSAGES, SOURCE_KINDS, broadcastInfoSchema, scheduleBodySchema, vnHourMinute, vnIsoDay,
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
import { startImmediateBroadcast, stopBroadcast } from '../broadcasts/broadcasts.service';
import { notify, notifyScheduleAwaitingApproval, type NotifyDeps } from '../notifications/notify';
import { createSchedule, deleteSchedule } from '../schedules/schedules.service';
import type { Scheduler } from '../schedules/scheduler';
import type { EngineRegistry } from '../tts/engines/registry';
import type { TtsCacheRow } from '../tts/tts.queries';
import { convert } from '../tts/tts.service';
import { writeSystemLog } from '../system-log/systemLog.service';
import { chosenInfo, type CapInfo, type CapMessage } from './capAlert';
import { areasOfAlert } from './capAreas';
import { broadcastsAtOnce, bulletinText, bulletinTitle } from './bulletin';
import * as q from './cap.queries';
import { capPolicyOf } from './capPolicy';

/** Everything handling an alert touches: the parts a broadcast and a schedule need, speech, notifications. */
export interface CapDeps {
  db: Db;
  gateway: DeviceGateway;
  engine: PlayoutEngine;
  storage: MediaStorage;
  outbound: Outbound;
  scheduler: Scheduler;
  notifyDeps: NotifyDeps;
  tts: { engines: EngineRegistry; inflight: Map<string, Promise<TtsCacheRow>> };
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

/** Stops or withdraws what the alerts an Update or Cancel refers to started; answers what was done, in words. */
async function undoReferenced(deps: CapDeps, session: Session, message: CapMessage, newId: string): Promise<string[]> {
  const earlier = await q.referencedAlerts(deps.db, session.user.admin_id, message.refs);
  const done: string[] = [];
  for (const alert of earlier) {
    try {
      if (alert.broadcast_id && deps.engine.liveOf(alert.broadcast_id)) {
        await stopBroadcast({ ...deps, session }, alert.broadcast_id);
        done.push(`dừng bản tin "${alert.headline || alert.event}"`);
      }
      if (alert.schedule_id) {
        await deleteSchedule({ ...deps, session }, alert.schedule_id);
        done.push(`xoá bản nháp "${alert.headline || alert.event}"`);
      }
    } catch (error) {
      // Already ended, approved and gone, or outside what this sender may stop: said in the note.
      done.push(`không thay đổi được "${alert.headline || alert.event}": ${error instanceof AppError ? error.message : 'lỗi máy chủ'}`);
    }
  }
  await q.markSuperseded(deps.db, earlier.map((a) => a.id), newId);
  if (earlier.length > 0 && done.length === 0) done.push('cảnh báo trước đã kết thúc, không còn gì để dừng');
  return done;
}

/** Starts the bulletin at once, on every speaker of the areas, and tells the administrator's accounts. */
async function broadcastNow(deps: CapDeps, session: Session, message: CapMessage, info: CapInfo, areas: { id: string; ten: string }[], source: Source, via: CapVia): Promise<string> {
  const title = bulletinTitle(message, info);
  const live = await startImmediateBroadcast({ ...deps, session }, broadcastInfoSchema.parse({
    tieude: title, loaibantin: SUDDEN_INFORMATION, uutien: EMERGENCY, diabanchon: areas.map((a) => a.id), thietbichon: [ALL_DEVICES], kieulaplai: 0,
  }), [source], []);
  await notify(deps.notifyDeps, {
    kind: 'canhbao-cap', adminId: session.user.admin_id, areaIds: areas.map((a) => a.id),
    title: 'Đã phát ngay cảnh báo khẩn cấp',
    body: `${via.name}: "${info.headline || info.event}" (${CAP_LABELS.severity[info.severity]}) đang phát tới ${areas.map((a) => a.ten).join(', ')}.`,
    link: '/ket-noi', target: { loai: 'phatngay', id: live.idlichphat },
  }).catch((error: unknown) => deps.log.warn({ err: error }, 'CAP notification failed'));
  return live.idlichphat;
}

/** Makes a one-off schedule awaiting approval, planned a quarter of an hour ahead; approvers are told. */
async function draft(deps: CapDeps, session: Session, message: CapMessage, info: CapInfo, areas: { id: string; ten: string }[], source: Source): Promise<string> {
  const at = Math.ceil((Date.now() + DRAFT_LEAD_MS) / 60_000) * 60_000;
  const row = await createSchedule({ ...deps, session: withoutApproval(session) }, scheduleBodySchema.parse({
    tieude: bulletinTitle(message, info), nguonphat: [source], diabanchon: areas.map((a) => a.id), thietbichon: [ALL_DEVICES],
    loaibantin: SUDDEN_INFORMATION, uutien: EMERGENCY, chedophat: 'motlan', ngaybatdau: vnIsoDay(at), giophat: [vnHourMinute(at)], kieulaplai: 0,
  }));
  await deps.scheduler.reload();
  await notifyScheduleAwaitingApproval(deps.notifyDeps, { id: row.id, adminId: row.admin_id, areaIds: row.chosen_areas, title: row.title, createdByName: row.creator_name })
    .catch((error: unknown) => deps.log.warn({ err: error }, 'CAP draft notification failed'));
  return row.id;
}

const receipt = (id: string, ketqua: CapReceipt['ketqua'], thongbao: string, areas: { id: string; ten: string }[], ids: { broadcast?: string; schedule?: string } = {}): CapReceipt => ({
  _id: id, ketqua, thongbao, idphatngay: ids.broadcast ?? null, idlichphat: ids.schedule ?? null, diaban: areas.map((a) => ({ _id: a.id, tendiaban: a.ten })),
});

/**
 * Handles one checked CAP message for the session's administrator: maps its area to Loa areas
 * (refusing unknown codes and areas out of scope), claims its identity so a duplicate is ignored
 * and nothing is broadcast twice, undoes what an Update or Cancel refers to, then by the policy
 * broadcasts at once (Extreme or Severe, Immediate, Actual) or leaves a draft awaiting approval.
 */
export async function receiveAlert(deps: CapDeps, session: Session, message: CapMessage, via: CapVia): Promise<CapReceipt> {
  requireRight(session, 'themsuaxoalichphat');
  const info = chosenInfo(message);
  const acts = message.msgType === 'Alert' || message.msgType === 'Update';
  if (acts && !info) throw new AppError(400, CAP_MESSAGES.noInfo);
  const areas = info && (acts || info.area.length > 0) ? await areasOfAlert(deps.db, session, info) : [];

  const id = crypto.randomUUID();
  const claimed = await q.claimAlert(deps.db, {
    id, admin_id: session.user.admin_id, sender: message.sender, identifier: message.identifier, sent: message.sent,
    msg_type: message.msgType, cap_status: message.status, via: via.kind, via_name: via.name,
    headline: info?.headline ?? '', event: info?.event ?? '', severity: info?.severity ?? 'Unknown', urgency: info?.urgency ?? 'Unknown', certainty: info?.certainty ?? 'Unknown',
    area_ids: areas.map((a) => a.id), refs: message.refs,
  });
  const logEntry = (ketqua: string, detail: Record<string, unknown> = {}) => writeSystemLog(deps.db, session.actor, {
    action: 'nhan-canh-bao-cap', targetType: 'canhbaocap', targetId: id, targetName: info?.headline || info?.event || message.identifier,
    areaId: areas.length === 1 ? areas[0].id : undefined,
    detail: { ketqua, sender: message.sender, identifier: message.identifier, sent: message.sent, msgType: message.msgType, nguon: via.name, diaban: areas.map((a) => a.ten), ...detail },
  });
  if (!claimed) {
    await logEntry('trung');
    return receipt(id, 'trung', CAP_MESSAGES.duplicate, areas);
  }

  let outcome: CapReceipt['ketqua'] = 'boqua';
  let note = '';
  const ids: { broadcast?: string; schedule?: string } = {};
  try {
    const undone = message.msgType === 'Update' || message.msgType === 'Cancel' ? await undoReferenced(deps, session, message, id) : [];
    if (message.msgType === 'Cancel') {
      outcome = 'huy';
      note = undone.length > 0 ? `Đã huỷ: ${undone.join('; ')}.` : 'Không tìm thấy cảnh báo được huỷ.';
    } else if (!acts || !info) {
      note = `Loại tin "${message.msgType}" không cần phát.`;
    } else if (message.status !== 'Actual' && message.status !== 'Exercise') {
      note = `Tin có trạng thái "${message.status}" không được phát.`;
    } else {
      const source = await speak(deps, session, bulletinText(message, info));
      if (broadcastsAtOnce(message, info) && (await capPolicyOf(deps.db, session.user.admin_id)) === 'tudong') {
        ids.broadcast = await broadcastNow(deps, session, message, info, areas, source, via);
        outcome = 'phat';
        note = `Phát ngay tới ${areas.map((a) => a.ten).join(', ')}.`;
      } else {
        ids.schedule = await draft(deps, session, message, info, areas, source);
        outcome = 'nhap';
        note = `Bản nháp chờ duyệt cho ${areas.map((a) => a.ten).join(', ')}. Mức độ: ${CAP_LABELS.severity[info.severity]}; khẩn cấp: ${CAP_LABELS.urgency[info.urgency].toLowerCase()}.`;
      }
      if (undone.length > 0) note = `${note} Trước đó: ${undone.join('; ')}.`;
    }
  } catch (error) {
    // Nothing of it reached a speaker (a broadcast that could not be stored is stopped again): the
    // claim is given up so the sender may send it again once the cause is fixed.
    await q.releaseAlert(deps.db, id);
    await logEntry('loi', { lydo: error instanceof AppError ? error.message : 'lỗi máy chủ' });
    throw error;
  }
  await q.settleAlert(deps.db, id, { outcome, note, broadcastId: ids.broadcast, scheduleId: ids.schedule });
  await logEntry(outcome, ids.broadcast ? { idphatngay: ids.broadcast } : ids.schedule ? { idlichphat: ids.schedule } : {});
  return receipt(id, outcome, note, areas, ids);
}
