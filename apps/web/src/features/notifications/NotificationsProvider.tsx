import { useCallback, useMemo, type ReactNode } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { EVENTS, type Notification } from '@loa/contract';
import { apiKey } from '../../lib/query/apiKey';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { applyEvent, SOCKET_KEPT } from '../../lib/query/socketKept';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { useAuth } from '../auth/useAuth';
import { markAllNotificationsRead, markNotificationsRead, NOTIFICATIONS_LIST_PATH, notificationPageQuery, type NotificationPage } from './api';
import { NotificationsContext } from './NotificationsContext';
import { withNewNotification } from './newNotification';
import { playNotificationSound } from './notificationSound';

export const LATEST_COUNT = 10;
/** The read behind the header popup and the menu badge: the newest page and the unread count. */
export const LATEST_NOTIFICATIONS_PATH = `${NOTIFICATIONS_LIST_PATH}?${notificationPageQuery(false, LATEST_COUNT, null)}`;
const EMPTY: Notification[] = [];
const latestHash = hashKey(apiKey(LATEST_NOTIFICATIONS_PATH));

/**
 * The latest notifications and the unread count in the server-state cache, for the popup and the
 * menu badge: read once per user (the cache is cleared when the user changes), patched by
 * THONG-BAO-MOI and by the mark-read answers (which carry the new count).
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const client = useQueryClient();
  // A user who must change the password is refused everything else; read once it is changed.
  const enabled = !!user && !user.doimatkhau;
  // The socket keeps it live; a reconnection refetches it (ServerCacheSync).
  const { data } = useApiQuery<NotificationPage>(enabled ? LATEST_NOTIFICATIONS_PATH : null, { staleTime: STALE.reference, meta: SOCKET_KEPT });
  const latest = (enabled && data?.items) || EMPTY;
  const unread = enabled && data ? data.chuadoc : 0;

  // The view-all page's lists (patched by that page while it shows) are read again when it next opens.
  const staleOthers = useCallback(() => {
    void client.invalidateQueries({ queryKey: apiKey(NOTIFICATIONS_LIST_PATH), predicate: (query) => query.queryHash !== latestHash, refetchType: 'none' });
  }, [client]);
  const patch = useCallback((change: (page: NotificationPage) => Partial<NotificationPage>) => {
    client.setQueryData<NotificationPage>(apiKey(LATEST_NOTIFICATIONS_PATH), (page) => page && { ...page, ...change(page) });
    staleOthers();
  }, [client, staleOthers]);

  useSocketEvent(EVENTS.newNotification, (notification) => {
    // Also onto what a read in flight brings: a notification made while the popup reads is not lost.
    applyEvent(client, apiKey(LATEST_NOTIFICATIONS_PATH), withNewNotification(notification, LATEST_COUNT));
    staleOthers();
    playNotificationSound();
  });

  // The marks show at once (optimistic): the items read and the count lowered, then the server's
  // answer sets the count (it knows the unread items beyond the latest ten). A refused mark reads
  // the list again, so nothing stays marked that the server did not mark; the caller says why.
  // Plain calls rather than useMutation: this provider is in the first load.
  const mark = useCallback(async (read: (n: Notification) => boolean, call: () => Promise<{ chuadoc: number }>, allRead: boolean) => {
    patch((page) => ({
      items: page.items.map((n) => (read(n) ? { ...n, dadoc: true } : n)),
      chuadoc: allRead ? 0 : Math.max(0, page.chuadoc - page.items.filter((n) => read(n) && !n.dadoc).length),
    }));
    try {
      const answer = await call();
      patch(() => ({ chuadoc: answer.chuadoc }));
    } catch (error) {
      await client.invalidateQueries({ queryKey: apiKey(LATEST_NOTIFICATIONS_PATH) });
      throw error;
    }
  }, [client, patch]);
  const markRead = useCallback(async (ids: string[]) => {
    if (ids.length === 0) return;
    await mark((n) => ids.includes(n._id), () => markNotificationsRead(ids), false);
  }, [mark]);
  const markAllRead = useCallback(() => mark(() => true, markAllNotificationsRead, true), [mark]);

  const value = useMemo(() => ({ latest, unread, markRead, markAllRead }), [latest, unread, markRead, markAllRead]);
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}
