import type { Notification, NotificationKind } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { forwardEvent, type ForwardingDeps } from './forwarding';
import * as q from './notifications.queries';

export interface NotifyDeps {
  db: Db;
  bus: DomainBus;
  forwarding: ForwardingDeps;
  /** The console's public address, for absolute links in forwarded messages. */
  publicUrl: string;
  onError?: (error: unknown) => void;
}

export interface NotificationEvent {
  kind: NotificationKind;
  adminId: string;
  /** Areas the event concerns; accounts whose scope covers one of them are told. Null: every account of the administrator. */
  areaIds: string[] | null;
  /** Only accounts holding this right are told. */
  right?: string;
  title: string;
  body: string;
  /** Console path (e.g. /quan-ly-thiet-bi?id=…). */
  link?: string;
  target?: { loai: string; id: string };
}

export const toNotification = (r: q.NotificationRow): Notification => ({
  _id: r.id,
  loai: r.kind,
  tieude: r.title,
  noidung: r.body,
  lienket: r.link,
  doituong: r.target_type && r.target_id ? { loai: r.target_type, id: r.target_id } : null,
  dadoc: r.read_at !== null,
  thoigian: r.created_at.toISOString(),
});

/**
 * Stores a notification for every account the event concerns, sends it live to their consoles
 * (bus → Socket.IO) and forwards it once to the administrator's messaging services.
 */
export async function notify(deps: NotifyDeps, event: NotificationEvent): Promise<Notification[]> {
  const userIds = await q.recipients(deps.db, event.adminId, event.areaIds, event.right ?? null);
  const rows = await q.insertNotifications(deps.db, userIds, {
    kind: event.kind, title: event.title, body: event.body, link: event.link ?? null, targetType: event.target?.loai ?? null, targetId: event.target?.id ?? null,
  });
  const created = rows.map(toNotification);
  rows.forEach((row, i) => deps.bus.emit('notification.created', { userId: row.user_id, notification: created[i] }));
  await forwardEvent(deps.forwarding, event.adminId, {
    kind: event.kind, title: event.title, body: event.body, link: event.link ? `${deps.publicUrl}${event.link}` : null, target: event.target ?? null, at: new Date(),
  }).catch((e: unknown) => deps.onError?.(e));
  return created;
}

/**
 * For the schedules feature: a schedule waits for approval. Accounts holding duyetlichphat whose
 * scope covers its areas are told (and the administrator's messaging services, if chosen).
 */
export async function notifyScheduleAwaitingApproval(
  deps: NotifyDeps,
  schedule: { id: string; adminId: string; areaIds: string[]; title: string; createdByName: string },
): Promise<Notification[]> {
  return notify(deps, {
    kind: 'lichphat-choduyet', adminId: schedule.adminId, areaIds: schedule.areaIds, right: 'duyetlichphat',
    title: 'Lịch phát chờ duyệt', body: `${schedule.createdByName} gửi lịch phát "${schedule.title}" chờ duyệt.`,
    link: `/quan-ly-lich-phat?id=${encodeURIComponent(schedule.id)}`, target: { loai: 'lichphat', id: schedule.id },
  });
}
