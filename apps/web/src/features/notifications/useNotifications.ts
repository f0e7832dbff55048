import { useContext } from 'react';
import { NotificationsContext, type NotificationsValue } from './NotificationsContext';

/** The signed-in user's latest notifications, unread count and mark-read calls. */
export function useNotifications(): NotificationsValue {
  return useContext(NotificationsContext);
}
