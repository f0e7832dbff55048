import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { SCHEDULE_MESSAGES } from '@loa/contract';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** Asks for the reason a schedule goes back to its creator. */
export function SendBackDialog({ title, onCancel, onSend }: { title: string; onCancel: () => void; onSend: (reason: string) => void }) {
  const { t } = useT();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const send = () => {
    if (!reason.trim()) notify.error(SCHEDULE_MESSAGES.reasonRequired);
    else onSend(reason.trim());
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="send-back-title">
      <DialogTitle id="send-back-title">{t('schedules.sendBackTitle')}: {title}</DialogTitle>
      <DialogContent>
        <TextField autoFocus fullWidth multiline minRows={2} label={t('schedules.sendBackReason')} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={send}>{t('schedules.send')}</Button>
      </DialogActions>
    </Dialog>
  );
}
