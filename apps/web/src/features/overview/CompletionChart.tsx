import { Alert, Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { OverviewCharts } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { formatDay } from '../../lib/formatTimestamp';
import { ChartTable } from './ChartTable';
import { countAxis } from './countAxis';

type Completion = OverviewCharts['hoanthanh'];

/** Per commune, speaker plays of scheduled programmes planned against those the speakers reported; names the communes that missed some. */
export function CompletionChart({ completion }: { completion: Completion }) {
  const { t } = useT();
  if (!completion) return <Typography color="text.secondary">{t('overview.completionNoRight')}</Typography>;
  const { items } = completion;
  const range = { from: formatDay(completion.tu), to: formatDay(completion.den) };
  if (items.length === 0) return <Typography color="text.secondary">{t('overview.completionEmpty', range)}</Typography>;
  const missing = items.filter((i) => i.bolo > 0 || i.daphat < i.kehoach);
  return (
    <Box>
      {missing.length > 0 ? (
        <Alert severity="warning" data-testid="completion-missing" sx={{ mb: 1 }}>
          {t('overview.completionMissing', { ...range, count: missing.length, total: items.length, names: missing.map((i) => `${i.tendiaban} (${i.daphat}/${i.kehoach}${i.bolo ? `, ${t('overview.missedCount', { count: i.bolo })}` : ''})`).join(', ') })}
        </Alert>
      ) : (
        <Alert severity="success" sx={{ mb: 1 }}>{t('overview.completionAll', { ...range, total: items.length })}</Alert>
      )}
      <Box inert>
        <BarChart
          layout="horizontal"
          height={60 + 36 * items.length}
          yAxis={[{ scaleType: 'band', data: items.map((i) => i.tendiaban), width: 110 }]}
          xAxis={[countAxis(items.flatMap((i) => [i.kehoach, i.daphat]))]}
          series={[
            { id: 'planned', label: t('overview.planned'), data: items.map((i) => i.kehoach), color: '#90caf9' },
            { id: 'played', label: t('overview.reported'), data: items.map((i) => i.daphat), color: '#1e88e5' },
          ]}
          margin={{ right: 8 }}
        />
      </Box>
      <ChartTable
        testId="completion-table"
        caption={t('overview.completion')}
        headers={[t('overview.commune'), t('overview.occurrences'), t('overview.missed'), t('overview.planned'), t('overview.reported')]}
        rows={items.map((i) => [i.tendiaban, i.solan, i.bolo, i.kehoach, i.daphat])}
      />
    </Box>
  );
}
