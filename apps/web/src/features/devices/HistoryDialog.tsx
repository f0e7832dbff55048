import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography,
} from '@mui/material';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';

export interface HistoryColumn<T> {
  label: string;
  render: (item: T) => ReactNode;
}

const PAGE_SIZE = 20;

/** A paged history list of one device (connections or plays), newest first. Mount it only while open. */
export function HistoryDialog<T>({ title, load, columns, onClose }: {
  title: string;
  load: (page: number, limit: number) => Promise<{ items: T[]; total: number }>;
  columns: HistoryColumn<T>[];
  onClose: () => void;
}) {
  const { t, tMessage } = useT();
  const [page, setPage] = useState(0);
  const [answer, setAnswer] = useState<{ page: number; items: T[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    load(page + 1, PAGE_SIZE)
      .then((result) => alive && setAnswer({ page, ...result }))
      .catch((caught: unknown) => alive && setError(errorMessage(caught)));
    return () => {
      alive = false;
    };
  }, [load, page]);
  const loading = !error && answer?.page !== page;
  return (
    <Dialog open onClose={onClose} aria-labelledby="history-title" maxWidth="md" fullWidth>
      <DialogTitle id="history-title">{title}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{tMessage(error)}</Alert>}
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
