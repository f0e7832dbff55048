import crypto from 'node:crypto';
import { AREA_LEVELS as LEVELS, AREA_MESSAGES, MSG, type Area, type AreaDetail, type StoredDeviceConfig } from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, conflict, outOfScope } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';
import { reportArea, reportAreaDeleted } from '../province/provinceReports';
import * as q from './areas.queries';

/** The areas an account may see and act on: its administrator's, under its own area when it has one. */
export interface AreaScope {
  areas: q.AreaRow[];
  ids: Set<string>;
}

export async function areaScope(db: Db, session: Session): Promise<AreaScope> {
  const areas = await q.listAreasInScope(db, session.user.admin_id, session.user.area_id);
  return { areas, ids: new Set(areas.map((a) => a.id)) };
}

/**
 * The areas whose shared things (programmes, library media) the caller may see and act on: null
 * for an account without an area (all of its administrator's, the administrator-wide ones too);
 * otherwise its area and below, so a commune officer never reaches a district's or another
 * commune's programme or file.
 */
export async function sharedScopeIds(db: Db, session: Session): Promise<string[] | null> {
  return session.user.area_id ? [...(await areaScope(db, session)).ids] : null;
}

export const toArea = (a: q.AreaRow): Area => ({ _id: a.id, tendiaban: a.ten, cap: a.cap, idcha: a.parent_id });

/** The area list of spec §7 (GET /v1/client/thietbi, POST /v1/client/lichphat/danhsachdiaban). */
export async function listAreas(db: Db, session: Session): Promise<Area[]> {
  return (await areaScope(db, session)).areas.map(toArea);
}

/** Throws 404 unless the area lies in the caller's scope; answers the row. */
export async function areaInScope(db: Db, session: Session, areaId: string): Promise<q.AreaRow> {
  const scope = await areaScope(db, session);
  const area = scope.areas.find((a) => a.id === areaId);
  if (!area) throw outOfScope(AREA_MESSAGES.unknown);
  return area;
}

function checkParentLevel(cap: Area['cap'], parent: q.AreaRow | null): void {
  if (parent && LEVELS.indexOf(parent.cap) >= LEVELS.indexOf(cap)) throw badRequest(AREA_MESSAGES.parentLevel);
}

async function checkDuplicate(scope: AreaScope, ten: string, parentId: string | null, exceptId?: string): Promise<void> {
  const same = scope.areas.find((a) => a.id !== exceptId && a.parent_id === parentId && a.ten.toLowerCase() === ten.toLowerCase());
  if (same) throw conflict(AREA_MESSAGES.duplicateName);
}

/** Creates an area under a parent in scope (a scoped account cannot create a new root). */
export async function createArea(db: Db, session: Session, body: { tendiaban: string; cap: Area['cap']; idcha: string | null }): Promise<Area> {
  requireRight(session, 'quanlythietbi');
  const scope = await areaScope(db, session);
  const parent = body.idcha ? scope.areas.find((a) => a.id === body.idcha) ?? null : null;
  if (body.idcha && !parent) throw outOfScope(AREA_MESSAGES.unknown);
  if (!parent && session.user.area_id) throw badRequest(AREA_MESSAGES.rootOutsideScope);
  checkParentLevel(body.cap, parent);
  await checkDuplicate(scope, body.tendiaban, parent?.id ?? null);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    const row = { id, ten: body.tendiaban, cap: body.cap, parentId: parent?.id ?? null, adminId: session.user.admin_id };
    await q.insertArea(tx, row);
    await writeSystemLog(tx, session.actor, { action: 'them-dia-ban', targetType: 'diaban', targetId: id, detail: { ten: body.tendiaban } });
    await reportArea(tx, 'them', row);
  });
  return { _id: id, tendiaban: body.tendiaban, cap: body.cap, idcha: parent?.id ?? null };
}

/** Renames and/or moves an area; a move into its own subtree is refused. */
export async function updateArea(db: Db, session: Session, body: { id: string; tendiaban: string; idcha: string | null }): Promise<Area> {
  requireRight(session, 'quanlythietbi');
  const scope = await areaScope(db, session);
  const area = scope.areas.find((a) => a.id === body.id);
  if (!area) throw outOfScope(AREA_MESSAGES.unknown);
  const parent = body.idcha ? scope.areas.find((a) => a.id === body.idcha) ?? null : null;
  if (body.idcha && !parent) throw outOfScope(AREA_MESSAGES.unknown);
  if (!parent && area.parent_id && session.user.area_id) throw badRequest(AREA_MESSAGES.rootOutsideScope);
  for (let p = parent; p; p = scope.areas.find((a) => a.id === p!.parent_id) ?? null) {
    if (p.id === area.id) throw badRequest(AREA_MESSAGES.cycle);
  }
  checkParentLevel(area.cap, parent);
  await checkDuplicate(scope, body.tendiaban, parent?.id ?? null, area.id);
  await db.transaction(async (tx) => {
    await q.updateArea(tx, area.id, { ten: body.tendiaban, parentId: parent?.id ?? null });
    await writeSystemLog(tx, session.actor, { action: 'sua-dia-ban', targetType: 'diaban', targetId: area.id, detail: { ten: body.tendiaban, idcha: parent?.id ?? null } });
    await reportArea(tx, 'sua', { id: area.id, ten: body.tendiaban, cap: area.cap, parentId: parent?.id ?? null, adminId: area.admin_id });
  });
  return { _id: area.id, tendiaban: body.tendiaban, cap: area.cap, idcha: parent?.id ?? null };
}

/** Deletes an empty area; one with sub-areas, devices or accounts is refused with what it holds. */
export async function deleteArea(db: Db, session: Session, id: string): Promise<void> {
  requireRight(session, 'quanlythietbi');
  const area = await areaInScope(db, session, id);
  if (area.id === session.user.area_id) throw badRequest(MSG.forbidden);
  const usage = await q.areaUsage(db, id);
  const parts = [
    usage.children ? `${usage.children} địa bàn con` : '',
    usage.devices ? `${usage.devices} thiết bị` : '',
    usage.users ? `${usage.users} tài khoản` : '',
    usage.keys ? `${usage.keys} khoá API đang dùng` : '',
  ].filter(Boolean);
  if (parts.length) throw conflict(`Không thể xoá địa bàn "${area.ten}" vì còn ${parts.join(', ')}!`);
  await db.transaction(async (tx) => {
    await q.deleteArea(tx, id);
    await writeSystemLog(tx, session.actor, { action: 'xoa-dia-ban', targetType: 'diaban', targetId: id, targetName: area.ten, detail: { ten: area.ten } });
    await reportAreaDeleted(tx, { id, adminId: area.admin_id });
  });
}


/** The area and every area below it, within the scope. */
export function subtreeIds(scope: AreaScope, areaId: string): string[] {
  const below = new Set([areaId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const a of scope.areas) {
      if (a.parent_id && below.has(a.parent_id) && !below.has(a.id)) {
        below.add(a.id);
        grew = true;
      }
    }
  }
  return [...below];
}

/** Areas with their own configuration and how many devices (online) each holds directly. */
export async function listAreaDetails(db: Db, session: Session, devices: { areaId: string; online: boolean }[]): Promise<AreaDetail[]> {
  const scope = await areaScope(db, session);
  const counts = new Map<string, { all: number; online: number }>();
  for (const d of devices) {
    if (!scope.ids.has(d.areaId)) continue;
    const c = counts.get(d.areaId) ?? { all: 0, online: 0 };
    c.all += 1;
    if (d.online) c.online += 1;
    counts.set(d.areaId, c);
  }
  return scope.areas.map((a) => ({
    ...toArea(a), sothietbi: counts.get(a.id)?.all ?? 0, sothietbionline: counts.get(a.id)?.online ?? 0, cauhinh: a.config as StoredDeviceConfig,
  }));
}
