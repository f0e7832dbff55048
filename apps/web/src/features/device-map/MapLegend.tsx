import { Paper, Stack, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import { DEVICE_STATUSES } from '../devices/deviceStatus';
import type { StatusCounts } from '../devices/deviceStatus';
import { StatusDot } from '../devices/StatusDot';

/** What the marker colours mean, with how many devices are in each state. */
export function MapLegend({ counts }: { counts: StatusCounts }) {
  const { t } = useT();
  const value = { online: counts.online - counts.playing, playing: counts.playing, offline: counts.offline };
  return (
    <Paper component="section" aria-label={t('map.legend')} elevation={3} sx={{ position: 'absolute', left: 12, bottom: 24, zIndex: 1000, px: 1.5, py: 1 }}>
      <Typography variant="subtitle2" component="h2">{t('map.legend')}</Typography>
      {DEVICE_STATUSES.map((status) => (
        <Stack key={status} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <StatusDot status={status} />
          <Typography variant="body2">{`${t(`devices.status.${status}`)}: ${value[status].toLocaleString('vi-VN')}`}</Typography>
        </Stack>
      ))}
    </Paper>
  );
}
