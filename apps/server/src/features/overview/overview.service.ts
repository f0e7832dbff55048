import type { Overview } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DeviceGateway } from '../../gateway/gateway';
import type { Session } from '../auth/auth.service';
import { areaScope } from '../areas/areas.service';
import { listSchedules } from '../schedules/schedules.queries';
import { recurrenceOf } from '../schedules/schedules.service';
import { calendarOf } from '../holidays/holidays.service';
import { nextOccurrence, VN_OFFSET_MS } from '../schedules/recurrence';
import { broadcastsInScope, countByType } from './overviewCharts.service';
import { countAccounts, countLogSince } from './overview.queries';

const DAY_MS = 86_400_000;

/** The dashboard: real counts within the caller's administrator and area scope. */
export async function getOverview(db: Db, gateway: DeviceGateway, session: Session, now = Date.now()): Promise<Overview> {
  const adminId = session.user.admin_id;
  const scope = await areaScope(db, session);
  // A scoped caller counts the accounts and log entries of its own areas only.
  const scopedIds = session.user.area_id ? [...scope.ids] : null;
  const accounts = await countAccounts(db, adminId, scopedIds);
  const theocap: Record<string, number> = {};
  for (const a of scope.areas) theocap[a.cap] = (theocap[a.cap] ?? 0) + 1;
  const startOfDay = Math.floor((now + VN_OFFSET_MS) / DAY_MS) * DAY_MS - VN_OFFSET_MS;
  // Weeks start on Monday; day 0 of the epoch was a Thursday.
  const startOfWeek = startOfDay - (((Math.floor((now + VN_OFFSET_MS) / DAY_MS) + 3) % 7) * DAY_MS);
  const logToday = await countLogSince(db, adminId, startOfDay, scopedIds);
  const week = await broadcastsInScope(db, session, scope, startOfWeek);

  const devices = gateway.snapshot().filter((d) => scope.ids.has(d.areaId));
  const online = devices.filter((d) => d.online).length;
  const byArea = new Map<string, { online: number; offline: number; dangphat: number }>();
  for (const d of devices) {
    const c = byArea.get(d.areaId) ?? { online: 0, offline: 0, dangphat: 0 };
    if (d.online) c.online += 1;
    else c.offline += 1;
    if (d.playing) c.dangphat += 1;
    byArea.set(d.areaId, c);
  }

  const calendar = await calendarOf(db, adminId);
  const upcoming = (await listSchedules(db, adminId))
    .filter((s) => s.status === 'daduyet' && s.chosen_areas.some((a) => scope.ids.has(a)))
    .map((s) => ({ idlichphat: s.id, tieude: s.title, batdau: nextOccurrence(recurrenceOf(s, calendar), now) }))
    .filter((s): s is { idlichphat: string; tieude: string; batdau: number } => s.batdau !== null)
    .sort((a, b) => a.batdau - b.batdau)
    .slice(0, 5);

  const faults = await db.query<{ id: string; name: string; area_id: string; at: Date; reason: string }>(
    `SELECT d.id, d.name, d.area_id, c.at, c.reason FROM device_connections c JOIN devices d ON d.id = c.device_id
      WHERE d.admin_id = $1 AND NOT c.online AND c.at >= $2 AND d.area_id = ANY($3) ORDER BY c.at DESC, c.id DESC LIMIT 10`,
    [adminId, new Date(now - DAY_MS).toISOString(), [...scope.ids]],
  );

  return {
    taikhoan: accounts,
    diaban: { tong: scope.areas.length, theocap },
    thietbi: { tong: devices.length, online, offline: devices.length - online, dangphat: devices.filter((d) => d.playing).length },
    nhatky: { homnay: logToday },
    thietbitheodiaban: [...byArea].map(([id, c]) => ({ _id: id, tendiaban: gateway.areaName(id), ...c })).sort((a, b) => a.tendiaban.localeCompare(b.tendiaban, 'vi')),
    phathomnay: countByType(week.filter((b) => b.started_at.getTime() >= startOfDay)),
    phattuannay: countByType(week),
    lichsapden: upcoming,
    suco: faults.map((f) => ({ _id: f.id, tenthietbi: f.name, tendiaban: gateway.areaName(f.area_id), thoigian: f.at.getTime(), lydo: f.reason })),
  };
}
