import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { DateInput } from '../../lib/pickers';
import { copyWeek } from './api';
import { scheduleKeys } from './useSchedules';
import { mondayOf } from './vietnamTime';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/** 'Sao chép tuần': the schedules of a week (from its Monday) copied to the next N weeks; says how many were made and left out. */
export function CopyWeekDialog({ onClose }: { onClose: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [monday, setMonday] = useState(() => mondayOf(Date.now()));
  const [weeks, setWeeks] = useState(1);
  const copy = useMutation({
    mutationFn: () => copyWeek(monday, weeks),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: scheduleKeys.lists });
      notify.success(t('schedules.copyWeekDone', { created: result.datao.length, skipped: result.boqua.length }));
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="copy-week-title">
      <DialogTitle id="copy-week-title">{t('schedules.copyWeekTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('schedules.copyWeekHint')}</DialogContentText>
          <DateInput label={t('schedules.copyWeekFrom')} value={monday} onChange={setMonday} />
          <TextField select label={t('schedules.copyWeeks')} value={weeks} onChange={(e) => setWeeks(Number(e.target.value))} slotProps={{ select: { native: true } }}>
            {Array.from({ length: 12 }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
          </TextField>
          {copy.error && <Alert severity="error">{tMessage(errorMessage(copy.error))}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={!monday || copy.isPending} onClick={() => copy.mutate()}>{t('schedules.copy')}</Button>
      </DialogActions>
    </Dialog>
  );
}
