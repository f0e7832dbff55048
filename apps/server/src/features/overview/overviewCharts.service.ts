import { OVERVIEW_CHART_DAYS, OVERVIEW_COMPLETION_DAYS, OVERVIEW_TOP_OFFLINE, vnIsoDay, type OverviewCharts } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DeviceGateway } from '../../gateway/gateway';
import type { Session } from '../auth/auth.service';
import { hasRight } from '../auth/rights';
import { areaScope, type AreaScope } from '../areas/areas.service';
import { listAreasInScope } from '../areas/areas.queries';
import { buildAsRunReport } from '../asrun/asrun.service';
import { selectConnectivity } from '../asrun/asrun.queries';
import { Geography } from '../asrun/geography';
import { offlineSeconds, onlineSeries, timelines } from './connectionTimeline';
import { selectBroadcastsSince, selectDevices, type BroadcastCountRow } from './overview.queries';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Counts per message type of some broadcasts. */
export function countByType(rows: BroadcastCountRow[]) {
  const theoloai: Record<string, number> = {};
  for (const r of rows) theoloai[String(r.message_type)] = (theoloai[String(r.message_type)] ?? 0) + 1;
  return { tong: rows.length, theoloai };
}

/**
 * The broadcasts since an instant that reached the caller's scope: an account without an area sees
 * all of its administrator's; a scoped one those addressed to one of its areas (or an area above
 * them) or to a speaker in them.
 */
export async function broadcastsInScope(db: Db, session: Session, scope: AreaScope, since: number): Promise<BroadcastCountRow[]> {
  const adminId = session.user.admin_id;
  const rows = await selectBroadcastsSince(db, adminId, since);
  if (!session.user.area_id) return rows;
  const [areas, devices] = await Promise.all([listAreasInScope(db, adminId, null), selectDevices(db, adminId)]);
  const geo = new Geography(areas, [], scope.ids);
  const deviceArea = new Map(devices.map((d) => [d.id, d.area_id]));
  const reaches = (r: BroadcastCountRow) =>
    r.target_devices.some((d) => scope.ids.has(deviceArea.get(d) ?? '')) || [...geo.subtree(r.target_areas)].some((id) => scope.ids.has(id));
  return rows.filter(reaches);
}

/** The overview's charts (GET /v1/client/tongquan/bieudo), within the caller's area scope. */
export async function getOverviewCharts(db: Db, gateway: DeviceGateway, session: Session, now = Date.now()): Promise<OverviewCharts> {
  const scope = await areaScope(db, session);
  const today = vnIsoDay(now);
  const firstDay = Date.parse(`${today}T00:00:00+07:00`) - (OVERVIEW_CHART_DAYS - 1) * DAY_MS;
  const broadcasts = await broadcastsInScope(db, session, scope, firstDay);
  const days = Array.from({ length: OVERVIEW_CHART_DAYS }, (_, i) => vnIsoDay(firstDay + i * DAY_MS + HOUR_MS));
  const byDay = new Map<string, BroadcastCountRow[]>(days.map((d) => [d, []]));
  for (const b of broadcasts) byDay.get(vnIsoDay(b.started_at.getTime()))?.push(b);

  const devices = (await selectDevices(db, session.user.admin_id)).filter((d) => scope.ids.has(d.area_id));
  const weekAgo = now - 7 * DAY_MS;
  const { before, changes } = await selectConnectivity(db, devices.map((d) => d.id), new Date(weekAgo), new Date(now + 1));
  const lines = timelines(devices, before, changes);
  const byId = new Map(devices.map((d) => [d.id, d]));
  const live = new Map(gateway.snapshot().map((d) => [d.id, d.online]));
  const ngoaituyen = lines
    .map((t) => ({ t, seconds: offlineSeconds(t, weekAgo, now) }))
    .filter((x) => x.seconds > 0)
    .sort((a, b) => b.seconds - a.seconds || byId.get(a.t.id)!.name.localeCompare(byId.get(b.t.id)!.name, 'vi'))
    .slice(0, OVERVIEW_TOP_OFFLINE)
    .map(({ t, seconds }) => {
      const d = byId.get(t.id)!;
      return { _id: d.id, tenthietbi: d.name, tendiaban: gateway.areaName(d.area_id), giayngoaituyen: seconds, dangngoaituyen: !(live.get(d.id) ?? false) };
    });

  return {
    bantintheongay: days.map((ngay) => ({ ngay, ...countByType(byDay.get(ngay)!) })),
    tructuyen24h: onlineSeries(lines, now, HOUR_MS, 24),
    tructuyen7ngay: onlineSeries(lines, now, 6 * HOUR_MS, 28),
    ngoaituyen,
    hoanthanh: hasRight(session, 'themsuaxoalichphat') ? await completion(db, session, now) : null,
  };
}

/** Scheduled occurrences of the last days per commune, from the as-run record (past ones only). */
async function completion(db: Db, session: Session, now: number): Promise<NonNullable<OverviewCharts['hoanthanh']>> {
  const tu = vnIsoDay(now - (OVERVIEW_COMPLETION_DAYS - 1) * DAY_MS);
  const report = await buildAsRunReport(db, session, { tu, den: vnIsoDay(now) }, now);
  const byCommune = new Map<string, NonNullable<OverviewCharts['hoanthanh']>['items'][number]>();
  for (const row of report.items) {
    if (row.hinhthuc !== 'phatlich' || row.ketqua === 'chuaden') continue;
    const c = byCommune.get(row.diaban._id) ?? { _id: row.diaban._id, tendiaban: row.diaban.tendiaban, solan: 0, bolo: 0, kehoach: 0, daphat: 0 };
    c.solan += 1;
    if (row.ketqua === 'bolo') c.bolo += 1;
    c.kehoach += row.sothietbi;
    c.daphat += row.sodaphat;
    byCommune.set(c._id, c);
  }
  const items = [...byCommune.values()].sort((a, b) => a.tendiaban.localeCompare(b.tendiaban, 'vi'));
  return { tu: report.tu, den: report.den, items };
}
