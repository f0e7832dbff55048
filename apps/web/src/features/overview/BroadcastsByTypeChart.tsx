import { Box, Stack, Typography } from '@mui/material';
import { MESSAGE_TYPES, type Overview } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** One colour per message type, in MESSAGE_TYPES order. */
export const TYPE_COLORS = ['#1e88e5', '#e53935', '#8e24aa', '#fb8c00', '#43a047', '#00897b'] as const;

type Counts = Overview['phathomnay'];

function TypeBars({ title, counts, testId }: { title: string; counts: Counts; testId: string }) {
  const { t, locale } = useT();
  const max = Math.max(1, ...MESSAGE_TYPES.map((m) => counts.theoloai[String(m.id)] ?? 0));
  return (
    <Box data-testid={testId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>{title}</Typography>
      <Stack spacing={1}>
        {MESSAGE_TYPES.map((m, i) => {
          const count = counts.theoloai[String(m.id)] ?? 0;
          const name = locale === 'vi' ? m.ten : m.en;
          return (
            <Box key={m.id} role="img" aria-label={t('overview.typeBar', { type: name, count })} data-type={m.id} data-count={count}>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
                <Typography variant="caption" noWrap title={name} sx={{ minWidth: 0 }}>{name}</Typography>
                <Typography variant="caption" sx={{ fontWeight: 600 }}>{count}</Typography>
              </Stack>
              <Box sx={{ height: 8, borderRadius: 1, bgcolor: 'action.hover' }}>
                <Box sx={{ height: '100%', borderRadius: 1, width: `${(count / max) * 100}%`, bgcolor: TYPE_COLORS[i] }} />
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/** Broadcasts started today and this week, one bar per message type of §9. */
export function BroadcastsByTypeChart({ today, week }: { today: Counts; week: Counts }) {
  const { t } = useT();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
      <TypeBars title={t('overview.today', { total: today.tong })} counts={today} testId="broadcasts-today" />
      <TypeBars title={t('overview.thisWeek', { total: week.tong })} counts={week} testId="broadcasts-week" />
    </Stack>
  );
}
