import type { Notification } from '@loa/contract';
import type { NotificationPage } from './api';

/**
 * A new notification (THONG-BAO-MOI) on top of the latest page, counted once if unread. Applying it
 * to a page that already holds it changes nothing: the same event applied again to what a read in
 * flight brings (applyEvent) counts it only where the read began before it was made.
 */
export function withNewNotification(notification: Notification, latestCount: number) {
  return (page: NotificationPage | undefined): NotificationPage | undefined => {
    if (!page || page.items.some((n) => n._id === notification._id)) return page;
    return {
      ...page,
      items: [notification, ...page.items].slice(0, latestCount),
      chuadoc: notification.dadoc ? page.chuadoc : page.chuadoc + 1,
    };
  };
}
