import path from 'node:path';
import {
  EMERGENCY_PRIORITY, MAX_UPLOAD_BYTES, PROVINCE_MESSAGES, SOURCE_KINDS, outboundStatusMessage, priorityOfLevel, vnClock,
  type ProvinceCommand, type ProvinceInboundBulletin, type ProvinceInboundResult, type ProvinceTimetable, type ScheduleBody, type Source,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, conflict, outOfScope, refusedRight } from '../../infra/errors';
import { OutboundError } from '../../infra/outbound';
import { DeviceGateway } from '../../gateway/gateway';
import { requireRight } from '../auth/rights';
import { areaScope } from '../areas/areas.service';
import { startImmediateBroadcast, stopBroadcast, type BroadcastContext } from '../broadcasts/broadcasts.service';
import { findBroadcast } from '../broadcasts/broadcasts.queries';
import { discardUploads, storeUploadedAudio, type StoredAudio } from '../media/media.service';
import { localDate } from '../schedules/recurrence';
import { createSchedule } from '../schedules/schedules.service';
import { findSchedule, type ScheduleRow } from '../schedules/schedules.queries';
import { writeSystemLog } from '../system-log/systemLog.service';

/** What the province's calls need: a broadcast's context (the caller is an API key's session). */
export type InboundContext = BroadcastContext;

const AUDIO_TIMEOUT_MS = 60_000;
const RELAY_TITLE = 'Tiếp sóng từ Hệ thống thông tin nguồn';

interface InboundRow { broadcast_id: string | null; schedule_id: string | null; result: Partial<ProvinceInboundResult> }

/** Only a key may speak for the province (never a signed-in person): its account's rights and area scope then apply. */
function requireKey(ctx: InboundContext): { id: string; name: string } {
  if (!ctx.session.apiKey) throw refusedRight(PROVINCE_MESSAGES.keysOnly);
  return ctx.session.apiKey;
}

/**
 * Takes an id the province sent once: the first call claims it and does the work; a repeated call
 * answers what the first did (danhantruoc), and one that comes while the first is still at work is 409.
 * A failed first call gives the id back, so the province may send it again.
 */
async function once(ctx: InboundContext, kind: 'bantin' | 'lenh', externalId: string, work: () => Promise<{ result: Omit<ProvinceInboundResult, 'danhantruoc'>; broadcastId?: string | null; scheduleId?: string | null }>): Promise<ProvinceInboundResult> {
  const adminId = ctx.session.user.admin_id;
  const claimed = await ctx.db.query(
    `INSERT INTO province_inbound (admin_id, external_id, kind, received_by, result) VALUES ($1, $2, $3, $4, '{}'::jsonb)
     ON CONFLICT DO NOTHING RETURNING external_id`,
    [adminId, externalId, kind, ctx.session.user.id],
  );
  if (claimed.length === 0) {
    const [earlier] = await ctx.db.query<InboundRow>('SELECT broadcast_id, schedule_id, result FROM province_inbound WHERE admin_id = $1 AND external_id = $2 AND kind = $3', [adminId, externalId, kind]);
    if (!earlier?.result.ketqua) throw conflict(PROVINCE_MESSAGES.inProgress);
    return { ...(earlier.result as Omit<ProvinceInboundResult, 'danhantruoc'>), danhantruoc: true };
  }
  try {
    const done = await work();
    await ctx.db.query(
      'UPDATE province_inbound SET result = $4::jsonb, broadcast_id = $5, schedule_id = $6 WHERE admin_id = $1 AND external_id = $2 AND kind = $3',
      [adminId, externalId, kind, JSON.stringify(done.result), done.broadcastId ?? null, done.scheduleId ?? null],
    );
    return { ...done.result, danhantruoc: false };
  } catch (error) {
    await ctx.db.query('DELETE FROM province_inbound WHERE admin_id = $1 AND external_id = $2 AND kind = $3', [adminId, externalId, kind]);
    throw error;
  }
}

/** The areas and devices of a bulletin or command, each inside the key's scope (else 404, logged as out of scope). */
async function targetOf(ctx: InboundContext, areaIds: string[], deviceIds: string[]): Promise<{ areas: string[]; devices: string[] }> {
  const scope = await areaScope(ctx.db, ctx.session);
  if (areaIds.some((id) => !scope.ids.has(id))) throw outOfScope(PROVINCE_MESSAGES.areaUnknown);
  const deviceAreas = deviceIds.map((id) => ctx.gateway.areaOf(id));
  if (deviceAreas.some((a) => !a || !scope.ids.has(a))) throw outOfScope(PROVINCE_MESSAGES.deviceUnknown);
  // Devices named alone are reached through their own areas.
  const areas = areaIds.length > 0 ? areaIds : [...new Set(deviceAreas as string[])];
  if (areas.length === 0) throw badRequest(PROVINCE_MESSAGES.noArea);
  return { areas, devices: deviceIds };
}

/** The last segment of an address's path, decoded when it can be ("%ZZ" cannot: it stays as written). */
function fileNameOf(url: string): string {
  const raw = path.posix.basename(new URL(url).pathname);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The bulletin's content as sources: its MP3 fetched (outbound rules) and kept in the key's library,
 * or a relay. `uploads` are the files it stored, for the caller to discard if the bulletin is refused.
 */
async function sourcesOf(ctx: InboundContext, content: ProvinceInboundBulletin['noidung']): Promise<{ sources: Source[]; uploads: StoredAudio[] }> {
  if (content.tepamthanh) {
    const url = content.tepamthanh;
    let stored;
    try {
      const response = await ctx.outbound.fetch(url, { timeoutMs: AUDIO_TIMEOUT_MS, maxBytes: MAX_UPLOAD_BYTES, maxRedirects: 3 });
      if (!response.ok) {
        response.discard();
        throw new OutboundError('status', outboundStatusMessage(response.status));
      }
      const name = fileNameOf(url) || 'ban-tin.mp3';
      stored = await storeUploadedAudio(ctx.db, ctx.storage, ctx.session, { stream: response.body, originalName: name.endsWith('.mp3') ? name : `${name}.mp3` });
    } catch (error) {
      if (error instanceof OutboundError) throw badRequest(`${PROVINCE_MESSAGES.audioFailed}: ${error.message}`);
      throw error;
    }
    return {
      sources: [{
        kieunguon: SOURCE_KINDS.file, thoigianBatdau: stored.durationSeconds,
        files: [{ fileName: stored.originalName, url: stored.key, duration: stored.durationSeconds }],
      } as Source],
      uploads: [stored],
    };
  }
  if (content.tiepsong) {
    if (!content.thoiluong) throw badRequest(PROVINCE_MESSAGES.relayDurationRequired);
    return { sources: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: content.thoiluong, tenkenh: RELAY_TITLE, url: content.tiepsong, thoiluong: content.thoiluong } as Source], uploads: [] };
  }
  throw badRequest(PROVINCE_MESSAGES.noContent);
}

/** When a bulletin plays: its timetable, or once at its time (Asia/Ho_Chi_Minh). */
function timetableOf(b: Pick<ProvinceInboundBulletin, 'thoigianphat' | 'lichphat'>): ProvinceTimetable {
  if (b.lichphat) return b.lichphat;
  if (!b.thoigianphat) throw badRequest(PROVINCE_MESSAGES.timeRequired);
  const at = Date.parse(b.thoigianphat);
  if (at <= Date.now()) throw badRequest(PROVINCE_MESSAGES.timeInPast);
  return { chedo: 'motlan', ngaybatdau: localDate(at), ngayketthuc: null, thutrongtuan: [], giophat: [vnClock(at)] };
}

const scheduleBody = (s: { title: string; sources: Source[]; areas: string[]; devices: string[]; messageType: number; priority: number; repeat: { mode: 0 | 1 | 2; count: number; interval: number } }, t: ProvinceTimetable): ScheduleBody => ({
  tieude: s.title, idchuongtrinh: null, nguonphat: s.sources, diabanchon: s.areas, thietbichon: s.devices.length > 0 ? s.devices : ['tatca'],
  loaibantin: s.messageType, uutien: s.priority as ScheduleBody['uutien'], chedophat: t.chedo, thutrongtuan: t.thutrongtuan, ngaybatdau: t.ngaybatdau,
  ngayketthuc: t.ngayketthuc, giophat: t.giophat, hangthang: t.hangthang ?? null, cacngay: t.cacngay ?? [], solanphat: null, ngoaile: [], bongayle: false,
  kieulaplai: s.repeat.mode, thoigianlaplai: s.repeat.interval, solanlaplai: Math.max(1, s.repeat.count),
});

export interface InboundOutcome {
  result: ProvinceInboundResult;
  /** A schedule made to await approval (its approvers are told), when one was. */
  awaiting: ScheduleRow | null;
}

/**
 * A bulletin from the province (POST /v1/client/httt-nguon/bantin): an emergency one (mức 1) goes
 * out at once as an immediate broadcast; the others become schedules awaiting approval at their
 * time. Within the key's area scope only; each received once by its id. The system log names the
 * key that sent it (the key's own entries, plus 'nhan-ban-tin-httt-nguon' with the province's id).
 */
export async function receiveBulletin(ctx: InboundContext, body: ProvinceInboundBulletin): Promise<InboundOutcome> {
  const key = requireKey(ctx);
  requireRight(ctx.session, 'themsuaxoalichphat');
  let awaiting: ScheduleRow | null = null;
  const result = await once(ctx, 'bantin', body.mabantin, async () => {
    const target = await targetOf(ctx, body.diaban, body.thietbi);
    const priority = priorityOfLevel(body.mucdouutien);
    const emergency = priority === EMERGENCY_PRIORITY;
    const timetable = emergency ? null : timetableOf(body);
    const { sources, uploads } = await sourcesOf(ctx, body.noidung);
    const repeat = { mode: body.kieulaplai, count: body.kieulaplai === 0 ? 0 : body.solanlaplai, interval: body.kieulaplai === 2 ? body.thoigianlaplai : 0 };
    // A bulletin refused after its file was fetched (speakers held by an equal priority, a clash)
    // leaves no file in the library (issue #27).
    return refusedDiscards(ctx, uploads, async () => {
      if (emergency) {
        const live = await startImmediateBroadcast(ctx, {
          tieude: body.tieude, loaibantin: body.loaibantin, uutien: priority, diabanchon: target.areas, thietbichon: target.devices.length > 0 ? target.devices : ['tatca'],
          kieulaplai: body.kieulaplai, thoigianlaplai: repeat.interval, solanlaplai: body.solanlaplai, ngatphat: [],
        }, sources, [], { provinceId: body.mabantin });
        await logReceived(ctx.db, ctx, key, 'nhan-ban-tin-httt-nguon', 'phatngay', live.idlichphat, body.tieude, { mabantin: body.mabantin, mucdouutien: body.mucdouutien, ketqua: 'phatngay' });
        return { result: { ma: body.mabantin, ketqua: 'phatngay', idlichphat: live.idlichphat, sothietbi: live.sothietbi }, broadcastId: live.idlichphat };
      }
      awaiting = await createSchedule(ctx, scheduleBody({ title: body.tieude, sources, areas: target.areas, devices: target.devices, messageType: body.loaibantin, priority, repeat }, timetable!), { awaitApproval: true, provinceId: body.mabantin });
      await logReceived(ctx.db, ctx, key, 'nhan-ban-tin-httt-nguon', 'lichphat', awaiting.id, body.tieude, { mabantin: body.mabantin, mucdouutien: body.mucdouutien, ketqua: 'choduyet' });
      return { result: { ma: body.mabantin, ketqua: 'choduyet', idlichphat: awaiting.id, sothietbi: awaiting.device_count }, scheduleId: awaiting.id };
    });
  });
  return { result, awaiting };
}

/** Runs `use`; when it throws, the files stored for it (not those already in the library) go. */
async function refusedDiscards<T>(ctx: InboundContext, uploads: StoredAudio[], use: () => Promise<T>): Promise<T> {
  try {
    return await use();
  } catch (error) {
    await discardUploads(ctx.db, ctx.storage, uploads);
    throw error;
  }
}

async function logReceived(db: Db, ctx: InboundContext, key: { name: string }, action: string, targetType: string, targetId: string | undefined, targetName: string | undefined, detail: Record<string, unknown>): Promise<void> {
  await writeSystemLog(db, ctx.session.actor, { action, targetType, targetId, targetName, detail: { nguon: 'Hệ thống thông tin nguồn', khoa: key.name, ...detail } });
}

/** What Loa made of a bulletin the province sent before (by the province's id), or 404. */
async function earlierBulletin(ctx: InboundContext, externalId: string): Promise<{ broadcastId: string | null; scheduleId: string | null }> {
  const [row] = await ctx.db.query<InboundRow>(
    "SELECT broadcast_id, schedule_id, result FROM province_inbound WHERE admin_id = $1 AND external_id = $2 AND kind = 'bantin'",
    [ctx.session.user.admin_id, externalId],
  );
  if (!row || (!row.broadcast_id && !row.schedule_id)) throw outOfScope(PROVINCE_MESSAGES.bulletinUnknown);
  return { broadcastId: row.broadcast_id, scheduleId: row.schedule_id };
}

/**
 * A control command from the province (POST /v1/client/httt-nguon/lenh): set the volume of devices
 * or areas, stop what one of its bulletins has on air, or schedule one of its bulletins again by a
 * timetable (awaiting approval). Rights and scope are the key's; each command is carried out once.
 */
export async function receiveCommand(ctx: InboundContext, command: ProvinceCommand): Promise<InboundOutcome> {
  const key = requireKey(ctx);
  let awaiting: ScheduleRow | null = null;
  const result = await once(ctx, 'lenh', command.malenh, async () => {
    if (command.lenh === 'amluong') {
      requireRight(ctx.session, 'quanlythietbi');
      if (command.diaban.length === 0 && command.thietbi.length === 0) throw badRequest(PROVINCE_MESSAGES.volumeTargetRequired);
      const target = await targetOf(ctx, command.diaban, command.thietbi);
      const areas = command.diaban.length > 0 ? target.areas : [];
      const reached = new Set([...command.thietbi, ...ctx.gateway.devicesIn(ctx.gateway.subtree(areas))]);
      await logReceived(ctx.db, ctx, key, 'nhan-lenh-httt-nguon', 'thietbi', command.thietbi.length === 1 && areas.length === 0 ? command.thietbi[0] : undefined, undefined,
        { malenh: command.malenh, lenh: 'amluong', amluong: command.amluong, diaban: areas, sothietbi: reached.size });
      await ctx.gateway.command({ areaIds: areas, deviceIds: command.thietbi }, { ...DeviceGateway.envelope(60), type: 'volume', volume: command.amluong });
      return { result: { ma: command.malenh, ketqua: 'dathuchien', idlichphat: null, sothietbi: reached.size } };
    }
    const earlier = await earlierBulletin(ctx, command.mabantin);
    if (command.lenh === 'dung') {
      const onAir = ctx.engine.live().filter((l) => l.idlichphat === earlier.broadcastId || (earlier.scheduleId !== null && l.idlichgoc === earlier.scheduleId));
      if (onAir.length === 0) throw conflict(PROVINCE_MESSAGES.nothingToStop);
      for (const l of onAir) await stopBroadcast(ctx, l.idlichphat);
      await logReceived(ctx.db, ctx, key, 'nhan-lenh-httt-nguon', onAir[0].type, onAir[0].idlichphat, onAir[0].nguonphat.tenchuongtrinh ?? undefined, { malenh: command.malenh, lenh: 'dung', mabantin: command.mabantin });
      return { result: { ma: command.malenh, ketqua: 'dathuchien', idlichphat: onAir[0].idlichphat, sothietbi: onAir.reduce((n, l) => n + l.sothietbi, 0) } };
    }
    requireRight(ctx.session, 'themsuaxoalichphat');
    const from = earlier.scheduleId ? await findSchedule(ctx.db, earlier.scheduleId) : await findBroadcast(ctx.db, earlier.broadcastId!);
    if (!from) throw outOfScope(PROVINCE_MESSAGES.bulletinUnknown);
    awaiting = await createSchedule(ctx, scheduleBody({
      title: from.title, sources: from.sources, areas: from.chosen_areas, devices: from.chosen_devices.filter((d) => d !== 'tatca'), messageType: from.message_type, priority: from.priority,
      repeat: { mode: from.repeat_mode, count: from.repeat_count, interval: from.repeat_interval },
    }, command.lichphat), { awaitApproval: true });
    await logReceived(ctx.db, ctx, key, 'nhan-lenh-httt-nguon', 'lichphat', awaiting.id, from.title, { malenh: command.malenh, lenh: 'lichphat', mabantin: command.mabantin, ketqua: 'choduyet' });
    return { result: { ma: command.malenh, ketqua: 'choduyet', idlichphat: awaiting.id, sothietbi: awaiting.device_count }, scheduleId: awaiting.id };
  });
  return { result, awaiting };
}
