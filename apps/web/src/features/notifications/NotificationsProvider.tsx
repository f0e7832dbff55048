import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { EVENTS, type Notification } from '@loa/contract';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { useAuth } from '../auth/useAuth';
import { fetchNotifications, markAllNotificationsRead, markNotificationsRead } from './api';
import { NotificationsContext } from './NotificationsContext';
import { playNotificationSound } from './notificationSound';

export const LATEST_COUNT = 10;
const EMPTY: Notification[] = [];

/** Keeps the latest notifications and the unread count, live through THONG-BAO-MOI, for the popup and the menu badge. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userID = user?.userID ?? null;
  // A user who must change the password is refused everything else; fetch again once it is changed.
  const blocked = !!user?.doimatkhau;
  const owner = userID && !blocked ? userID : null;
  const [state, setState] = useState<{ owner: string | null; latest: Notification[]; unread: number }>({ owner: null, latest: [], unread: 0 });
  const mine = state.owner === owner && owner !== null;
  const latest = mine ? state.latest : EMPTY;
  const unread = mine ? state.unread : 0;

  useEffect(() => {
    if (!owner) return undefined;
    let alive = true;
    fetchNotifications(false, LATEST_COUNT)
      .then((page) => alive && setState({ owner, latest: page.items, unread: page.chuadoc }))
      .catch(() => alive && setState({ owner, latest: [], unread: 0 }));
    return () => {
      alive = false;
    };
  }, [owner]);

  const patch = useCallback((change: (latest: Notification[], unread: number) => { latest: Notification[]; unread: number }) => {
    setState((current) => (current.owner === owner ? { owner, ...change(current.latest, current.unread) } : current));
  }, [owner]);

  useSocketEvent(EVENTS.newNotification, (notification) => {
    patch((list, count) => ({
      latest: [notification, ...list.filter((n) => n._id !== notification._id)].slice(0, LATEST_COUNT),
      unread: notification.dadoc ? count : count + 1,
    }));
    playNotificationSound();
  });

  const markRead = useCallback(async (ids: string[]) => {
    if (ids.length === 0) return;
    const answer = await markNotificationsRead(ids);
    patch((list) => ({ latest: list.map((n) => (ids.includes(n._id) ? { ...n, dadoc: true } : n)), unread: answer.chuadoc }));
  }, [patch]);

  const markAllRead = useCallback(async () => {
    const answer = await markAllNotificationsRead();
    patch((list) => ({ latest: list.map((n) => ({ ...n, dadoc: true })), unread: answer.chuadoc }));
  }, [patch]);

  const value = useMemo(() => ({ latest, unread, markRead, markAllRead }), [latest, unread, markRead, markAllRead]);
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}
