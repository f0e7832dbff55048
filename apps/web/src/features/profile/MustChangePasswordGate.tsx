import { Alert, AlertTitle, Button } from '@mui/material';
import { ACCOUNT_MESSAGES } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useAuth } from '../auth/useAuth';
import { useLogout } from '../auth/useLogout';
import { useRefreshUser } from './useRefreshUser';
import { ProfileDialog } from './ProfileDialog';

/**
 * After an administrator reset the password (user.doimatkhau, or a 403 saying so), the server refuses everything
 * but the password change: open the profile on 'Đổi mật khẩu' at once, say why, and carry on once it is changed.
 */
export function MustChangePasswordGate() {
  const { t, tMessage } = useT();
  const { user } = useAuth();
  const logout = useLogout();
  const refreshUser = useRefreshUser();

  if (!user?.doimatkhau) return null;
  const changed = () => void refreshUser();
  return (
    <ProfileDialog
      open
      onClose={() => undefined}
      initialTab="password"
      onPasswordChanged={changed}
      forcedNotice={
        <Alert severity="warning" data-testid="must-change-password" action={<Button color="inherit" size="small" onClick={() => void logout()}>{t('header.signOut')}</Button>}>
          <AlertTitle>{t('profile.mustChangeTitle')}</AlertTitle>
          {tMessage(ACCOUNT_MESSAGES.mustChangePassword)}
        </Alert>
      }
    />
  );
}
