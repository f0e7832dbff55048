import { useCallback, useEffect } from 'react';
import { EVENTS } from '@loa/contract';
import { useSocket, useSocketEvent } from '../../lib/socket/useSocketEvent';
import { fetchProfile } from '../profile/api';
import { useAuth } from './useAuth';

/**
 * When this browser's login device is signed out elsewhere, end the session without a reload, saying
 * why on /login (spec §4). The event can be missed (the real-time connection was down at that moment,
 * or the server cut it first): a socket the server refuses or cuts then asks the server, whose 401
 * says why the login is gone (`lydo`), rather than leaving the console on "real-time connection lost".
 * A console brought back into view (or back online) asks too: a session that expired while it sat
 * idle ends at once with spec §8's 'Phiên Sử Dụng Đã Hết Hạn!', not at the next click.
 */
/** A console coming back into view asks about its session at most this often. */
const RECHECK_MS = 30_000;

export function DeviceLogoutWatcher() {
  const { user, endSession } = useAuth();
  const socket = useSocket();
  const deviceId = user?.DeviceID;
  const onDeviceLogout = useCallback(
    (signedOutId: string) => {
      if (!deviceId || signedOutId !== deviceId) return;
      endSession('thietbikhac');
    },
    [deviceId, endSession],
  );
  useSocketEvent(EVENTS.deviceLogout, onDeviceLogout);
  useEffect(() => {
    if (!socket) return undefined;
    // A 401 from this read ends the session with the server's reason (see apiClient); any other answer changes nothing.
    const ask = () => void fetchProfile().catch(() => undefined);
    const refused = (error: Error) => {
      if (error.message === 'unauthorized') ask();
    };
    const cut = (reason: string) => {
      if (reason === 'io server disconnect') ask();
    };
    // Back to a console left idle (hidden tab, sleeping laptop, network back): a session that expired
    // meanwhile ends at once, saying so, not at the next click.
    let askedAt = 0;
    const back = () => {
      if (document.visibilityState !== 'visible' || Date.now() - askedAt < RECHECK_MS) return;
      askedAt = Date.now();
      ask();
    };
    socket.on('connect_error', refused);
    socket.on('disconnect', cut);
    document.addEventListener('visibilitychange', back);
    window.addEventListener('online', back);
    return () => {
      socket.off('connect_error', refused);
      socket.off('disconnect', cut);
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('online', back);
    };
  }, [socket]);
  return null;
}
