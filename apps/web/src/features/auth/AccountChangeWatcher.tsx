import { EVENTS } from '@loa/contract';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { useRefreshUser } from '../profile/useRefreshUser';
import { useAuth } from './useAuth';

/**
 * An administrator changed this account while it is signed in: new rights, type or area take effect
 * at once (the user is read again; the emergency button and the screens follow), and a lock ends the
 * session on /login saying why.
 */
export function AccountChangeWatcher() {
  const { endSession } = useAuth();
  const refreshUser = useRefreshUser();
  useSocketEvent(EVENTS.accountChanged, ({ lydo }) => {
    if (lydo === 'khoa') endSession('khoa');
    else void refreshUser();
  });
  return null;
}
