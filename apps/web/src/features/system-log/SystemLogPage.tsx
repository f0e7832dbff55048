import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { GRID_SPACING } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { useAreas } from '../devices/useAreas';
import { NoRightNotice } from '../errors/NoRightNotice';
import { LogFilterBar } from './LogFilterBar';
import { LogTable } from './LogTable';
import { logFilterParams, logFiltersFromParams, type LogFilters } from './logQuery';
import { useSystemLog } from './useSystemLog';

/** /nhat-ky-he-thong for holders of xemnhatky. */
export function SystemLogPage() {
  const allowed = hasRight(useCurrentUser(), 'xemnhatky');
  if (!allowed) return <NoRightNotice titleId="nav.systemLog" right="xemnhatky" />;
  return <SystemLogScreen />;
}

function SystemLogScreen() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => logFiltersFromParams(new URLSearchParams(query)), [query]);
  const { areas } = useAreas();
  const { entries, hasMore, loading, error, retry, loadMore } = useSystemLog(filters);
  const apply = (next: LogFilters) => setParams(logFilterParams(next), { replace: true });

  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.systemLog')}</Typography>
      <Paper sx={{ p: 2 }}>
        <LogFilterBar key={query} applied={filters} areas={areas} onApply={apply} />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <QueryErrorAlert error={error} onRetry={retry} />
          {entries && entries.length === 0 && <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('log.none')}</Typography></Box>}
          {entries && entries.length > 0 && <LogTable entries={entries} />}
          {loading && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto' }} />}
          {entries && entries.length > 0 && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="caption" color="text.secondary">{t('log.shown', { count: entries.length.toLocaleString('vi-VN') })}</Typography>
              {hasMore ? <Button onClick={loadMore} disabled={loading}>{t('log.loadMore')}</Button> : <Typography variant="caption" color="text.secondary">{t('log.end')}</Typography>}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
