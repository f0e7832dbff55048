import { useState } from 'react';
import { List, Typography } from '@mui/material';
import type { LoginDevice, User } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { useNotify } from '../../app/snackbar/useNotify';
import { useAuth } from '../auth/useAuth';
import { signOutDevice } from './api';
import { ConfirmSignOutDialog } from './ConfirmSignOutDialog';
import { LoginDeviceItem } from './LoginDeviceItem';

/** Manage logins: the user's login devices; other signed-in devices can be signed out. */
export function LoginsTab({ user }: { user: User }) {
  const { t } = useT();
  const notify = useNotify();
  const { updateUser } = useAuth();
  const [pending, setPending] = useState<LoginDevice | null>(null);
  const [busy, setBusy] = useState(false);
  const devices = user.ThietbiDangnhap ?? [];

  const confirmSignOut = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const list = await signOutDevice(pending.DeviceID, user.userID);
      updateUser({ ThietbiDangnhap: list });
    } catch (caught) {
      notify.error(errorMessage(caught));
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  if (devices.length === 0) return <Typography color="text.secondary">{t('profile.noLogins')}</Typography>;
  return (
    <>
      <List aria-label={t('profile.tabLogins')} disablePadding>
        {devices.map((device) => (
          <LoginDeviceItem key={device.DeviceID} device={device} isCurrent={device.DeviceID === user.DeviceID} onSignOut={() => setPending(device)} />
        ))}
      </List>
      <ConfirmSignOutDialog device={pending} busy={busy} onCancel={() => setPending(null)} onConfirm={() => void confirmSignOut()} />
    </>
  );
}
