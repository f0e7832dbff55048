import { Box, Stack, Typography } from '@mui/material';
import type { Overview } from '@loa/contract';
import { useT } from '../../i18n/useT';

/** Areas shown at most (those with the most devices). */
export const AREA_BARS_MAX = 12;

const COLORS = { playing: 'info.main', online: 'success.main', offline: 'grey.400' } as const;

/** Stacked bars per area: playing, online but idle, offline; widths relative to the largest area. */
export function DevicesByAreaChart({ areas }: { areas: Overview['thietbitheodiaban'] }) {
  const { t } = useT();
  const rows = [...areas].map((a) => ({ ...a, total: a.online + a.offline })).sort((a, b) => b.total - a.total).slice(0, AREA_BARS_MAX);
  const max = Math.max(1, ...rows.map((r) => r.total));
  if (rows.length === 0) return <Typography color="text.secondary">{t('overview.byAreaEmpty')}</Typography>;
  const legend: [keyof typeof COLORS, string][] = [['playing', t('overview.legendPlaying')], ['online', t('overview.legendOnline')], ['offline', t('overview.legendOffline')]];
  return (
    <Stack spacing={1.25}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }} aria-hidden>
        {legend.map(([key, label]) => (
          <Stack key={key} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: COLORS[key] }} />
            <Typography variant="caption">{label}</Typography>
          </Stack>
        ))}
      </Stack>
      {rows.map((row) => {
        const playing = Math.min(row.dangphat, row.online);
        const idle = row.online - playing;
        const label = t('overview.areaBar', { area: row.tendiaban, online: row.online, offline: row.offline, playing: row.dangphat });
        return (
          <Box key={row._id} data-testid="area-bar" data-area={row._id}>
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography variant="body2" noWrap sx={{ minWidth: 0 }}>{row.tendiaban}</Typography>
              <Typography variant="body2" color="text.secondary">{row.online}/{row.total}</Typography>
            </Stack>
            <Box role="img" aria-label={label} title={label} sx={{ display: 'flex', height: 14, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', width: `${(row.total / max) * 100}%`, minWidth: row.total ? 4 : 0 }}>
              {([['playing', playing], ['online', idle], ['offline', row.offline]] as const).map(([key, value]) =>
                value > 0 ? <Box key={key} data-part={key} sx={{ flexGrow: value, flexBasis: 0, bgcolor: COLORS[key] }} /> : null,
              )}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
