import { createContext } from 'react';
import type { Notification } from '@loa/contract';

export interface NotificationsValue {
  /** The newest notifications (for the header popup). */
  latest: Notification[];
  unread: number;
  /** Marks some as read; the unread count comes back from the server. */
  markRead: (ids: string[]) => Promise<void>;
  markAllRead: () => Promise<void>;
}

export const NotificationsContext = createContext<NotificationsValue>({
  latest: [],
  unread: 0,
  markRead: async () => undefined,
  markAllRead: async () => undefined,
});
