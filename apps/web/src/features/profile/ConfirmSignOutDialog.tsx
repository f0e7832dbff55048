import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { LoginDevice } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** Asks before signing out another login device. */
export function ConfirmSignOutDialog({ device, busy, onCancel, onConfirm }: { device: LoginDevice | null; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useT();
  return (
    <Dialog open={!!device} onClose={onCancel} aria-labelledby="confirm-signout-title" aria-describedby="confirm-signout-text">
      <DialogTitle id="confirm-signout-title">{t('profile.signOutDevice')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-signout-text">{t('profile.confirmSignOut', { name: device?.TenThietBi ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>{t('common.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>{t('common.confirm')}</Button>
      </DialogActions>
    </Dialog>
  );
}
