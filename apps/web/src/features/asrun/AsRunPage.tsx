import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Box, CircularProgress, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { AS_RUN_OUTCOMES, GRID_SPACING } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { useAreas } from '../devices/useAreas';
import { NoRightNotice } from '../errors/NoRightNotice';
import { AsRunFilterBar } from './AsRunFilterBar';
import { AsRunOutcomeChip } from './AsRunOutcomeChip';
import { AsRunTable } from './AsRunTable';
import { asRunFiltersFromParams, asRunParams, type AsRunFilters } from './asRunQuery';
import { useAsRun } from './useAsRun';

/** /nhat-ky-phat-song: the as-run record, for holders of themsuaxoalichphat (the server checks it too). */
export function AsRunPage() {
  if (!hasRight(useCurrentUser(), 'themsuaxoalichphat')) return <NoRightNotice titleId="nav.asRun" right="themsuaxoalichphat" />;
  return <AsRunScreen />;
}

function AsRunScreen() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => asRunFiltersFromParams(new URLSearchParams(query)), [query]);
  const { areas } = useAreas();
  const { report, error, retry, loading } = useAsRun(filters);
  const apply = (next: AsRunFilters) => setParams(asRunParams(next), { replace: true });
  const rows = report?.items;

  return (
    <Stack spacing={GRID_SPACING}>
      <Box>
        <Typography variant="h5" component="h1">{t('nav.asRun')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('asrun.intro')}</Typography>
      </Box>
      <Paper sx={{ p: 2 }}>
        <AsRunFilterBar key={query} applied={filters} areas={areas} onApply={apply} />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <QueryErrorAlert error={error} onRetry={retry} />
          {report && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} aria-label={t('asrun.summary')} role="group">
              <Typography variant="body2" sx={{ mr: 1 }}>{t('asrun.rows', { count: (rows?.length ?? 0).toLocaleString('vi-VN') })}</Typography>
              {AS_RUN_OUTCOMES.filter((o) => report.tomtat[o.value]).map((o) => <AsRunOutcomeChip key={o.value} outcome={o.value} count={report.tomtat[o.value]} />)}
            </Stack>
          )}
          {loading && report && <LinearProgress aria-label={t('common.loading')} />}
          {!report && loading && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto' }} />}
          {rows && rows.length === 0 && <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('asrun.none')}</Typography></Box>}
          {rows && rows.length > 0 && <AsRunTable rows={rows} />}
        </Stack>
      </Paper>
    </Stack>
  );
}
