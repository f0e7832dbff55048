import { Alert, Button, Grid, Skeleton, Stack, Chip, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import LoginIcon from '@mui/icons-material/Login';
import PlaceIcon from '@mui/icons-material/Place';
import HistoryIcon from '@mui/icons-material/History';
import SpeakerIcon from '@mui/icons-material/Speaker';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import CampaignIcon from '@mui/icons-material/Campaign';
import { lazy, memo, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GRID_SPACING, type Overview } from '@loa/contract';
import { useT } from '../../i18n/useT';
import type { MessageId } from '../../i18n/vi';
import { useNow } from '../../lib/useNow';
import { WhenNearView } from '../../lib/WhenNearView';
import { BroadcastsByTypeChart } from './BroadcastsByTypeChart';
import { ChartCard } from './ChartCard';
import { FaultsList } from './FaultsList';
import { StatCard } from './StatCard';
import { UpcomingList } from './UpcomingList';
import { useOverview } from './useOverview';
import { overviewChartsQuery } from './useOverviewCharts';

// The charts library loads only with the overview's charts, after the counts.
const OverviewChartsSection = lazy(() => import('./OverviewChartsSection'));

const chartsPending = <Skeleton variant="rounded" height={240} />;

const LEVELS = ['tinh', 'huyen', 'xa', 'thon'] as const;

const deviceCards: { id: keyof Overview['thietbi']; labelId: MessageId; icon: ReactNode }[] = [
  { id: 'tong', labelId: 'overview.devices', icon: <SpeakerIcon color="primary" /> },
  { id: 'online', labelId: 'overview.devicesOnline', icon: <WifiIcon color="success" /> },
  { id: 'offline', labelId: 'overview.devicesOffline', icon: <WifiOffIcon color="disabled" /> },
  { id: 'dangphat', labelId: 'overview.devicesPlaying', icon: <CampaignIcon color="info" /> },
];

/** Overview: counts, the charts (devices by area, bulletins per day, speakers online, schedule completion, longest offline), broadcasts by message type, the next starts and recent faults (live). */
export function OverviewPage() {
  const { t, tMessage } = useT();
  const { data, error, retry } = useOverview();
  const now = useNow();
  // The figures arrive in an urgent render (the server-state cache's store): the cards, lists and
  // chart placeholders then render at transition priority, in slices, not in one long task.
  const shown = useDeferredValue(data);
  // The first commit shows the heading (the largest paint) without the cards; they follow at once in a second, smaller one.
  const gridReady = useDeferredValue(true, false);
  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.overview')}</Typography>
      {error && <Alert severity="error" action={<Button color="inherit" size="small" onClick={retry}>{t('overview.retry')}</Button>}>{tMessage(error)}</Alert>}
      {!error && gridReady && <OverviewGrid data={shown} now={now} />}
    </Stack>
  );
}

/**
 * Once the charts are near: their code and their figures are asked for at once, beside the counts,
 * not one after the other (counts, then the code, then the figures: the first load took 6.5 s; issue #28).
 */
function ChartsPrefetch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void import('./OverviewChartsSection');
    void queryClient.prefetchQuery(overviewChartsQuery);
  }, [queryClient]);
  return null;
}

const OverviewGrid = memo(function OverviewGrid({ data, now }: { data: Overview | null; now: number }) {
  const { t } = useT();
  const byLevel = data?.diaban.theocap ?? {};
  return (
    <Grid container spacing={GRID_SPACING}>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard label={t('overview.accounts')} value={data?.taikhoan.tong ?? null} icon={<PeopleIcon color="primary" />} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard label={t('overview.loggedIn')} value={data?.taikhoan.dangdangnhap ?? null} icon={<LoginIcon color="success" />} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard
          label={t('overview.areas')}
          value={data?.diaban.tong ?? null}
          icon={<PlaceIcon color="secondary" />}
          detail={
            data && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {LEVELS.filter((level) => level in byLevel).map((level) => (
                  <Chip key={level} size="small" label={`${t(`overview.level.${level}` as MessageId)}: ${byLevel[level]}`} />
                ))}
              </Stack>
            )
          }
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <StatCard label={t('overview.logsToday')} value={data?.nhatky.homnay ?? null} icon={<HistoryIcon color="warning" />} />
      </Grid>
      {deviceCards.map((card) => (
        <Grid key={card.id} size={{ xs: 12, sm: 6, lg: 3 }}>
          <StatCard label={t(card.labelId)} value={data ? data.thietbi[card.id] : null} icon={card.icon} />
        </Grid>
      ))}
      {/* Below the counts (off-screen on a phone): the charts load and render as they come near. */}
      <WhenNearView placeholder={(ref) => <Grid ref={ref} size={12}>{chartsPending}</Grid>}>
        <ChartsPrefetch />
        {data ? (
          <Suspense fallback={<Grid size={12}>{chartsPending}</Grid>}>
            <OverviewChartsSection areas={data.thietbitheodiaban} areaCount={data.diaban.tong} />
          </Suspense>
        ) : <Grid size={12}>{chartsPending}</Grid>}
      </WhenNearView>
      {data && (
        <>
          <Grid size={{ xs: 12, lg: 6 }}>
            <ChartCard title={t('overview.broadcasts')}><BroadcastsByTypeChart today={data.phathomnay} week={data.phattuannay} /></ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('overview.upcoming')}><UpcomingList items={data.lichsapden} now={now} /></ChartCard>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('overview.faults')}><FaultsList items={data.suco} now={now} /></ChartCard>
          </Grid>
        </>
      )}
    </Grid>
  );
});
