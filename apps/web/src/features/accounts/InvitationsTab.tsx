import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import type { Invitation } from '@loa/contract';
import { ConfirmDialog } from '../../app/dialogs/ConfirmDialog';
import { RoleLabel } from '../../app/shell/RoleLabel';
import { useNotify } from '../../app/snackbar/useNotify';
import { useT } from '../../i18n/useT';
import { errorMessage } from '../../lib/apiClient';
import { formatTimestamp } from '../../lib/formatTimestamp';
import { useAreas } from '../devices/useAreas';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { cancelInvitation, INVITATIONS_PATH } from './api';
import { InviteDialog } from './InviteDialog';
import { useRights } from './useRights';

const STATE_COLOR = { cho: 'info', dadung: 'success', huy: 'default', hethan: 'warning' } as const;

/** Invitations sent by e-mail: their state, and invite or cancel. */
export function InvitationsTab() {
  const { t, tMessage } = useT();
  const notify = useNotify();
  const { areas } = useAreas();
  const rights = useRights();
  const invitations = useApiQuery<Invitation[]>(INVITATIONS_PATH, { staleTime: STALE.lists });
  const items = invitations.data ?? null;
  const error = invitations.error;
  const invalidate = useInvalidate();
  const load = () => void invalidate(INVITATIONS_PATH);
  const [inviting, setInviting] = useState(false);
  const [cancelling, setCancelling] = useState<Invitation | null>(null);

  const cancel = async () => {
    if (!cancelling) return;
    try {
      await cancelInvitation(cancelling._id);
      notify.success(t('invitations.cancelled'));
      load();
    } catch (caught) {
      notify.error(tMessage(errorMessage(caught)));
    } finally {
      setCancelling(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography color="text.secondary" variant="body2">{t('invitations.intro')}</Typography>
        <Button variant="contained" startIcon={<SendIcon />} onClick={() => setInviting(true)}>{t('invitations.invite')}</Button>
      </Stack>
      <QueryErrorAlert error={error} onRetry={invitations.refetch} />
      {!items && !error && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
      {items?.length === 0 && <Box sx={{ py: 6, textAlign: 'center' }}><Typography color="text.secondary">{t('invitations.none')}</Typography></Box>}
      {items && items.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('invitations.tableLabel')} sx={{ minWidth: 800 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('accounts.email')}</TableCell>
                <TableCell>{t('accounts.role')}</TableCell>
                <TableCell>{t('accounts.area')}</TableCell>
                <TableCell>{t('invitations.invitedBy')}</TableCell>
                <TableCell>{t('invitations.expires')}</TableCell>
                <TableCell>{t('accounts.status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((invitation) => (
                <TableRow key={invitation._id} data-testid="invitation-row" data-id={invitation._id}>
                  <TableCell>
                    <Typography variant="body2">{invitation.email}</Typography>
                    {invitation.hoten && <Typography variant="caption" color="text.secondary">{invitation.hoten}</Typography>}
                  </TableCell>
                  <TableCell><RoleLabel loaitaikhoan={invitation.loaitaikhoan} /></TableCell>
                  <TableCell>{invitation.diaban?.tendiaban ?? t('accounts.wholeScopeShort')}</TableCell>
                  <TableCell>{invitation.nguoimoi}</TableCell>
                  <TableCell>{formatTimestamp(invitation.hethan)}</TableCell>
                  <TableCell><Chip size="small" color={STATE_COLOR[invitation.trangthai]} label={t(`invitations.state.${invitation.trangthai}`)} /></TableCell>
                  <TableCell align="right">
                    {invitation.trangthai === 'cho' && <Button size="small" color="error" onClick={() => setCancelling(invitation)}>{t('invitations.cancel')}</Button>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {inviting && <InviteDialog areas={areas} rights={rights} onClose={() => setInviting(false)} onSent={() => { setInviting(false); load(); }} />}
      <ConfirmDialog
        open={!!cancelling}
        title={t('invitations.cancel')}
        text={t('invitations.confirmCancel', { email: cancelling?.email ?? '' })}
        onCancel={() => setCancelling(null)}
        onConfirm={() => void cancel()}
      />
    </Stack>
  );
}
