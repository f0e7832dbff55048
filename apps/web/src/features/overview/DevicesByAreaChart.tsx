import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { Overview } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { ChartTable } from './ChartTable';
import { countAxis } from './countAxis';

const COLORS = { playing: '#1e88e5', online: '#43a047', offline: '#bdbdbd' } as const;

/**
 * Every area holding devices, largest first, as stacked bars: playing, online but idle, offline;
 * `areaCount` the areas in scope (some, a district, hold none of their own).
 */
export function DevicesByAreaChart({ areas, areaCount }: { areas: Overview['thietbitheodiaban']; areaCount: number }) {
  const { t } = useT();
  const rows = [...areas].map((a) => ({ ...a, total: a.online + a.offline, playing: Math.min(a.dangphat, a.online) })).sort((a, b) => b.total - a.total || a.tendiaban.localeCompare(b.tendiaban, 'vi'));
  if (rows.length === 0) return <Typography color="text.secondary">{t('overview.byAreaEmpty')}</Typography>;
  return (
    <Box>
      <Typography variant="body2" data-testid="area-summary">{rows.length >= areaCount ? t('overview.byAreaSummaryAll', { count: rows.length }) : t('overview.byAreaSummary', { count: rows.length, total: areaCount })}</Typography>
      <Box inert>
        <BarChart
          layout="horizontal"
          height={70 + 30 * rows.length}
          yAxis={[{ scaleType: 'band', data: rows.map((r) => r.tendiaban), width: 110 }]}
          xAxis={[countAxis(rows.map((r) => r.total))]}
          series={[
            { id: 'playing', label: t('overview.legendPlaying'), stack: 'd', color: COLORS.playing, data: rows.map((r) => r.playing) },
            { id: 'online', label: t('overview.legendOnline'), stack: 'd', color: COLORS.online, data: rows.map((r) => r.online - r.playing) },
            { id: 'offline', label: t('overview.legendOffline'), stack: 'd', color: COLORS.offline, data: rows.map((r) => r.offline) },
          ]}
          margin={{ right: 8 }}
        />
      </Box>
      <ChartTable
        testId="area-table"
        caption={t('overview.byArea')}
        headers={[t('overview.commune'), t('overview.legendOnline'), t('overview.legendOffline'), t('overview.legendPlaying')]}
        rows={rows.map((r) => [r.tendiaban, r.online, r.offline, r.dangphat])}
      />
    </Box>
  );
}
