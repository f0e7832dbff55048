import type { Forwarding, ForwardingUpdateBody, MessagingService, Notification } from '@loa/contract';
import { api } from '../../lib/apiClient';

const BASE = '/v1/client/thongbao';
/** GET danhsach: one page of the user's notifications (NotificationPage). */
export const NOTIFICATIONS_LIST_PATH = `${BASE}/danhsach`;
export interface NotificationPage {
  items: Notification[];
  chuadoc: number;
  tieptheo: string | null;
}

/** The query of one notifications page: unread only or all, newest first, after a cursor. */
export function notificationPageQuery(unreadOnly: boolean, pageSize: number, after: string | null): string {
  const params = new URLSearchParams();
  if (unreadOnly) params.set('chuadoc', '1');
  params.set('sodong', String(pageSize));
  if (after) params.set('sau', after);
  return params.toString();
}

/** GET danhsach. */
export function fetchNotifications(unreadOnly: boolean, pageSize: number, after: string | null = null): Promise<NotificationPage> {
  return api.get<NotificationPage>(`${BASE}/danhsach?${notificationPageQuery(unreadOnly, pageSize, after)}`);
}

/** POST dadoc: answers the new unread count. */
export function markNotificationsRead(ids: string[]): Promise<{ chuadoc: number }> {
  return api.post(`${BASE}/dadoc`, { ids });
}

/** POST docall. */
export function markAllNotificationsRead(): Promise<{ chuadoc: number }> {
  return api.post(`${BASE}/docall`);
}

/** GET chuyentiep: every service's forwarding setting, secrets masked (Forwarding[]). */
export const FORWARDING_PATH = `${BASE}/chuyentiep`;

/** POST chuyentiep/capnhat. */
export function saveForwarding(body: ForwardingUpdateBody): Promise<Forwarding> {
  return api.post<Forwarding>(`${BASE}/chuyentiep/capnhat`, body);
}

/** POST chuyentiep/guithu: sends a test message through the saved setting. */
export function testForwarding(dichvu: MessagingService): Promise<null> {
  return api.post<null>(`${BASE}/chuyentiep/guithu`, { dichvu });
}
