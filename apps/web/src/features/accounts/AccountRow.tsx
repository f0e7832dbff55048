import type { ReactNode } from 'react';
import { Chip, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import KeyIcon from '@mui/icons-material/Key';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Account } from '@loa/contract';
import { RoleLabel } from '../../app/shell/RoleLabel';
import { useT } from '../../i18n/useT';
import { AccountStatus } from './AccountStatus';

export type AccountAction = 'edit' | 'lock' | 'unlock' | 'reset' | 'delete';

/** One account: who, role, rights, area, status and its actions. */
export function AccountRow({ account, isSelf, onAction }: { account: Account; isSelf: boolean; onAction: (action: AccountAction, account: Account) => void }) {
  const { t, tMessage } = useT();
  const name = account.tentaikhoan;
  const action = (kind: AccountAction, label: string, icon: ReactNode, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={`${label}: ${name}`} disabled={disabled} onClick={() => onAction(kind, account)}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <TableRow hover data-testid="account-row" data-id={account._id}>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>{name}</Typography>
        <Typography variant="caption" color="text.secondary">{account.hoten}</Typography>
      </TableCell>
      <TableCell><RoleLabel loaitaikhoan={account.loaitaikhoan} /></TableCell>
      <TableCell>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
          {account.quyenhan.length === 0 && <Typography variant="caption" color="text.secondary">{t('accounts.noRights')}</Typography>}
          {account.quyenhan.map((right) => <Chip key={right.value} size="small" variant="outlined" label={tMessage(right.quyen)} data-right={right.value} />)}
        </Stack>
      </TableCell>
      <TableCell>{account.diaban?.tendiaban ?? t('accounts.wholeScopeShort')}</TableCell>
      <TableCell><AccountStatus account={account} /></TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {action('edit', t('accounts.edit'), <EditIcon fontSize="small" />)}
        {account.khoa
          ? action('unlock', t('accounts.unlock'), <LockOpenIcon fontSize="small" />)
          : action('lock', t('accounts.lock'), <LockIcon fontSize="small" />, isSelf)}
        {action('reset', t('accounts.resetPassword'), <KeyIcon fontSize="small" />, isSelf)}
        {action('delete', t('accounts.delete'), <DeleteIcon fontSize="small" />, isSelf)}
      </TableCell>
    </TableRow>
  );
}
