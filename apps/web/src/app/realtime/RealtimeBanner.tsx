import { Alert } from '@mui/material';
import { useT } from '../../i18n/useT';
import { useSocketDown } from '../../lib/socket/useSocketDown';

/** Says the real-time connection is down while socket.io reconnects (live statuses are then not current). */
export function RealtimeBanner() {
  const { t } = useT();
  if (!useSocketDown()) return null;
  return <Alert severity="warning" role="status" data-testid="realtime-banner" sx={{ mb: 2 }}>{t('realtime.down')}</Alert>;
}
