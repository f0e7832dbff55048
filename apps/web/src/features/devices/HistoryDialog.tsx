import { useState, type ReactNode } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography,
} from '@mui/material';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';

export interface HistoryColumn<T> {
  label: string;
  render: (item: T) => ReactNode;
}

const PAGE_SIZE = 20;

/** A paged history list of one device (connections or plays), newest first. Mount it only while open. */
export function HistoryDialog<T>({ title, pagePath, columns, onClose }: {
  title: string;
  /** The route of one page (1-based) of the history. */
  pagePath: (page: number, limit: number) => string;
  columns: HistoryColumn<T>[];
  onClose: () => void;
}) {
  const { t } = useT();
  const [page, setPage] = useState(0);
  const query = useApiQuery<{ items: T[]; total: number }>(pagePath(page + 1, PAGE_SIZE), { staleTime: STALE.records, placeholderData: keepPreviousData });
  const answer = query.data;
  const loading = query.isPending || query.isPlaceholderData;
  return (
    <Dialog open onClose={onClose} aria-labelledby="history-title" maxWidth="md" fullWidth>
      <DialogTitle id="history-title">{title}</DialogTitle>
      <DialogContent>
        <QueryErrorAlert error={query.error} onRetry={query.refetch} />
        {loading && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
        {!loading && answer && answer.total === 0 && <Typography color="text.secondary" sx={{ py: 2 }}>{t('devices.noHistory')}</Typography>}
        {!loading && answer && answer.items.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>{columns.map((column) => <TableCell key={column.label}>{column.label}</TableCell>)}</TableRow>
            </TableHead>
            <TableBody>
              {answer.items.map((item, index) => (
                <TableRow key={index}>{columns.map((column) => <TableCell key={column.label}>{column.render(item)}</TableCell>)}</TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {answer && answer.total > PAGE_SIZE && (
          <TablePagination
            component="div"
            count={answer.total}
            page={page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            labelDisplayedRows={({ from, to, count }) => t('devices.pageRange', { from, to, count })}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
