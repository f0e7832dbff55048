import { foldedIncludes, SCHEDULE_STATUSES, vnIsoDay, type LiveBroadcast, type Schedule, type ScheduleFilter, type SchedulePageQuery, type ScheduleSort } from '@loa/contract';
import { areaScope } from '../areas/areas.service';
import { calendarOf } from '../holidays/holidays.service';
import { csvLine, UTF8_BOM } from '../system-log/csv';
import { occurrencesBetween, VN_OFFSET_MS } from './recurrence';
import { seesSchedule } from './scheduleRights';
import * as q from './schedules.queries';
import { activeOn, recurrenceOf, spanOf, toSchedule, viewerOf, type ScheduleContext } from './schedules.service';

const DAY_MS = 86_400_000;
const collator = new Intl.Collator('vi', { sensitivity: 'base', numeric: true });

/**
 * The schedules the caller sees that match the filter, as answers (danhsachlichphat): pinned first.
 * The status filter applies to where a schedule really stands ('ketthuc': nothing left to fire).
 */
export async function visibleSchedules(ctx: ScheduleContext, filter: ScheduleFilter, live: LiveBroadcast[], now = Date.now()): Promise<Schedule[]> {
  const scope = await areaScope(ctx.db, ctx.session);
  const calendar = await calendarOf(ctx.db, ctx.session.user.admin_id);
  const reach = filter.diaban ? ctx.gateway.subtree([filter.diaban]) : null;
  const rows = (await q.listSchedules(ctx.db, ctx.session.user.admin_id)).filter((r) => seesSchedule(ctx.session, scope, r)
    && (!reach || r.chosen_areas.some((a) => reach.has(a)))
    && (!filter.nguoitao || r.created_by === filter.nguoitao)
    && (!filter.ngay || activeOn(r, filter.ngay, calendar))
    && (!filter.q || foldedIncludes(r.title, filter.q)));
  const viewer = await viewerOf(ctx, live, rows.map((r) => r.id), now, scope);
  const shown = rows.map((r) => toSchedule(ctx, r, viewer)).filter((s) => !filter.trangthai || s.trangthai === filter.trangthai);
  return shown.sort((a, b) => Number(b.ghim) - Number(a.ghim));
}

const SORT_KEYS: Record<ScheduleSort, (a: Schedule, b: Schedule) => number> = {
  ten: (a, b) => collator.compare(a.tieude, b.tieude),
  // A schedule with nothing left to fire comes after every one that has.
  lanphattiep: (a, b) => (a.dukien ?? Infinity) - (b.dukien ?? Infinity) || 0,
  trangthai: (a, b) => SCHEDULE_STATUSES.indexOf(a.trangthai) - SCHEDULE_STATUSES.indexOf(b.trangthai),
  nguoitao: (a, b) => collator.compare(a.nguoitao.hoten, b.nguoitao.hoten),
  diaban: (a, b) => collator.compare(a.diabanchon[0]?.tendiaban ?? '', b.diabanchon[0]?.tendiaban ?? ''),
};

/** One page of the list, sorted by a column (then by name, then id, so pages never overlap); pinned schedules first. */
export function pageOf(list: Schedule[], query: Required<Pick<SchedulePageQuery, 'trang' | 'sodong' | 'sapxep' | 'chieu'>>) {
  const direction = query.chieu === 'giam' ? -1 : 1;
  const sorted = [...list].sort((a, b) => Number(b.ghim) - Number(a.ghim)
    || direction * SORT_KEYS[query.sapxep](a, b) || SORT_KEYS.ten(a, b) || a._id.localeCompare(b._id));
  const start = (query.trang - 1) * query.sodong;
  return { items: sorted.slice(start, start + query.sodong), tong: sorted.length, trang: query.trang, sodong: query.sodong };
}

const WEEKDAY = ['Chủ nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'];
const STATUS = { choduyet: 'Chờ duyệt', daduyet: 'Đã duyệt', yeucausua: 'Yêu cầu sửa', ketthuc: 'Kết thúc' } as const;
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const hms = (ms: number) => new Date(ms + VN_OFFSET_MS).toISOString().slice(11, 19);

/** The Monday (YYYY-MM-DD) of the week holding a day. */
export function mondayOf(isoDay: string): string {
  const t = Date.parse(`${isoDay}T00:00:00Z`);
  return new Date(t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The week's plan as CSV (UTF-8 with BOM, CRLF, Vietnamese headers): every occurrence, by the
 * occurrence function, of the schedules the caller sees that wait for approval or are approved.
 */
export async function weekPlanCsv(ctx: ScheduleContext, day: string): Promise<{ monday: string; csv: string }> {
  const monday = mondayOf(day);
  const scope = await areaScope(ctx.db, ctx.session);
  const calendar = await calendarOf(ctx.db, ctx.session.user.admin_id);
  const from = Date.parse(`${monday}T00:00:00+07:00`);
  const rows: { at: number; cells: unknown[] }[] = [];
  for (const s of await q.listSchedules(ctx.db, ctx.session.user.admin_id)) {
    if (!seesSchedule(ctx.session, scope, s) || (s.status !== 'daduyet' && s.status !== 'choduyet')) continue;
    const span = spanOf(s);
    for (const at of occurrencesBetween(recurrenceOf(s, calendar), from, from + 7 * DAY_MS)) {
      const date = vnIsoDay(at);
      rows.push({ at, cells: [
        dmy(date), WEEKDAY[new Date(`${date}T00:00:00Z`).getUTCDay()], hms(at), hms(at + span), s.title, STATUS[s.status],
        s.chosen_areas.map((a) => ctx.gateway.areaName(a)).join('; '), s.device_count, s.creator_name, s.approver_name ?? '', s.skip_holidays ? 'Có' : 'Không',
      ] });
    }
  }
  rows.sort((a, b) => a.at - b.at);
  const header = ['Ngày', 'Thứ', 'Bắt đầu', 'Kết thúc', 'Tên chương trình', 'Trạng thái', 'Địa bàn', 'Số loa', 'Người tạo', 'Người duyệt', 'Bỏ ngày lễ'];
  return { monday, csv: UTF8_BOM + csvLine(header) + rows.map((r) => csvLine(r.cells)).join('') };
}
