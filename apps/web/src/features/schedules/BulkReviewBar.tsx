import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReplyIcon from '@mui/icons-material/Reply';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { reviewSchedules } from './api';
import { SendBackDialog } from './SendBackDialog';
import { scheduleKeys } from './useSchedules';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/**
 * The schedules chosen in the list: approve them all, or send them all back with one reason. The
 * server acts on each by the rules of one; those it could not act on are listed with why.
 */
export function BulkReviewBar({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [sendingBack, setSendingBack] = useState(false);
  const review = useMutation({
    mutationFn: (input: { hanhdong: 'duyet' | 'yeucauduyetlai'; lydo?: string }) => reviewSchedules(ids, input.hanhdong, input.lydo),
    onSuccess: (result) => {
      setSendingBack(false);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.lists });
      if (result.xong.length > 0) notify.success(t('schedules.bulkDone', { count: result.xong.length }));
      if (result.loi.length === 0) onDone();
    },
  });
  const failures = review.data?.loi ?? [];
  return (
    <Stack spacing={1} data-testid="bulk-review">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2">{t('schedules.selected', { count: ids.length })}</Typography>
        <Button size="small" variant="contained" color="success" startIcon={<CheckCircleIcon />} disabled={review.isPending} onClick={() => review.mutate({ hanhdong: 'duyet' })}>{t('schedules.approveSelected')}</Button>
        <Button size="small" variant="outlined" startIcon={<ReplyIcon />} disabled={review.isPending} onClick={() => setSendingBack(true)}>{t('schedules.sendBackSelected')}</Button>
      </Stack>
      {review.error && <Alert severity="error">{tMessage(errorMessage(review.error))}</Alert>}
      {failures.length > 0 && (
        <Alert severity="warning" data-testid="bulk-failures">
          {failures.map((f) => <div key={f.idlichphat}>{tMessage(f.lydo)}</div>)}
        </Alert>
      )}
      {sendingBack && (
        <SendBackDialog title={t('schedules.selected', { count: ids.length })} onCancel={() => setSendingBack(false)} onSend={(lydo) => review.mutate({ hanhdong: 'yeucauduyetlai', lydo })} />
      )}
    </Stack>
  );
}
