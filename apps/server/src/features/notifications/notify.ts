import { NOTIFICATION_TEXTS as T, type Notification, type NotificationKind } from '@loa/contract';
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
    title: T.awaitingApprovalTitle, body: T.awaitingApprovalBody(schedule.createdByName, schedule.title),
    link: `/quan-ly-lich-phat?id=${encodeURIComponent(schedule.id)}`, target: { loai: 'lichphat', id: schedule.id },
  });
}

/** 'HH:mm DD/MM/YYYY' in Vietnam time (UTC+7, no daylight saving). */
const vnWhen = (ms: number): string => {
  const iso = new Date(ms + 7 * 3600 * 1000).toISOString();
  return `${iso.slice(11, 16)} ${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
};

/**
 * For the scheduler: a schedule not approved is 30 minutes from its start ('sapden'), or its start
 * came and it was missed ('bolo'). The accounts that may approve it are told.
 */
export async function notifyScheduleAlert(
  deps: NotifyDeps,
  alert: { kind: 'sapden' | 'bolo'; scheduleId: string; adminId: string; areaIds: string[]; title: string; createdByName: string; plannedAt: number },
): Promise<Notification[]> {
  const soon = alert.kind === 'sapden';
  return notify(deps, {
    kind: soon ? 'lichphat-sapden' : 'lichphat-bolo', adminId: alert.adminId, areaIds: alert.areaIds, right: 'duyetlichphat',
    title: soon ? T.dueUnapprovedTitle : T.missedTitle,
    body: (soon ? T.dueUnapprovedBody : T.missedBody)(alert.title, alert.createdByName, vnWhen(alert.plannedAt)),
    link: `/quan-ly-lich-phat?id=${encodeURIComponent(alert.scheduleId)}`, target: { loai: 'lichphat', id: alert.scheduleId },
  });
}
