import { CAP_MESSAGES } from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, badRequest } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { areaScope } from '../areas/areas.service';
import { listAreaGeographyText } from '../areas/geography.queries';
import type { CapInfo } from './capAlert';
import { checkShapeSizes } from './capLimits';
import { reachedAreasOffThread } from './capThread';

/** Drops every area that has a descendant in the set: a polygon touching a district's outline means the communes it touches. */
function deepest(rows: Map<string, { parent_id: string | null }>, ids: Set<string>): Set<string> {
  const covered = new Set<string>();
  for (const id of ids) {
    for (let parent = rows.get(id)?.parent_id; parent; parent = rows.get(parent)?.parent_id ?? null) covered.add(parent);
  }
  return new Set([...ids].filter((id) => !covered.has(id)));
}

/**
 * The Loa areas an alert's <area> blocks name, within the administrator: every geocode must be
 * the code of one of its areas (an unknown one refuses the alert, naming it); polygons and circles
 * take the deepest areas whose boundary they reach. Every area found must lie in the caller's scope.
 */
export async function areasOfAlert(db: Db, session: Session, info: CapInfo): Promise<{ id: string; ten: string }[]> {
  // An <area> with only its description (areaDesc) places nothing.
  if (info.area.every((a) => a.geocode.length + a.polygon.length + a.circle.length === 0)) throw badRequest(CAP_MESSAGES.noArea);
  const polygons = info.area.flatMap((area) => area.polygon);
  const circles = info.area.flatMap((area) => area.circle);
  checkShapeSizes(polygons, circles.length);
  const rows = await listAreaGeographyText(db, session.user.admin_id);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byCode = new Map(rows.filter((r) => r.geocode).map((r) => [r.geocode!.toLowerCase(), r]));
  const named = new Set<string>();
  const unknown: string[] = [];
  for (const code of info.area.flatMap((area) => area.geocode)) {
    const row = byCode.get(code.value.trim().toLowerCase());
    if (row) named.add(row.id);
    else unknown.push(code.value);
  }
  if (unknown.length > 0) throw badRequest(CAP_MESSAGES.unknownGeocodes.replace('{codes}', [...new Set(unknown)].slice(0, 20).join(', ')));
  const scope = await areaScope(db, session);
  const refuseOutside = (ids: Iterable<string>) => {
    const outside = [...ids].filter((id) => !scope.ids.has(id));
    if (outside.length > 0) throw new AppError(403, CAP_MESSAGES.outOfScope.replace('{areas}', outside.map((id) => byId.get(id)!.ten).join(', ')));
  };
  // Codes outside the caller's scope refuse the alert before any geometry is done for it.
  refuseOutside(named);
  // Read and matched on the CAP thread within a budget, the boundaries as their JSON text.
  const reached = new Set(await reachedAreasOffThread({ polygons, circles }, rows.flatMap((r) => (r.boundary ? [{ id: r.id, boundary: r.boundary }] : []))));
  const ids = new Set([...named, ...deepest(byId, reached)]);
  if (ids.size === 0) throw badRequest(CAP_MESSAGES.noAreaMatched);
  refuseOutside(ids);
  return [...ids].map((id) => ({ id, ten: byId.get(id)!.ten }));
}
