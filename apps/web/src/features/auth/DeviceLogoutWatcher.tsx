import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { EVENTS } from '@loa/contract';
import { useSocketEvent } from '../../lib/socket/useSocketEvent';
import { useAuth } from './useAuth';

/** When this browser's login device is signed out elsewhere, end the session without a reload (spec §4). */
export function DeviceLogoutWatcher() {
  const { user, clearUser } = useAuth();
  const navigate = useNavigate();
  const deviceId = user?.DeviceID;
  const onDeviceLogout = useCallback(
    (signedOutId: string) => {
      if (!deviceId || signedOutId !== deviceId) return;
      clearUser();
      navigate('/login', { replace: true });
    },
    [deviceId, clearUser, navigate],
  );
  useSocketEvent(EVENTS.deviceLogout, onDeviceLogout);
  return null;
}
