import { useCallback } from 'react';
import { EVENTS } from '@loa/contract';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { useAuth } from './useAuth';

/** When this browser's login device is signed out elsewhere, end the session without a reload, saying why on /login (spec §4). */
export function DeviceLogoutWatcher() {
  const { user, endSession } = useAuth();
  const deviceId = user?.DeviceID;
  const onDeviceLogout = useCallback(
    (signedOutId: string) => {
      if (!deviceId || signedOutId !== deviceId) return;
      endSession('thietbikhac');
    },
    [deviceId, endSession],
  );
  useSocketEvent(EVENTS.deviceLogout, onDeviceLogout);
  return null;
}
