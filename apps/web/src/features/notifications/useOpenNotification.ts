import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { useNotifications } from './useNotifications';

/** Marks a notification read (when it is not) and goes to its console link. */
export function useOpenNotification(afterRead?: (id: string) => void) {
  const { markRead } = useNotifications();
  const navigate = useNavigate();
  const notify = useNotify();
  const { tMessage } = useT();
  return useCallback(
    (notification: Notification) => {
      if (!notification.dadoc) {
        markRead([notification._id])
          .then(() => afterRead?.(notification._id))
          .catch((caught: unknown) => notify.error(tMessage(errorMessage(caught))));
      }
      if (notification.lienket?.startsWith('/')) void navigate(notification.lienket);
    },
    [markRead, navigate, notify, tMessage, afterRead],
  );
}
