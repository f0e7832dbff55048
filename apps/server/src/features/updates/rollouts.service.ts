import crypto from 'node:crypto';
import {
  agentVersionOf, compareAgentVersions, ROLLOUT_DEVICE_STATES, UPDATE_MESSAGES,
  type Rollout, type RolloutCreateBody, type RolloutDeviceState, type RolloutState,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, conflict, outOfScope } from '../../infra/errors';
import type { DeviceGateway } from '../../gateway/gateway';
import type { Session } from '../auth/auth.service';
import { listAreasInScope } from '../areas/areas.queries';
import { writeSystemLog } from '../system-log/systemLog.service';
import { commandPackages, requireUpdateRights } from './packages.service';

// Issue #31 item 3 (docs/operations.md "Updating boxes"): a rollout sends one version to the boxes
// of its stages in turn (stage 2 begins when every box of stage 1 runs the version); a box that
// fails or goes back by itself pauses it. A rollback sends each box that changed its previous
// version. The sending itself is the dispatcher's (rolloutDispatcher.ts).

export interface RolloutContext {
  db: Db;
  gateway: DeviceGateway;
  session: Session;
  /** Called after a change: the dispatcher looks at once rather than at its next tick. */
  poke: () => void;
}

export interface RolloutRow {
  id: string;
  admin_id: string;
  version: string;
  state: RolloutState;
  force: boolean;
  stages: number;
  reason: string | null;
  created_by_name: string;
  created_at: Date;
}

export interface RolloutDeviceRow {
  rollout_id: string;
  device_id: string;
  stage: number;
  area_id: string;
  previous_version: string | null;
  target_version: string;
  rollback: boolean;
  state: RolloutDeviceState;
  message: string;
  sent_at: Date | null;
}

const ACTIVE: RolloutState[] = ['dangchay', 'tamdung', 'danghoanlai'];
export const ROLLOUT_SELECT = 'SELECT id, admin_id, version, state, force, stages, reason, created_by_name, created_at FROM agent_rollouts';
export const ROLLOUT_DEVICE_SELECT = `SELECT rollout_id, device_id, stage, area_id, previous_version, target_version, rollback, state, message, sent_at FROM agent_rollout_devices`;

/** The version a box runs now: its live report, else the last one stored. */
export function runningVersion(gateway: DeviceGateway, deviceId: string, stored: string | null): string | null {
  return agentVersionOf(gateway.liveOf(deviceId)?.firmware ?? stored);
}

const emptyCounts = () => Object.fromEntries(ROLLOUT_DEVICE_STATES.map((s) => [s, 0])) as Record<RolloutDeviceState, number>;

/** A rollout as the console shows it: counts overall, per area, and the boxes that failed. */
async function toRollout(db: Db, row: RolloutRow): Promise<Rollout> {
  const devices = await db.query<RolloutDeviceRow & { device_name: string | null; area_name: string | null }>(
    `SELECT r.*, d.name AS device_name, a.ten AS area_name FROM agent_rollout_devices r
       LEFT JOIN devices d ON d.id = r.device_id LEFT JOIN areas a ON a.id = r.area_id
      WHERE r.rollout_id = $1 ORDER BY a.ten, d.name`, [row.id],
  );
  const dem = emptyCounts();
  const byArea = new Map<string, { diaban: { _id: string; tendiaban: string }; tong: number; dem: Record<RolloutDeviceState, number> }>();
  for (const d of devices) {
    dem[d.state] += 1;
    let area = byArea.get(d.area_id);
    if (!area) byArea.set(d.area_id, (area = { diaban: { _id: d.area_id, tendiaban: d.area_name ?? '' }, tong: 0, dem: emptyCounts() }));
    area.tong += 1;
    area.dem[d.state] += 1;
  }
  const pending = devices.filter((d) => d.state === 'cho' || d.state === 'dagui');
  return {
    _id: row.id, phienban: row.version, trangthai: row.state, batbuoc: row.force, lydo: row.reason,
    giaidoan: pending.length ? Math.min(...pending.map((d) => d.stage)) : row.stages, sogiaidoan: row.stages,
    tong: devices.length, dem, theodiaban: [...byArea.values()],
    loi: devices.filter((d) => d.state === 'loi' || d.state === 'tuquaylai')
      .map((d) => ({ thietbi: { _id: d.device_id, tenthietbi: d.device_name ?? '' }, trangthai: d.state, thongbao: d.message })),
    nguoitao: row.created_by_name, ngaytao: row.created_at.toISOString(),
  };
}

async function rolloutOf(ctx: RolloutContext, id: string): Promise<RolloutRow> {
  const [row] = await ctx.db.query<RolloutRow>(`${ROLLOUT_SELECT} WHERE id = $1 AND admin_id = $2`, [id, ctx.session.user.admin_id]);
  if (!row) throw outOfScope(UPDATE_MESSAGES.rolloutUnknown);
  return row;
}

/** The administrator's rollouts, newest first. */
export async function listRollouts(ctx: RolloutContext): Promise<Rollout[]> {
  requireUpdateRights(ctx.session);
  const rows = await ctx.db.query<RolloutRow>(`${ROLLOUT_SELECT} WHERE admin_id = $1 ORDER BY created_at DESC, id LIMIT 50`, [ctx.session.user.admin_id]);
  return Promise.all(rows.map((r) => toRollout(ctx.db, r)));
}

/**
 * Starts a rollout of a version the server holds, in the stages given: each box of the
 * administrator goes in the first stage that names it (itself, its area or one above, or "the
 * rest"). A box already running the version counts as done; one running a newer version refuses
 * the whole rollout (a downgrade is only ever a rollback), logged as refused.
 */
export async function createRollout(ctx: RolloutContext, body: RolloutCreateBody): Promise<Rollout> {
  requireUpdateRights(ctx.session);
  const adminId = ctx.session.user.admin_id;
  const refuse = async (reason: string, error: AppError): Promise<never> => {
    await writeSystemLog(ctx.db, ctx.session.actor, { action: 'tu-choi-dot-cap-nhat', outcome: 'denied', targetType: 'dotcapnhat', detail: { lydo: reason, phienban: body.phienban } });
    throw error;
  };
  const areas = await listAreasInScope(ctx.db, adminId, null);
  const areaIds = new Set(areas.map((a) => a.id));
  const devices = await ctx.db.query<{ id: string; area_id: string; firmware: string | null }>(
    'SELECT id, area_id, firmware FROM devices WHERE admin_id = $1 AND NOT pending', [adminId],
  );
  const byId = new Map(devices.map((d) => [d.id, d]));
  const stageOf = new Map<string, number>();
  body.giaidoan.forEach((stage, index) => {
    if (stage.thietbi.length === 0 && stage.diaban.length === 0 && !stage.conlai) throw new AppError(400, UPDATE_MESSAGES.stagesRequired);
    for (const id of stage.thietbi) if (!byId.has(id)) throw outOfScope(UPDATE_MESSAGES.deviceUnknown);
    for (const id of stage.diaban) if (!areaIds.has(id)) throw outOfScope(UPDATE_MESSAGES.areaUnknown);
    const inAreas = ctx.gateway.subtree(stage.diaban);
    const chosen = stage.conlai ? devices : devices.filter((d) => stage.thietbi.includes(d.id) || inAreas.has(d.area_id));
    for (const d of chosen) if (!stageOf.has(d.id)) stageOf.set(d.id, index + 1);
  });
  // The boxes and areas named are checked first: another administrator's are never confirmed to exist.
  if ((await commandPackages(ctx.db, adminId, body.phienban)).length === 0) return refuse('chua-co-goi', new AppError(400, UPDATE_MESSAGES.versionUnknown));
  const [active] = await ctx.db.query<{ id: string }>('SELECT id FROM agent_rollouts WHERE admin_id = $1 AND state = ANY($2)', [adminId, ACTIVE]);
  if (active) return refuse('dang-co-dot-khac', conflict(UPDATE_MESSAGES.rolloutRunning));
  const members = [...stageOf].map(([id, stage]) => {
    const d = byId.get(id)!;
    return { id, stage, areaId: d.area_id, current: runningVersion(ctx.gateway, id, d.firmware) };
  });
  if (members.some((m) => m.current && compareAgentVersions(m.current, body.phienban) > 0)) return refuse('ha-phien-ban', new AppError(400, UPDATE_MESSAGES.downgrade));
  if (members.every((m) => m.current === body.phienban)) return refuse('khong-co-loa', new AppError(400, UPDATE_MESSAGES.noDevices));
  const id = crypto.randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO agent_rollouts (id, admin_id, version, state, force, stages, created_by, created_by_name) VALUES ($1, $2, $3, 'dangchay', $4, $5, $6, $7)`,
      [id, adminId, body.phienban, body.batbuoc, body.giaidoan.length, ctx.session.user.id, ctx.session.user.hoten || ctx.session.user.tentaikhoan],
    );
    for (let i = 0; i < members.length; i += 500) {
      const batch = members.slice(i, i + 500);
      await tx.query(
        `INSERT INTO agent_rollout_devices (rollout_id, device_id, stage, area_id, previous_version, target_version, state)
         SELECT $1, m.id, m.stage, m.area_id, m.previous, $2, CASE WHEN m.previous = $2 THEN 'xong' ELSE 'cho' END
           FROM jsonb_to_recordset($3::jsonb) AS m(id text, stage int, area_id text, previous text)`,
        [id, body.phienban, JSON.stringify(batch.map((m) => ({ id: m.id, stage: m.stage, area_id: m.areaId, previous: m.current })))],
      );
    }
    await writeSystemLog(tx, ctx.session.actor, {
      action: 'tao-dot-cap-nhat', targetType: 'dotcapnhat', targetId: id, targetName: `loa-speaker ${body.phienban}`,
      detail: { phienban: body.phienban, giaidoan: body.giaidoan.length, soloa: members.length, batbuoc: body.batbuoc },
    });
  });
  ctx.poke();
  return toRollout(ctx.db, await rolloutOf(ctx, id));
}

/** Pauses a running rollout: no box is sent the update any more (those already sent finish). */
export async function pauseRollout(ctx: RolloutContext, id: string): Promise<Rollout> {
  requireUpdateRights(ctx.session);
  const row = await rolloutOf(ctx, id);
  if (row.state !== 'dangchay') throw conflict(UPDATE_MESSAGES.notRunning);
  await ctx.db.transaction(async (tx) => {
    await tx.query(`UPDATE agent_rollouts SET state = 'tamdung', reason = NULL WHERE id = $1`, [id]);
    await writeSystemLog(tx, ctx.session.actor, { action: 'tam-dung-cap-nhat', targetType: 'dotcapnhat', targetId: id, targetName: `loa-speaker ${row.version}` });
  });
  return toRollout(ctx.db, await rolloutOf(ctx, id));
}

/** Resumes a paused rollout; boxes that failed are tried again. */
export async function resumeRollout(ctx: RolloutContext, id: string): Promise<Rollout> {
  requireUpdateRights(ctx.session);
  const row = await rolloutOf(ctx, id);
  if (row.state !== 'tamdung') throw conflict(UPDATE_MESSAGES.notPaused);
  await ctx.db.transaction(async (tx) => {
    await tx.query(`UPDATE agent_rollouts SET state = 'dangchay', reason = NULL WHERE id = $1`, [id]);
    await tx.query(`UPDATE agent_rollout_devices SET state = 'cho', message = '', sent_at = NULL, updated_at = now() WHERE rollout_id = $1 AND state IN ('loi', 'tuquaylai')`, [id]);
    await writeSystemLog(tx, ctx.session.actor, { action: 'tiep-tuc-cap-nhat', targetType: 'dotcapnhat', targetId: id, targetName: `loa-speaker ${row.version}` });
  });
  ctx.poke();
  return toRollout(ctx.db, await rolloutOf(ctx, id));
}

/**
 * Rolls a rollout back: boxes not sent it yet are left out; every box that was sent it and does
 * not run its previous version is sent that version (a rollback, the one downgrade allowed). The
 * server must hold the previous versions' packages.
 */
export async function rollBack(ctx: RolloutContext, id: string): Promise<Rollout> {
  requireUpdateRights(ctx.session);
  const row = await rolloutOf(ctx, id);
  if (!['dangchay', 'tamdung', 'hoantat'].includes(row.state)) throw conflict(UPDATE_MESSAGES.cannotRollBack);
  const members = await ctx.db.query<RolloutDeviceRow & { firmware: string | null }>(
    `SELECT r.*, d.firmware FROM agent_rollout_devices r JOIN devices d ON d.id = r.device_id WHERE r.rollout_id = $1`, [id],
  );
  const back = members.filter((m) => ['dagui', 'xong', 'loi'].includes(m.state) && m.previous_version && m.previous_version !== row.version);
  if (back.length === 0) throw conflict(UPDATE_MESSAGES.cannotRollBack);
  for (const version of new Set(back.map((m) => m.previous_version!))) {
    if ((await commandPackages(ctx.db, row.admin_id, version)).length === 0) throw conflict(UPDATE_MESSAGES.previousMissing);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.query(`UPDATE agent_rollouts SET state = 'danghoanlai', reason = NULL WHERE id = $1`, [id]);
    await tx.query(`UPDATE agent_rollout_devices SET state = 'huy', updated_at = now() WHERE rollout_id = $1 AND state = 'cho'`, [id]);
    for (const m of back) {
      const running = runningVersion(ctx.gateway, m.device_id, m.firmware);
      await tx.query(
        `UPDATE agent_rollout_devices SET target_version = previous_version, rollback = true, state = $3, message = '', sent_at = NULL, updated_at = now()
          WHERE rollout_id = $1 AND device_id = $2`, [id, m.device_id, running === m.previous_version ? 'xong' : 'cho'],
      );
    }
    await writeSystemLog(tx, ctx.session.actor, {
      action: 'hoan-lai-cap-nhat', targetType: 'dotcapnhat', targetId: id, targetName: `loa-speaker ${row.version}`, detail: { phienban: row.version, soloa: back.length },
    });
  });
  ctx.poke();
  return toRollout(ctx.db, await rolloutOf(ctx, id));
}
