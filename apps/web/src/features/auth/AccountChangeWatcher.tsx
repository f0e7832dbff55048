import { useEffect } from 'react';
import { EVENTS } from '@loa/contract';
import { useSocket, useSocketEvent } from '../../lib/socket/useSocketEvent';
import { useRefreshUser } from '../profile/useRefreshUser';
import { useAuth } from './useAuth';

/**
 * An administrator changed this account while it is signed in: new rights, type or area take effect
 * at once (the user is read again; the emergency button and the screens follow), and a lock ends the
 * session on /login saying why. A change made while the real-time connection was not up (it opens
 * after sign-in, and may drop) is not announced to it: the user is read again whenever it connects.
 */
export function AccountChangeWatcher() {
  const { endSession } = useAuth();
  const refreshUser = useRefreshUser();
  const socket = useSocket();
  useEffect(() => {
    if (!socket) return undefined;
    const reread = () => void refreshUser({ reads: false });
    if (socket.connected) reread();
    socket.on('connect', reread);
    return () => void socket.off('connect', reread);
  }, [socket, refreshUser]);
  useSocketEvent(EVENTS.accountChanged, ({ lydo }) => {
    if (lydo === 'khoa') endSession('khoa');
    else void refreshUser();
  });
  return null;
}
