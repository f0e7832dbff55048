import { Alert, AlertTitle, Paper, Typography } from '@mui/material';
import { RIGHTS, type RightValue } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';

/** Shown instead of a screen the user has no right to open (reached by typing its address). */
export function NoRightNotice({ titleId, titleParams, right }: { titleId: MessageId; titleParams?: Record<string, string>; right: RightValue }) {
  const { t, tMessage } = useT();
  const label = tMessage(RIGHTS.find((r) => r.value === right)?.quyen ?? right);
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>{t(titleId, titleParams)}</Typography>
      <Alert severity="warning" data-testid="no-right">
        <AlertTitle>{t('rights.noAccessTitle')}</AlertTitle>
        {t('rights.noAccess', { right: label })}
      </Alert>
    </Paper>
  );
}
