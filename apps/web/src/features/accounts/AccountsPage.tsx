import { useSearchParams } from 'react-router';
import { Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { GRID_SPACING } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { NoRightNotice } from '../errors/NoRightNotice';
import { AccountsTab } from './AccountsTab';
import { InvitationsTab } from './InvitationsTab';
import { OutboxTab } from './OutboxTab';

const TABS = ['taikhoan', 'loimoi', 'hopthu'] as const;
type TabId = (typeof TABS)[number];

/** /quan-ly-tai-khoan: accounts, invitations and the outbox, for holders of the quanlytaikhoan right. */
export function AccountsPage() {
  const { t } = useT();
  const allowed = hasRight(useCurrentUser(), 'quanlytaikhoan');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TabId | null;
  const tab: TabId = asked && TABS.includes(asked) ? asked : 'taikhoan';
  if (!allowed) return <NoRightNotice titleId="nav.accounts" right="quanlytaikhoan" />;
  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.accounts')}</Typography>
      <Paper sx={{ p: 2 }}>
        <Tabs value={tab} onChange={(_event, next: TabId) => setParams(next === 'taikhoan' ? {} : { tab: next }, { replace: true })} sx={{ mb: 2 }}>
          <Tab value="taikhoan" label={t('accounts.tabAccounts')} id="accounts-tab-taikhoan" aria-controls="accounts-panel" />
          <Tab value="loimoi" label={t('accounts.tabInvitations')} id="accounts-tab-loimoi" aria-controls="accounts-panel" />
          <Tab value="hopthu" label={t('accounts.tabOutbox')} id="accounts-tab-hopthu" aria-controls="accounts-panel" />
        </Tabs>
        <div role="tabpanel" id="accounts-panel" aria-labelledby={`accounts-tab-${tab}`}>
          {tab === 'taikhoan' && <AccountsTab />}
          {tab === 'loimoi' && <InvitationsTab />}
          {tab === 'hopthu' && <OutboxTab />}
        </div>
      </Paper>
    </Stack>
  );
}
