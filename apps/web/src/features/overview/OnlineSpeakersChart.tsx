import { useState } from 'react';
import { Box, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { vnHourMinute, type OverviewCharts } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatShortDateTime } from '../../lib/formatTimestamp';
import { ChartTable } from './ChartTable';
import { countAxis } from './countAxis';

type Range = '24h' | '7d';

/** Speakers online of those registered, over 24 hours (hourly) or 7 days (every 6 hours), with the lowest point. */
export function OnlineSpeakersChart({ day, week }: { day: OverviewCharts['tructuyen24h']; week: OverviewCharts['tructuyen7ngay'] }) {
  const { t } = useT();
  const [range, setRange] = useState<Range>('24h');
  const points = range === '24h' ? day : week;
  const label = (ms: number) => (range === '24h' ? vnHourMinute(ms) : formatShortDateTime(ms));
  // Instants before any speaker was registered (a new install) say nothing: no "0/0 at 22:27".
  const known = points.filter((p) => p.tong > 0);
  const low = known.reduce<(typeof points)[number] | null>((min, p) => (!min || p.tong - p.online > min.tong - min.online ? p : min), null);
  const last = known.at(-1);
  return (
    <Box>
      <ToggleButtonGroup size="small" exclusive value={range} onChange={(_e, next: Range | null) => next && setRange(next)} aria-label={t('overview.online')} sx={{ mb: 1 }}>
        <ToggleButton value="24h">{t('overview.range24h')}</ToggleButton>
        <ToggleButton value="7d">{t('overview.range7d')}</ToggleButton>
      </ToggleButtonGroup>
      <Typography variant="body2" data-testid="online-summary">
        {last && low
          ? t('overview.onlineSummary', { online: last.online, total: last.tong, low: low.online, lowTotal: low.tong, at: label(low.thoidiem) })
          : t('overview.onlineNoData')}
      </Typography>
      <Box inert>
        <LineChart
          height={240}
          xAxis={[{ scaleType: 'point', data: points.map((p) => p.thoidiem), valueFormatter: (v: number) => label(v), tickLabelInterval: (_v, i) => i % 4 === 3 }]}
          yAxis={[countAxis(points.map((p) => p.tong))]}
          series={[
            { id: 'online', label: t('overview.legendOnline'), data: points.map((p) => p.online), area: true, showMark: false, color: '#43a047' },
            { id: 'total', label: t('overview.registered'), data: points.map((p) => p.tong), showMark: false, color: '#9e9e9e' },
          ]}
          hideLegend
          margin={{ left: 0, right: 8 }}
        />
      </Box>
      <ChartTable
        testId="online-table"
        caption={t(range === '24h' ? 'overview.online24h' : 'overview.online7d')}
        headers={[t('overview.time'), t('overview.legendOnline'), t('overview.registered')]}
        rows={points.map((p) => [label(p.thoidiem), p.online, p.tong])}
      />
    </Box>
  );
}
