import { AREA_GEOGRAPHY_MESSAGES, AREA_MESSAGES, boundarySchema, type AreaGeography, type AreaGeographyBody, type Boundary } from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, conflict, outOfScope } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';
import { areaScope } from './areas.service';
import * as q from './geography.queries';

const toGeography = (r: q.AreaGeographyRow): AreaGeography => ({
  _id: r.id, tendiaban: r.ten, cap: r.cap, idcha: r.parent_id, mahanhchinh: r.geocode, ranhgioi: r.boundary,
});

/** The areas of the caller's scope with their geocodes and boundaries (the device map draws them). */
export async function listGeography(db: Db, session: Session): Promise<AreaGeography[]> {
  const scope = await areaScope(db, session);
  return (await q.listAreaGeography(db, session.user.admin_id)).filter((r) => scope.ids.has(r.id)).map(toGeography);
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/** Sets the geocode and/or boundary of one area in scope (right quanlythietbi). */
export async function setGeography(db: Db, session: Session, body: AreaGeographyBody): Promise<AreaGeography> {
  requireRight(session, 'quanlythietbi');
  const scope = await areaScope(db, session);
  const area = scope.areas.find((a) => a.id === body.id);
  if (!area) throw outOfScope(AREA_MESSAGES.unknown);
  const geocode = body.mahanhchinh === undefined ? undefined : body.mahanhchinh?.trim() || null;
  try {
    await db.transaction(async (tx) => {
      await q.saveAreaGeography(tx, area.id, session.user.admin_id, { geocode, boundary: body.ranhgioi });
      await writeSystemLog(tx, session.actor, {
        action: 'sua-ranh-gioi-dia-ban', targetType: 'diaban', targetId: area.id,
        detail: { mahanhchinh: geocode, ranhgioi: body.ranhgioi === undefined ? 'giu-nguyen' : body.ranhgioi ? body.ranhgioi.type : 'xoa' },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AREA_GEOGRAPHY_MESSAGES.geocodeTaken);
    throw error;
  }
  return toGeography((await q.listAreaGeography(db, session.user.admin_id)).find((r) => r.id === area.id)!);
}

interface Feature { geometry: unknown; properties: Record<string, unknown> }

function featuresOf(file: { type: string; features?: unknown[]; geometry?: unknown; properties?: unknown }): Feature[] {
  const raw = file.type === 'Feature' ? [file] : file.features ?? [];
  return raw.map((f) => {
    const feature = (typeof f === 'object' && f !== null ? f : {}) as { geometry?: unknown; properties?: unknown };
    const properties = typeof feature.properties === 'object' && feature.properties !== null ? feature.properties as Record<string, unknown> : {};
    return { geometry: feature.geometry, properties };
  });
}

const normalName = (s: string) => s.normalize('NFC').trim().toLowerCase();

/**
 * Imports boundaries from a GeoJSON file: each feature is matched to an area in scope by its
 * "ma" property (the area's geocode; set when the area has none) or else its "ten" (the area's
 * name). One transaction and one log entry; answers the areas updated and the features left out.
 */
export async function importGeography(db: Db, session: Session, file: { type: string; features?: unknown[]; geometry?: unknown; properties?: unknown }): Promise<{ capnhat: string[]; bochon: string[] }> {
  requireRight(session, 'quanlythietbi');
  const scope = await areaScope(db, session);
  const rows = (await q.listAreaGeography(db, session.user.admin_id)).filter((r) => scope.ids.has(r.id));
  const updates = new Map<string, { geocode?: string; boundary: Boundary }>();
  const skipped: string[] = [];
  featuresOf(file).forEach((feature, index) => {
    const code = typeof feature.properties.ma === 'string' || typeof feature.properties.ma === 'number' ? String(feature.properties.ma).trim() : '';
    const name = typeof feature.properties.ten === 'string' ? feature.properties.ten : '';
    const label = name || code || `#${index + 1}`;
    const geometry = boundarySchema.safeParse(feature.geometry);
    if (!geometry.success) throw badRequest(`${AREA_GEOGRAPHY_MESSAGES.boundaryInvalid} (${label})`);
    const row = (code && rows.find((r) => r.geocode?.toLowerCase() === code.toLowerCase()))
      || (name && rows.find((r) => normalName(r.ten) === normalName(name)));
    if (!row) {
      skipped.push(label);
      return;
    }
    updates.set(row.id, { geocode: !row.geocode && code ? code : undefined, boundary: geometry.data });
  });
  if (updates.size === 0) throw badRequest(AREA_GEOGRAPHY_MESSAGES.importNoMatch);
  try {
    await db.transaction(async (tx) => {
      for (const [areaId, g] of updates) await q.saveAreaGeography(tx, areaId, session.user.admin_id, g);
      await writeSystemLog(tx, session.actor, { action: 'nhap-ranh-gioi-dia-ban', detail: { sodiaban: updates.size, bochon: skipped.slice(0, 50) } });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AREA_GEOGRAPHY_MESSAGES.geocodeTaken);
    throw error;
  }
  return { capnhat: rows.filter((r) => updates.has(r.id)).map((r) => r.ten), bochon: skipped };
}
