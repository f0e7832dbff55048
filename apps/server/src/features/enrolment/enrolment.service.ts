import crypto from 'node:crypto';
import {
  DEVICE_MESSAGES, ENROLMENT_CODE_ALPHABET, ENROLMENT_MESSAGES, vietnameseSortKey,
  type ConfirmDeviceBody, type EnrolmentCodeCreateBody, type EnrolRequest,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, conflict, outOfScope } from '../../infra/errors';
import type { DeviceGateway } from '../../gateway/gateway';
import type { DomainBus } from '../../infra/events';
import { sha256 } from '../auth/tokens';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { areaScope, type AreaScope } from '../areas/areas.service';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import * as devices from '../devices/devices.queries';

// Issue #31 (docs/device-protocol.md "Enrolment"): an administrator makes a code for an area (shown
// once, kept hashed); a box sends it with its hardware identity and gets its own device id and
// secret; it waits as "chờ gán" (pending) until an officer names, places and confirms it, or
// confirms that it is the same hardware as a device it replaces, which keeps its history.

export interface EnrolmentContext {
  db: Db;
  gateway: DeviceGateway;
  bus: DomainBus;
  session: Session;
}

/** Tells the consoles of these areas that a box enrolled, was confirmed or replaced a device (their lists are read again). */
const registryChanged = (bus: DomainBus, deviceId: string, ...areaIds: string[]) =>
  bus.emit('devices.registry', { deviceId, areaIds: [...new Set(areaIds)] });

interface CodeRow {
  id: string;
  admin_id: string;
  area_id: string;
  area_name: string;
  note: string;
  max_uses: number;
  uses: number;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

/** Hardware identity as a box reported it (devices.hardware). */
interface Hardware {
  machineId: string;
  serial: string | null;
  imei: string | null;
  firmware: string | null;
  ip: string | null;
  gps: { lat: number; lng: number } | null;
  at: string;
}

const CODE_SELECT = `SELECT c.id, c.admin_id, c.area_id, a.ten AS area_name, c.note, c.max_uses, c.uses, c.expires_at, c.revoked_at, c.created_at
                       FROM enrolment_codes c JOIN areas a ON a.id = c.area_id`;

/** A code of 8 characters, XXXX-XXXX, from an alphabet without look-alikes (about 40 bits). */
function newCode(): string {
  const pick = () => ENROLMENT_CODE_ALPHABET[crypto.randomInt(ENROLMENT_CODE_ALPHABET.length)];
  return `${Array.from({ length: 4 }, pick).join('')}-${Array.from({ length: 4 }, pick).join('')}`;
}
const newSecret = () => crypto.randomBytes(32).toString('base64url');
const normaliseCode = (code: string) => code.trim().toUpperCase();

function toCode(row: CodeRow) {
  return {
    _id: row.id, diaban: { _id: row.area_id, tendiaban: row.area_name }, ghichu: row.note, soluong: row.max_uses, dadung: row.uses,
    hethan: row.expires_at.toISOString(), thuhoi: row.revoked_at !== null, ngaytao: row.created_at.toISOString(),
  };
}

async function checkArea(ctx: EnrolmentContext, areaId: string): Promise<AreaScope> {
  const scope = await areaScope(ctx.db, ctx.session);
  if (!scope.ids.has(areaId)) throw outOfScope(ENROLMENT_MESSAGES.areaUnknown);
  return scope;
}

/** Makes a code for an area; the code itself is answered once and kept only as its hash. */
export async function createCode(ctx: EnrolmentContext, body: EnrolmentCodeCreateBody) {
  requireRight(ctx.session, 'quanlythietbi');
  await checkArea(ctx, body.diaban);
  const id = crypto.randomUUID();
  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO enrolment_codes (id, admin_id, area_id, code_hash, note, max_uses, expires_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7), $8)`,
      [id, ctx.session.user.admin_id, body.diaban, sha256(code), body.ghichu, body.soluong, body.hieulucgio, ctx.session.user.id],
    );
    await writeSystemLog(tx, ctx.session.actor, { action: 'tao-ma-dang-ky-loa', targetType: 'diaban', targetId: body.diaban, detail: { soluong: body.soluong, hieulucgio: body.hieulucgio } });
  });
  const [row] = await ctx.db.query<CodeRow>(`${CODE_SELECT} WHERE c.id = $1`, [id]);
  return { madangky: toCode(row), ma: code };
}

/** The codes of the caller's areas, newest first (never the codes themselves). */
export async function listCodes(ctx: EnrolmentContext) {
  requireRight(ctx.session, 'quanlythietbi');
  const scope = await areaScope(ctx.db, ctx.session);
  const rows = await ctx.db.query<CodeRow>(`${CODE_SELECT} WHERE c.area_id = ANY($1) ORDER BY c.created_at DESC, c.id`, [[...scope.ids]]);
  return rows.map(toCode);
}

/** Revokes a code: boxes that enrolled with it stay; no box enrols with it any more. */
export async function revokeCode(ctx: EnrolmentContext, id: string) {
  requireRight(ctx.session, 'quanlythietbi');
  const scope = await areaScope(ctx.db, ctx.session);
  const [row] = await ctx.db.query<CodeRow>(`${CODE_SELECT} WHERE c.id = $1`, [id]);
  if (!row || !scope.ids.has(row.area_id)) throw outOfScope(ENROLMENT_MESSAGES.codeUnknown);
  if (row.revoked_at) throw conflict(ENROLMENT_MESSAGES.alreadyRevoked);
  await ctx.db.transaction(async (tx) => {
    await tx.query('UPDATE enrolment_codes SET revoked_at = now() WHERE id = $1', [id]);
    await writeSystemLog(tx, ctx.session.actor, { action: 'thu-hoi-ma-dang-ky-loa', targetType: 'diaban', targetId: row.area_id, detail: { ma: id } });
  });
  const [after] = await ctx.db.query<CodeRow>(`${CODE_SELECT} WHERE c.id = $1`, [id]);
  return toCode(after);
}

/** Why a code was refused, for the system log (the box is told only that it was refused). */
type RefusalReason = 'khong-ton-tai' | 'het-han' | 'da-thu-hoi' | 'het-luot';

/**
 * A box enrols (POST /v1/thietbi/dangky): the code is taken (one use, counted atomically) and the
 * box becomes a pending device of the code's area with its own id and secret, in one transaction
 * with its system-log entry. Any refusal is logged with its reason and answered 403, the same for all.
 */
export async function enrol(db: Db, gateway: DeviceGateway, bus: DomainBus, request: EnrolRequest, ip: string): Promise<{ deviceId: string; secret: string; serverTime: number }> {
  const codeHash = sha256(normaliseCode(request.code));
  const deviceId = crypto.randomUUID();
  const secret = newSecret();
  const hardware: Hardware = {
    machineId: request.machineId, serial: request.serial ?? null, imei: request.imei ?? null, firmware: request.firmware ?? null,
    ip, gps: request.gps ?? null, at: new Date().toISOString(),
  };
  const anonymous = (adminId: string | null): Actor => ({ userId: null, tentaikhoan: null, adminId, ip });
  const identity = { machineId: request.machineId, serial: request.serial ?? null, imei: request.imei ?? null };
  let areaId = '';
  const refusal = await db.transaction(async (tx): Promise<{ reason: RefusalReason; code: CodeRow | null } | null> => {
    // The use is counted by the UPDATE itself: two boxes racing for the last use cannot both get it.
    const [taken] = await tx.query<{ id: string; admin_id: string; area_id: string }>(
      `UPDATE enrolment_codes SET uses = uses + 1
        WHERE code_hash = $1 AND revoked_at IS NULL AND expires_at > now() AND uses < max_uses
        RETURNING id, admin_id, area_id`, [codeHash],
    );
    if (!taken) {
      const [code] = await tx.query<CodeRow>(`${CODE_SELECT} WHERE c.code_hash = $1`, [codeHash]);
      const reason: RefusalReason = !code ? 'khong-ton-tai' : code.revoked_at ? 'da-thu-hoi' : code.expires_at.getTime() <= Date.now() ? 'het-han' : 'het-luot';
      return { reason, code: code ?? null };
    }
    const name = `Loa chờ gán ${(request.serial || request.imei || request.machineId).slice(-8)}`;
    await tx.query(
      `INSERT INTO devices (id, admin_id, area_id, name, name_key, serial, note, secret_hash, pending, hardware, firmware, ip)
       VALUES ($1, $2, $3, $4, $5, $6, '', $7, true, $8::jsonb, $9, $10)`,
      [deviceId, taken.admin_id, taken.area_id, name, vietnameseSortKey(name), `cho-gan-${deviceId}`, sha256(secret), JSON.stringify(hardware), hardware.firmware, ip],
    );
    areaId = taken.area_id;
    await writeSystemLog(tx, anonymous(taken.admin_id), { action: 'loa-dang-ky', targetType: 'thietbi', targetId: deviceId, detail: { ma: taken.id, ...identity } });
    return null;
  });
  if (refusal) {
    await writeSystemLog(db, anonymous(refusal.code?.admin_id ?? null), {
      action: 'loa-dang-ky-bi-tu-choi', outcome: 'denied', areaId: refusal.code?.area_id, detail: { lydo: refusal.reason, ma: refusal.code?.id ?? null, ...identity },
    });
    throw new AppError(403, ENROLMENT_MESSAGES.refused);
  }
  try {
    await gateway.refreshDevice(deviceId, { secret });
  } catch (error) {
    // No broker account, no device: the box may enrol again (the use is given back).
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM devices WHERE id = $1', [deviceId]);
      await tx.query('UPDATE enrolment_codes SET uses = uses - 1 WHERE code_hash = $1', [codeHash]);
    });
    throw new AppError(503, DEVICE_MESSAGES.brokerUnavailable, { cause: String(error) });
  }
  // A console open on the area's boxes waiting to be assigned shows it without a reload.
  registryChanged(bus, deviceId, areaId);
  return { deviceId, secret, serverTime: Date.now() };
}

interface PendingRow {
  id: string;
  area_id: string;
  area_name: string;
  hardware: Hardware;
}

/** Assigned devices of the caller's areas with the same serial, IMEI or machine id as `hardware`. */
async function sameHardware(db: Db, adminId: string, areaIds: string[], hardware: Hardware, exceptId: string) {
  const keys = [hardware.serial, hardware.imei, hardware.machineId].filter((k): k is string => Boolean(k)).map((k) => k.toLowerCase());
  return db.query<{ id: string; name: string; serial: string }>(
    `SELECT id, name, serial FROM devices
      WHERE admin_id = $1 AND area_id = ANY($2) AND NOT pending AND id <> $4
        AND (lower(serial) = ANY($3) OR lower(hardware->>'serial') = ANY($3) OR lower(hardware->>'imei') = ANY($3) OR lower(hardware->>'machineId') = ANY($3))
      ORDER BY name`, [adminId, areaIds, keys, exceptId],
  );
}

/** The boxes waiting to be assigned in the caller's areas, with the devices of the same hardware. */
export async function listPending(ctx: EnrolmentContext) {
  requireRight(ctx.session, 'quanlythietbi');
  const scope = await areaScope(ctx.db, ctx.session);
  const rows = await ctx.db.query<PendingRow>(
    `SELECT d.id, d.area_id, a.ten AS area_name, d.hardware FROM devices d JOIN areas a ON a.id = d.area_id
      WHERE d.pending AND d.area_id = ANY($1) ORDER BY d.created_at, d.id`, [[...scope.ids]],
  );
  return Promise.all(rows.map(async (row) => ({
    _id: row.id, diaban: { _id: row.area_id, tendiaban: row.area_name }, online: ctx.gateway.liveOf(row.id)?.online ?? false,
    phancung: { machineId: row.hardware.machineId, serial: row.hardware.serial, imei: row.hardware.imei, firmware: row.hardware.firmware, ip: row.hardware.ip, gps: row.hardware.gps, lucdangky: row.hardware.at },
    cungphancung: (await sameHardware(ctx.db, ctx.session.user.admin_id, [...scope.ids], row.hardware, row.id)).map((d) => ({ _id: d.id, tenthietbi: d.name, serial: d.serial })),
  })));
}

/**
 * The officer confirms a pending box: named and placed, it becomes a device like any other (its
 * serial is the hardware's). With `thaythe`, it is the same hardware as that device: the device
 * keeps its id and history, its old secret stops working, and the box is handed over to it (it
 * asks for the device's id and a new secret with its own; docs/device-protocol.md "Enrolment").
 */
export async function confirmDevice(ctx: EnrolmentContext, body: ConfirmDeviceBody): Promise<{ _id: string }> {
  requireRight(ctx.session, 'quanlythietbi');
  const scope = await checkArea(ctx, body.diaban);
  const [pending] = await ctx.db.query<PendingRow & { secret_hash: string }>(
    'SELECT d.id, d.area_id, \'\' AS area_name, d.hardware, d.secret_hash FROM devices d WHERE d.id = $1 AND d.pending', [body.id],
  );
  if (!pending || !scope.ids.has(pending.area_id)) throw outOfScope(ENROLMENT_MESSAGES.pendingUnknown);
  const facts = { areaId: body.diaban, name: body.tenthietbi, lat: body.vido ?? null, lng: body.kinhdo ?? null, note: body.ghichu };
  if (!body.thaythe) {
    const serial = pending.hardware.serial || pending.hardware.imei || `MID-${pending.hardware.machineId}`;
    const other = await devices.findDeviceBySerial(ctx.db, serial);
    if (other && other.id !== pending.id) throw conflict(DEVICE_MESSAGES.serialDuplicate);
    await ctx.db.transaction(async (tx) => {
      await devices.updateDevice(tx, pending.id, { ...facts, serial });
      await tx.query('UPDATE devices SET pending = false WHERE id = $1', [pending.id]);
      await writeSystemLog(tx, ctx.session.actor, { action: 'xac-nhan-loa-dang-ky', targetType: 'thietbi', targetId: pending.id, detail: { ten: body.tenthietbi, serial } });
    });
    await ctx.gateway.refreshDevice(pending.id);
    registryChanged(ctx.bus, pending.id, pending.area_id, body.diaban);
    return { _id: pending.id };
  }
  const same = await sameHardware(ctx.db, ctx.session.user.admin_id, [...scope.ids], pending.hardware, pending.id);
  const kept = await devices.findDevice(ctx.db, body.thaythe);
  if (!kept || !scope.ids.has(kept.area_id)) throw outOfScope(ENROLMENT_MESSAGES.replacedUnknown);
  if (!same.some((d) => d.id === kept.id)) throw new AppError(400, ENROLMENT_MESSAGES.notSameHardware);
  // The kept device's old secret (the old SD card's) stops working at once: a secret nobody holds.
  const locked = newSecret();
  await ctx.db.transaction(async (tx) => {
    await devices.updateDevice(tx, kept.id, { ...facts, serial: kept.serial });
    await tx.query('UPDATE devices SET hardware = $2::jsonb, secret_hash = $3 WHERE id = $1', [kept.id, JSON.stringify(pending.hardware), sha256(locked)]);
    await tx.query('INSERT INTO device_handovers (enrolled_id, device_id, secret_hash) VALUES ($1, $2, $3)', [pending.id, kept.id, pending.secret_hash]);
    await tx.query('DELETE FROM devices WHERE id = $1', [pending.id]);
    await writeSystemLog(tx, ctx.session.actor, { action: 'xac-nhan-loa-thay-the', targetType: 'thietbi', targetId: kept.id, detail: { ten: body.tenthietbi, loadangky: pending.id } });
  });
  await ctx.gateway.forget(pending.id);
  await ctx.gateway.secretChanged(kept.id, locked);
  registryChanged(ctx.bus, kept.id, pending.area_id, kept.area_id, body.diaban);
  return { _id: kept.id };
}

/**
 * A box handed over to the device it replaces asks for that device (POST /v1/thietbi/dangky/bangiao)
 * with the id and secret it enrolled with: it gets the device's id and a new secret, once.
 */
export async function claimHandover(db: Db, gateway: DeviceGateway, enrolledId: string, secret: string, ip: string): Promise<{ deviceId: string; secret: string }> {
  const [handover] = await db.query<{ device_id: string; secret_hash: string }>('SELECT device_id, secret_hash FROM device_handovers WHERE enrolled_id = $1', [enrolledId]);
  const given = Buffer.from(sha256(secret));
  if (!handover || given.length !== handover.secret_hash.length || !crypto.timingSafeEqual(given, Buffer.from(handover.secret_hash))) {
    throw new AppError(404, ENROLMENT_MESSAGES.handoverUnknown);
  }
  const fresh = newSecret();
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM device_handovers WHERE enrolled_id = $1', [enrolledId]);
    await tx.query('UPDATE devices SET secret_hash = $2, updated_at = now() WHERE id = $1', [handover.device_id, sha256(fresh)]);
    await writeSystemLog(tx, { userId: null, tentaikhoan: null, adminId: null, ip }, { action: 'loa-nhan-ban-giao', targetType: 'thietbi', targetId: handover.device_id, detail: { loadangky: enrolledId } });
  });
  await gateway.secretChanged(handover.device_id, fresh);
  return { deviceId: handover.device_id, secret: fresh };
}
