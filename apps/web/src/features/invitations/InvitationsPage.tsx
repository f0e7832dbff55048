import { Paper, Stack, Typography } from '@mui/material';
import { GRID_SPACING } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { InvitationsTab } from '../accounts/InvitationsTab';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { NoRightNotice } from '../errors/NoRightNotice';

/** /loi-moi when signed in without a token: the invitation list of account administrators. */
export function InvitationsPage() {
  const { t } = useT();
  if (!hasRight(useCurrentUser(), 'quanlytaikhoan')) return <NoRightNotice titleId="nav.invitations" right="quanlytaikhoan" />;
  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.invitations')}</Typography>
      <Paper sx={{ p: 2 }}><InvitationsTab /></Paper>
    </Stack>
  );
}
