import { Alert, Button, Grid, Skeleton } from '@mui/material';
import type { Overview } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { BulletinsPerDayChart } from './BulletinsPerDayChart';
import { ChartCard } from './ChartCard';
import { CompletionChart } from './CompletionChart';
import { DevicesByAreaChart } from './DevicesByAreaChart';
import { OnlineSpeakersChart } from './OnlineSpeakersChart';
import { TopOfflineTable } from './TopOfflineTable';
import { useOverviewCharts } from './useOverviewCharts';

/**
 * The overview's charts (MUI X Charts, loaded with this module only when the overview shows):
 * devices by area, bulletins per day, speakers online, schedule completion and the longest offline.
 */
export default function OverviewChartsSection({ areas, areaCount }: { areas: Overview['thietbitheodiaban']; areaCount: number }) {
  const { t, tMessage } = useT();
  const { data, error, retry } = useOverviewCharts();
  const pending = <Skeleton variant="rounded" height={240} />;
  return (
    <>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={t('overview.byArea')}><DevicesByAreaChart areas={areas} areaCount={areaCount} /></ChartCard>
      </Grid>
      {error && (
        <Grid size={12}>
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={retry}>{t('overview.retry')}</Button>}>{tMessage(error)}</Alert>
        </Grid>
      )}
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={t('overview.perDay')}>{data ? <BulletinsPerDayChart days={data.bantintheongay} /> : !error && pending}</ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={t('overview.online')}>{data ? <OnlineSpeakersChart day={data.tructuyen24h} week={data.tructuyen7ngay} /> : !error && pending}</ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={t('overview.completion')}>{data ? <CompletionChart completion={data.hoanthanh} /> : !error && pending}</ChartCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <ChartCard title={t('overview.topOffline')}>{data ? <TopOfflineTable items={data.ngoaituyen} /> : !error && pending}</ChartCard>
      </Grid>
    </>
  );
}
