import { Stack, Typography } from '@mui/material';
import { GRID_SPACING } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { NoRightNotice } from '../errors/NoRightNotice';
import { roleOf } from '../../app/shell/roleLabel';
import { ApiKeysSection } from './ApiKeysSection';
import { ProvinceConnectorSection } from './ProvinceConnectorSection';
import { CapAlertsSection } from './CapAlertsSection';
import { CapFeedsSection } from './CapFeedsSection';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/integrations.vi';

/**
 * /ket-noi: what connects Loa to other systems, one section component each (API keys, CAP feeds
 * and received alerts, the province exchange), for administrators who manage accounts.
 */
export function IntegrationsPage() {
  const { t } = useT();
  const me = useCurrentUser();
  // Keys and alert policy belong to administrators who manage accounts (the server refuses others).
  if (!hasRight(me, 'quanlytaikhoan') || !roleOf(me.loaitaikhoan).isAdmin) return <NoRightNotice titleId="nav.integrations" right="quanlytaikhoan" />;
  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.integrations')}</Typography>
      <ApiKeysSection />
      <ProvinceConnectorSection />
      <CapAlertsSection />
      <CapFeedsSection />
    </Stack>
  );
}
