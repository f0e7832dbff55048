import { Stack, Typography } from '@mui/material';
import { GRID_SPACING, type AgentPackage, type Rollout } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { useApiQuery, useInvalidate } from '../../lib/query/useApiQuery';
import { useAreas } from '../devices/useAreas';
import { useDevices } from '../devices/useDevices';
import { SOCKET_KEPT } from '../../lib/query/socketKept';
import { PACKAGES_PATH, ROLLOUTS_PATH } from './api';
import { PackagesSection } from './PackagesSection';
import { RolloutCard } from './RolloutCard';
import { RolloutForm } from './RolloutForm';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/updates.vi';

/** /cap-nhat-phan-mem: the speaker software packages, new rollouts, and the rollouts' progress (issue #31). */
export function UpdatesPage() {
  const { t } = useT();
  const packages = useApiQuery<AgentPackage[]>(PACKAGES_PATH);
  // Boxes report as they update: the server says when a rollout changed (ServerCacheSync reads it again).
  const rollouts = useApiQuery<Rollout[]>(ROLLOUTS_PATH, { staleTime: 0, meta: SOCKET_KEPT });
  const { devices } = useDevices();
  const { areas } = useAreas();
  const invalidate = useInvalidate();
  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.updates')}</Typography>
      <Typography color="text.secondary">{t('updates.intro')}</Typography>
      <QueryErrorAlert error={packages.error ?? rollouts.error} onRetry={() => void invalidate(PACKAGES_PATH, ROLLOUTS_PATH)} />
      <PackagesSection packages={packages.data ?? []} onUploaded={() => void invalidate(PACKAGES_PATH)} />
      <RolloutForm packages={packages.data ?? []} devices={devices ?? []} areas={areas} onCreated={() => void invalidate(ROLLOUTS_PATH)} />
      <Stack spacing={2} component="section" aria-labelledby="rollouts-title">
        <Typography id="rollouts-title" variant="subtitle1" component="h2">{t('updates.rollouts')}</Typography>
        {rollouts.data?.length === 0 && <Typography color="text.secondary">{t('updates.noRollouts')}</Typography>}
        {rollouts.data?.map((r) => <RolloutCard key={r._id} rollout={r} onChanged={() => void invalidate(ROLLOUTS_PATH)} />)}
      </Stack>
    </Stack>
  );
}
