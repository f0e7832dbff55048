import {
  provinceLevelOf, type Area, type DeviceLive, type PlayItem, type ProvinceDeviceState, type ProvinceOp, type ProvinceTimetable,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import type { NewBroadcast } from '../broadcasts/broadcasts.queries';
import type { ScheduleRow } from '../schedules/schedules.queries';
import { insertOutbox } from './outbox.queries';

/**
 * What services tell the province, each written into the outbox in the transaction of the change
 * it reports (so a change and its message commit together). Payloads follow docs/interop.md.
 */

const CONTENT_KINDS: Record<PlayItem['kind'], string> = { file: 'tep', relay: 'tiepsong', tts: 'giongnoi', recording: 'ghiam', live: 'tructiep' };

export const areaKey = (id: string) => `diaban:${id}`;
export const deviceKey = (id: string) => `thietbi:${id}`;
export const bulletinKey = (id: string) => `bantin:${id}`;

/** An area added or changed. */
export async function reportArea(tx: Db, op: 'them' | 'sua', area: { id: string; ten: string; cap: Area['cap']; parentId: string | null; adminId: string | null }): Promise<void> {
  await insertOutbox(tx, [{
    kind: 'diaban', op, entityKey: areaKey(area.id), adminId: area.adminId,
    payload: { madiaban: area.id, tendiaban: area.ten, cap: area.cap, madiabancha: area.parentId },
  }]);
}

export async function reportAreaDeleted(tx: Db, area: { id: string; adminId: string | null }): Promise<void> {
  await insertOutbox(tx, [{ kind: 'diaban', op: 'xoa', entityKey: areaKey(area.id), adminId: area.adminId, payload: { madiaban: area.id } }]);
}

/** The province's status of a device from what the server knows of it live. */
export function deviceStateOf(live: Pick<DeviceLive, 'online' | 'dangphat'> | null): ProvinceDeviceState {
  if (!live?.online) return 'matketnoi';
  return live.dangphat ? 'dangphat' : 'hoatdong';
}

export interface DeviceFacts {
  id: string;
  adminId: string;
  name: string;
  serial: string;
  areaId: string;
  lat: number | null;
  lng: number | null;
}

export const devicePayload = (d: DeviceFacts, live: Pick<DeviceLive, 'online' | 'dangphat' | 'amluong'> | null) => ({
  mathietbi: d.id, tenthietbi: d.name, soserial: d.serial, madiaban: d.areaId, vido: d.lat, kinhdo: d.lng,
  amluong: live?.amluong ?? null, trangthai: deviceStateOf(live),
});

/** A device registered or changed (name, serial, area, coordinates), with its status now. */
export async function reportDevice(tx: Db, op: 'them' | 'sua', device: DeviceFacts, live: DeviceLive | null): Promise<void> {
  await insertOutbox(tx, [{ kind: 'thietbi', op, entityKey: deviceKey(device.id), adminId: device.adminId, payload: devicePayload(device, live) }]);
}

export async function reportDeviceDeleted(tx: Db, device: { id: string; adminId: string }): Promise<void> {
  await insertOutbox(tx, [{ kind: 'thietbi', op: 'xoa', entityKey: deviceKey(device.id), adminId: device.adminId, payload: { mathietbi: device.id } }]);
}

/** What a bulletin is, from an immediate broadcast or a schedule. */
export interface BulletinFacts {
  id: string;
  adminId: string;
  title: string;
  messageType: number;
  priority: number;
  type: 'phatngay' | 'phatlich';
  status: 'choduyet' | 'daduyet' | 'yeucausua' | 'ketthuc' | 'dangphat' | 'daphat' | 'dadung';
  creatorName: string;
  chosenAreas: string[];
  chosenDevices: string[];
  deviceCount: number;
  items: PlayItem[];
  totalSeconds: number;
  repeat: { mode: 0 | 1 | 2; count: number; interval: number };
  startedAt: Date | null;
  timetable: ProvinceTimetable | null;
  /** The province's own id when the province sent it (known when it is made; the sender finds it for later changes). */
  provinceId?: string | null;
}

/** Item addresses stay as stored (`/media/…`): the sender makes them absolute with PUBLIC_URL. */
export const bulletinPayload = (b: BulletinFacts, areaName: (id: string) => string) => ({
  mabantin: b.id, mabantinnguon: b.provinceId ?? null, tieude: b.title, loaibantin: b.messageType, mucdouutien: provinceLevelOf(b.priority),
  hinhthuc: b.type, trangthai: b.status, nguoitao: b.creatorName,
  diaban: b.chosenAreas.map((id) => ({ madiaban: id, tendiaban: areaName(id) })),
  // 'Tất cả thiết bị' (every device of the areas) is an empty list.
  thietbi: b.chosenDevices.filter((id) => id !== 'tatca'), sothietbi: b.deviceCount,
  noidung: b.items.map((i) => ({ loai: CONTENT_KINDS[i.kind], tieude: i.title ?? '', duongdan: i.kind === 'live' ? null : i.url, thoiluong: i.duration })),
  thoiluong: b.totalSeconds, kieulaplai: b.repeat.mode, solanlaplai: b.repeat.count, thoigianlaplai: b.repeat.interval,
  batdau: b.startedAt ? b.startedAt.toISOString() : null, lichphat: b.timetable,
});

/** A bulletin added or changed (its content, timetable or state). */
export async function reportBulletin(tx: Db, op: 'them' | 'sua', bulletin: BulletinFacts, areaName: (id: string) => string): Promise<void> {
  await insertOutbox(tx, [{ kind: 'bantin', op, entityKey: bulletinKey(bulletin.id), adminId: bulletin.adminId, payload: bulletinPayload(bulletin, areaName) }]);
}

/** A bulletin cancelled: a schedule deleted, an immediate broadcast stopped before its end. */
export async function reportBulletinCancelled(tx: Db, bulletin: { id: string; adminId: string }, reason: string): Promise<void> {
  const op: ProvinceOp = 'huy';
  await insertOutbox(tx, [{ kind: 'bantin', op, entityKey: bulletinKey(bulletin.id), adminId: bulletin.adminId, payload: { mabantin: bulletin.id, lydo: reason } }]);
}

/** A schedule as a bulletin ('phatlich', by its timetable). */
export const bulletinOfSchedule = (s: ScheduleRow): BulletinFacts => ({
  id: s.id, adminId: s.admin_id, title: s.title, messageType: s.message_type, priority: s.priority, type: 'phatlich', status: s.status,
  creatorName: s.creator_name, chosenAreas: s.chosen_areas, chosenDevices: s.chosen_devices, deviceCount: s.device_count, items: s.items,
  totalSeconds: s.total_seconds, repeat: { mode: s.repeat_mode, count: s.repeat_count, interval: s.repeat_interval }, startedAt: null,
  timetable: {
    chedo: s.mode, ngaybatdau: s.start_date, ngayketthuc: s.end_date, thutrongtuan: s.weekdays, giophat: s.times,
    ...(s.mode === 'hangthang' ? { hangthang: s.monthly } : {}), ...(s.mode === 'cacngay' ? { cacngay: s.dates } : {}),
  },
});

/** An immediate broadcast (or a live voice) as a bulletin, on air from its start. */
export const bulletinOfBroadcast = (b: NewBroadcast, creatorName: string): BulletinFacts => ({
  id: b.id, adminId: b.admin_id, title: b.title, messageType: b.message_type, priority: b.priority, type: 'phatngay', status: 'dangphat',
  creatorName, chosenAreas: b.chosen_areas, chosenDevices: b.chosen_devices, deviceCount: b.device_count, items: b.items,
  totalSeconds: b.total_seconds, repeat: { mode: b.repeat_mode, count: b.repeat_count, interval: b.repeat_interval }, startedAt: b.run_started_at,
  timetable: null,
});
