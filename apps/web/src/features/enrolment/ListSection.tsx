import type { ReactNode } from 'react';
import { Box, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';

export interface ListSectionProps<T> {
  id: string;
  title: string;
  /** Beside the title (a button). */
  action?: ReactNode;
  query: { data: T[] | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  /** What an empty list says. */
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** A titled section of the enrolment screen reading one list: loading, failed (with a retry), empty, or its rows. */
export function ListSection<T>({ id, title, action, query, empty, children }: ListSectionProps<T>) {
  const { t } = useT();
  const items = query.data;
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2" id={id}>{title}</Typography>
          {action}
        </Stack>
        <QueryErrorAlert error={query.error} onRetry={query.refetch} />
        {query.isPending && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
        {items && items.length === 0 && (
          <Box sx={{ py: 3, textAlign: 'center' }}>
            <Typography color="text.secondary">{empty}</Typography>
          </Box>
        )}
        {items && items.length > 0 && children(items)}
      </Stack>
    </Paper>
  );
}
