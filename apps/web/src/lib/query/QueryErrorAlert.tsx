import { Alert, Button } from '@mui/material';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../apiClient';

/** A failed read: the server's message (spec §8) and a retry, in place of the data it could not show. */
export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t, tMessage } = useT();
  if (!error) return null;
  return (
    <Alert
      severity="error"
      data-testid="query-error"
      action={<Button color="inherit" size="small" onClick={() => void onRetry()}>{t('query.retry')}</Button>}
    >
      {tMessage(errorMessage(error))}
    </Alert>
  );
}
