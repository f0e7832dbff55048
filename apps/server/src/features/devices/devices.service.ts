import crypto from 'node:crypto';
import {
  DEVICE_MESSAGES,
  type Device, type DeviceCreateBody, type DeviceListQuery, type StoredDeviceConfig,
} from '@loa/contract';
import type { z } from 'zod';
import { gapText, playReasonText, readableMediaName, type deviceConfigBodySchema, type deviceControlBodySchema, type deviceDetailSchema } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { AppError, conflict, outOfScope } from '../../infra/errors';
import { DynsecCommandError, DynsecUnavailableError } from '../../infra/mosquittoDynsec';
import { DeviceGateway } from '../../gateway/gateway';
import { applyConfigPatch, effectiveConfig, type StoredConfig } from '../../gateway/deviceConfig';
import { sha256 } from '../auth/tokens';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { areaScope, subtreeIds, type AreaScope } from '../areas/areas.service';
import { updateAreaConfig } from '../areas/areas.queries';
import { writeSystemLog } from '../system-log/systemLog.service';
import { reportDevice, reportDeviceDeleted, type DeviceFacts } from '../province/provinceReports';
import * as q from './devices.queries';

export interface DeviceContext {
  db: Db;
  gateway: DeviceGateway;
  session: Session;
  bus: DomainBus;
}

/** Tells the consoles of these areas that a device was added, edited, moved or deleted. */
const registryChanged = (ctx: DeviceContext, deviceId: string, ...areaIds: string[]) =>
  ctx.bus.emit('devices.registry', { deviceId, areaIds: [...new Set(areaIds)] });

const offlineLive = { online: false, amluong: null, dangphat: null, tinhieu: null, firmware: null, ip: null, lancuoi: null };

function toDevice(ctx: DeviceContext, row: q.DeviceRow): Device {
  return {
    _id: row.id, tenthietbi: row.name, serial: row.serial, diaban: { _id: row.area_id, tendiaban: row.area_name },
    vido: row.lat, kinhdo: row.lng, ghichu: row.note,
    trangthai: ctx.gateway.liveOf(row.id) ?? { ...offlineLive, lancuoi: row.last_seen ? Math.floor(row.last_seen.getTime() / 1000) : null },
    ngaytao: Math.floor(row.created_at.getTime() / 1000),
  };
}

/** The device, if it exists and lies in the caller's area scope; else 404 (never tells which). */
async function deviceInScope(ctx: DeviceContext, id: string, scope?: AreaScope): Promise<q.DeviceRow> {
  const row = await q.findDevice(ctx.db, id);
  const areas = scope ?? (await areaScope(ctx.db, ctx.session));
  if (!row || !areas.ids.has(row.area_id)) throw outOfScope(DEVICE_MESSAGES.deviceUnknown);
  return row;
}

async function checkArea(ctx: DeviceContext, areaId: string): Promise<AreaScope> {
  const scope = await areaScope(ctx.db, ctx.session);
  if (!scope.ids.has(areaId)) throw outOfScope(DEVICE_MESSAGES.areaUnknown);
  return scope;
}

async function checkSerialFree(ctx: DeviceContext, serial: string, exceptId?: string): Promise<void> {
  const other = await q.findDeviceBySerial(ctx.db, serial);
  if (other && other.id !== exceptId) throw conflict(DEVICE_MESSAGES.serialDuplicate);
}

const newSecret = () => crypto.randomBytes(32).toString('base64url');

/** A device as the province registers it. */
const factsOf = (id: string, adminId: string, body: DeviceCreateBody): DeviceFacts => ({
  id, adminId, name: body.tenthietbi, serial: body.serial, areaId: body.diaban, lat: body.vido ?? null, lng: body.kinhdo ?? null,
});

/** A broker that keeps device accounts (MQTT_DYNSEC) did not confirm a change: the user may retry. */
function brokerFailure(error: unknown, message: string = DEVICE_MESSAGES.brokerUnavailable): unknown {
  return error instanceof DynsecUnavailableError || error instanceof DynsecCommandError ? new AppError(503, message) : error;
}

/** Adds a speaker (themmoi) and answers it with its secret, which is shown once and kept only hashed. */
export async function createDevice(ctx: DeviceContext, body: DeviceCreateBody): Promise<{ thietbi: Device; secret: string }> {
  requireRight(ctx.session, 'quanlythietbi');
  await checkArea(ctx, body.diaban);
  await checkSerialFree(ctx, body.serial);
  const id = crypto.randomUUID();
  const secret = newSecret();
  try {
    await q.insertDevice(ctx.db, {
      id, adminId: ctx.session.user.admin_id, areaId: body.diaban, name: body.tenthietbi, serial: body.serial,
      lat: body.vido ?? null, lng: body.kinhdo ?? null, note: body.ghichu, secretHash: sha256(secret),
    });
  } catch (error) {
    // Two adds of one serial at once: the unique index decides.
    if (String((error as { code?: string }).code) === '23505') throw conflict(DEVICE_MESSAGES.serialDuplicate);
    throw error;
  }
  try {
    await ctx.gateway.refreshDevice(id, { secret });
  } catch (error) {
    // No broker account, no device: nothing half-made stays behind.
    await q.deleteDevice(ctx.db, id);
    throw brokerFailure(error);
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await writeSystemLog(tx, ctx.session.actor, { action: 'them-thiet-bi', targetType: 'thietbi', targetId: id, detail: { ten: body.tenthietbi, serial: body.serial } });
      await reportDevice(tx, 'them', factsOf(id, ctx.session.user.admin_id, body), null);
    });
  } catch (error) {
    // The broker needs the committed row, so the entry comes last; without it the device is undone.
    await ctx.gateway.forget(id).catch(() => undefined);
    await q.deleteDevice(ctx.db, id);
    throw error;
  }
  registryChanged(ctx, id, body.diaban);
  return { thietbi: toDevice(ctx, (await q.findDevice(ctx.db, id))!), secret };
}

/** Edits a device's name, area, serial, coordinates and note (capnhat). */
export async function updateDevice(ctx: DeviceContext, body: DeviceCreateBody & { id: string }): Promise<Device> {
  requireRight(ctx.session, 'quanlythietbi');
  const scope = await checkArea(ctx, body.diaban);
  const before = await deviceInScope(ctx, body.id, scope);
  await checkSerialFree(ctx, body.serial, body.id);
  await q.updateDevice(ctx.db, body.id, { areaId: body.diaban, name: body.tenthietbi, serial: body.serial, lat: body.vido ?? null, lng: body.kinhdo ?? null, note: body.ghichu });
  try {
    await ctx.gateway.refreshDevice(body.id);
  } catch (error) {
    // The device's rights on the broker could not follow it to its new area: it stays where it was.
    await q.updateDevice(ctx.db, body.id, { areaId: before.area_id, name: before.name, serial: before.serial, lat: before.lat, lng: before.lng, note: before.note });
    throw brokerFailure(error);
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await writeSystemLog(tx, ctx.session.actor, { action: 'sua-thiet-bi', targetType: 'thietbi', targetId: body.id, detail: { ten: body.tenthietbi } });
      await reportDevice(tx, 'sua', factsOf(body.id, before.admin_id, body), ctx.gateway.liveOf(body.id));
    });
  } catch (error) {
    // No entry, no change: the device goes back where it was (its broker rights with it).
    await q.updateDevice(ctx.db, body.id, { areaId: before.area_id, name: before.name, serial: before.serial, lat: before.lat, lng: before.lng, note: before.note });
    await ctx.gateway.refreshDevice(body.id).catch(() => undefined);
    throw error;
  }
  registryChanged(ctx, body.id, before.area_id, body.diaban);
  return toDevice(ctx, (await q.findDevice(ctx.db, body.id))!);
}

export async function deleteDevice(ctx: DeviceContext, id: string): Promise<void> {
  requireRight(ctx.session, 'quanlythietbi');
  const row = await deviceInScope(ctx, id);
  // The broker account first: if it cannot be deleted, the device stays (and can be deleted again).
  await ctx.gateway.forget(id).catch((error: unknown) => {
    throw brokerFailure(error);
  });
  await ctx.db.transaction(async (tx) => {
    await q.deleteDevice(tx, id);
    await writeSystemLog(tx, ctx.session.actor, { action: 'xoa-thiet-bi', targetType: 'thietbi', targetId: id, targetName: row.name, areaId: row.area_id, detail: { ten: row.name } });
    await reportDeviceDeleted(tx, { id, adminId: row.admin_id });
  });
  registryChanged(ctx, id, row.area_id);
}

/** Issues new secrets (reset): the old ones stop working and their sessions are cut at once. */
export async function resetSecrets(ctx: DeviceContext, ids: string[]): Promise<{ _id: string; secret: string }[]> {
  requireRight(ctx.session, 'quanlythietbi');
  const scope = await areaScope(ctx.db, ctx.session);
  const unique = [...new Set(ids)];
  for (const id of unique) await deviceInScope(ctx, id, scope);
  const issued = unique.map((id) => ({ _id: id, secret: newSecret() }));
  await ctx.db.transaction(async (tx) => {
    await q.setSecretHashes(tx, issued.map((i) => ({ id: i._id, hash: sha256(i.secret) })));
    await writeSystemLog(tx, ctx.session.actor, { action: 'cap-lai-khoa-thiet-bi', targetType: 'thietbi', targetId: unique.length === 1 ? unique[0] : undefined, detail: { soluong: unique.length } });
  });
  try {
    for (const { _id, secret } of issued) await ctx.gateway.secretChanged(_id, secret);
  } catch (error) {
    // Secrets not shown are lost: a new reset issues fresh ones for every device asked.
    throw brokerFailure(error, DEVICE_MESSAGES.resetIncomplete);
  }
  return issued;
}

/** The device list of the management screen (danhsachthietbi). */
export async function listDevices(ctx: DeviceContext, query: DeviceListQuery): Promise<{ items: Device[]; total: number }> {
  const scope = await areaScope(ctx.db, ctx.session);
  const { rows, total } = await q.listDevices(ctx.db, {
    areaIds: [...scope.ids], q: query.q?.trim() || undefined, areaId: query.diaban, status: query.trangthai,
    sort: query.sort, order: query.order, limit: query.limit, offset: (query.page - 1) * query.limit,
  });
  return { items: rows.map((r) => toDevice(ctx, r)), total };
}

/** Devices of an area and the areas below it (laythietbi), for the broadcast dialog. */
export async function devicesOfArea(ctx: DeviceContext, areaId: string): Promise<Device[]> {
  const scope = await checkArea(ctx, areaId);
  const { rows } = await q.listDevices(ctx.db, { areaIds: subtreeIds(scope, areaId), sort: 'tenthietbi', order: 'asc', limit: 100_000, offset: 0 });
  return rows.map((r) => toDevice(ctx, r));
}

/** One device with its configuration (thongtin). */
export async function getDeviceDetail(ctx: DeviceContext, id: string): Promise<z.infer<typeof deviceDetailSchema>> {
  const scope = await areaScope(ctx.db, ctx.session);
  const row = await deviceInScope(ctx, id, scope);
  const chain: { id: string; config: StoredConfig }[] = [];
  for (let a = scope.areas.find((x) => x.id === row.area_id); a; a = scope.areas.find((x) => x.id === a!.parent_id)) chain.unshift({ id: a.id, config: a.config as StoredConfig });
  const effective = effectiveConfig(chain, row.config as StoredConfig);
  return {
    ...toDevice(ctx, row),
    cauhinh: row.config as StoredDeviceConfig,
    cauhinhhieuluc: {
      amluong: effective.volume, keepalive: effective.keepalive, kenhmacdinh: effective.defaultRelayUrl,
      giotinh: effective.quietHours ? { tu: effective.quietHours.from, den: effective.quietHours.to } : null,
    },
  };
}

/** Configures one device or a whole area (update); devices get their new configuration at once. */
export async function configure(ctx: DeviceContext, body: z.infer<typeof deviceConfigBodySchema>): Promise<void> {
  requireRight(ctx.session, 'quanlythietbi');
  const { id, diaban, ...config } = body;
  if (id) {
    const row = await deviceInScope(ctx, id);
    await ctx.db.transaction(async (tx) => {
      await q.updateDeviceConfig(tx, id, applyConfigPatch(row.config as StoredConfig, config));
      await writeSystemLog(tx, ctx.session.actor, { action: 'cau-hinh-thiet-bi', targetType: 'thietbi', targetId: id, detail: config });
    });
    await ctx.gateway.refreshDevice(id);
  } else {
    const scope = await checkArea(ctx, diaban!);
    const area = scope.areas.find((a) => a.id === diaban)!;
    await ctx.db.transaction(async (tx) => {
      await updateAreaConfig(tx, area.id, applyConfigPatch(area.config as StoredConfig, config));
      await writeSystemLog(tx, ctx.session.actor, { action: 'cau-hinh-thiet-bi', targetType: 'diaban', targetId: area.id, detail: config });
    });
    await ctx.gateway.reloadAreas();
    const { rows } = await q.listDevices(ctx.db, { areaIds: subtreeIds(scope, area.id), sort: 'tenthietbi', order: 'asc', limit: 100_000, offset: 0 });
    await Promise.all(rows.map((r) => ctx.gateway.publishConfig(r.id)));
  }
}

/**
 * Sends volume or reboot to one device. A volume set on a device is its own configuration (one
 * source of truth): stored with the log entry, so the retained configuration carries it across a
 * reboot or reconnect and Cấu hình thiết bị shows it as the device's own, not inherited.
 */
export async function control(ctx: DeviceContext, body: z.infer<typeof deviceControlBodySchema>): Promise<void> {
  requireRight(ctx.session, 'quanlythietbi');
  const row = await deviceInScope(ctx, body.id);
  const envelope = DeviceGateway.envelope(60);
  // The order is logged before it goes out: an order given is never missing from the log.
  if (body.lenh === 'amluong') {
    await ctx.db.transaction(async (tx) => {
      await q.updateDeviceConfig(tx, body.id, applyConfigPatch(row.config as StoredConfig, { amluong: body.amluong }));
      await writeSystemLog(tx, ctx.session.actor, { action: 'dat-am-luong', targetType: 'thietbi', targetId: body.id, detail: { amluong: body.amluong } });
    });
    await ctx.gateway.refreshDevice(body.id);
    await ctx.gateway.command({ deviceIds: [body.id] }, { ...envelope, type: 'volume', volume: body.amluong });
    return;
  }
  await writeSystemLog(ctx.db, ctx.session.actor, { action: 'khoi-dong-lai', targetType: 'thietbi', targetId: body.id });
  await ctx.gateway.command({ deviceIds: [body.id] }, { ...envelope, type: 'reboot' });
}

export async function connectionHistory(ctx: DeviceContext, id: string, page: number, limit: number) {
  await deviceInScope(ctx, id);
  const { rows, total } = await q.listConnections(ctx.db, id, limit, (page - 1) * limit);
  return { items: rows.map((r) => ({ thoigian: Math.floor(r.at.getTime() / 1000), online: r.online, lydo: r.reason, ip: r.ip })), total };
}

/**
 * A speaker told to stop because its bulletin reached its planned end (a relay has no end of its
 * own; the server ends it on time) played it in full: "Phát hết", as the as-run record says, not
 * "Dừng theo lệnh từ máy chủ" (issue #28).
 */
const endedAtItsEnd = (r: { event: string; message: string | null; session_status: string | null }) => r.event === 'finished' && r.message === 'stopped' && r.session_status === 'finished';

export async function playHistory(ctx: DeviceContext, id: string, page: number, limit: number) {
  await deviceInScope(ctx, id);
  const { rows, total } = await q.listPlays(ctx.db, id, limit, (page - 1) * limit);
  return {
    items: rows.map((r) => ({
      thoigian: Math.floor(r.at.getTime() / 1000), sukien: r.event as 'started' | 'finished' | 'error' | 'gap', idphien: r.session_id,
      thutu: r.item_index, url: r.url, loi: r.message,
      tieude: r.title || null, tenmuc: r.item_title || (r.url ? readableMediaName(r.url) : null),
      lydo: r.event === 'gap' ? gapText(r.gap_seconds) : playReasonText(r.event as 'started' | 'finished' | 'error', endedAtItsEnd(r) ? null : r.message),
    })),
    total,
  };
}
