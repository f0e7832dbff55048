import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { MESSAGE_TYPES, type OverviewCharts } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatDay } from '../../lib/formatTimestamp';
import { TYPE_COLORS } from './BroadcastsByTypeChart';
import { ChartTable } from './ChartTable';
import { countAxis } from './countAxis';

/** Bulletins started per day over the last 30 days, stacked by message type, with this month's total. */
export function BulletinsPerDayChart({ days }: { days: OverviewCharts['bantintheongay'] }) {
  const { t, locale } = useT();
  const month = days.at(-1)?.ngay.slice(0, 7) ?? '';
  const thisMonth = days.filter((d) => d.ngay.startsWith(month));
  const monthTotal = thisMonth.reduce((s, d) => s + d.tong, 0);
  const total = days.reduce((s, d) => s + d.tong, 0);
  const typeName = (m: (typeof MESSAGE_TYPES)[number]) => (locale === 'vi' ? m.ten : m.en);
  return (
    <Box>
      <Typography variant="body2" data-testid="bulletins-summary" sx={{ mb: 1 }}>
        {t('overview.perDaySummary', { month: monthTotal, days: thisMonth.length, average: (monthTotal / Math.max(1, thisMonth.length)).toFixed(1), total })}
      </Typography>
      <Box inert>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: days.map((d) => formatDay(d.ngay)), tickLabelInterval: (_v, i) => i % 5 === 4 }]}
          yAxis={[countAxis(days.map((d) => d.tong))]}
          series={MESSAGE_TYPES.map((m, i) => ({ id: String(m.id), label: typeName(m), stack: 'all', color: TYPE_COLORS[i], data: days.map((d) => d.theoloai[String(m.id)] ?? 0) }))}
          hideLegend
          margin={{ left: 0, right: 8 }}
        />
      </Box>
      <ChartTable
        testId="bulletins-table"
        caption={t('overview.perDay')}
        headers={[t('overview.day'), t('overview.total'), ...MESSAGE_TYPES.map(typeName)]}
        rows={days.map((d) => [formatDay(d.ngay, true), d.tong, ...MESSAGE_TYPES.map((m) => d.theoloai[String(m.id)] ?? 0)])}
      />
    </Box>
  );
}
