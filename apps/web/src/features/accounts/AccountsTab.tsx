import { useDeferredValue, useState } from 'react';
import { Box, Button, CircularProgress, InputAdornment, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { visuallyHidden } from '../../lib/visuallyHidden';
import { useCurrentUser } from '../auth/useAuth';
import { useAreas } from '../devices/useAreas';
import { AccountActions, type PendingAccountAction } from './AccountActions';
import { AccountRow } from './AccountRow';
import { useAccounts } from './useAccounts';
import { useRights } from './useRights';

const PAGE_SIZES = [20, 50, 100];

/** The accounts table: server-side search and pages, with create, edit, lock, reset and delete. */
export function AccountsTab() {
  const { t } = useT();
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const { accounts, total, error, retry, reload, replace } = useAccounts(deferredSearch, page, pageSize);
  const { areas } = useAreas();
  const rights = useRights();
  const [pending, setPending] = useState<PendingAccountAction | null>(null);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <TextField
          size="small"
          label={t('accounts.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          sx={{ minWidth: 280 }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPending({ kind: 'create' })}>{t('accounts.create')}</Button>
      </Stack>
      <QueryErrorAlert error={error} onRetry={retry} />
      {!accounts && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {accounts && accounts.length === 0 && (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('accounts.none')}</Typography>
        </Box>
      )}
      {accounts && accounts.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('accounts.tableLabel')} sx={{ minWidth: 900 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('accounts.loginName')}</TableCell>
                <TableCell>{t('accounts.role')}</TableCell>
                <TableCell>{t('accounts.rights')}</TableCell>
                <TableCell>{t('accounts.area')}</TableCell>
                <TableCell>{t('accounts.status')}</TableCell>
                <TableCell align="right"><Box component="span" sx={visuallyHidden}>{t('accounts.actions')}</Box></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.map((account) => (
                <AccountRow key={account._id} account={account} isSelf={account.tentaikhoan === me.tentaikhoan} onAction={(kind, target) => setPending({ kind, account: target })} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={total}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('accounts.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('accounts.displayedRows', { from, to, count })}
      />
      <AccountActions
        pending={pending}
        areas={areas}
        rights={rights}
        onClose={() => setPending(null)}
        onChanged={(account) => (account ? replace(account) : reload())}
      />
    </Stack>
  );
}
