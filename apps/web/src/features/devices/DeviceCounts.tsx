import { Paper, Stack, Typography } from '@mui/material';
import { useT } from '../../i18n/useT';
import { STATUS_COLORS, type StatusCounts } from './deviceStatus';

/** Total / online / offline / playing above the table, announced politely as they change. */
export function DeviceCounts({ counts }: { counts: StatusCounts }) {
  const { t } = useT();
  const cells = [
    { id: 'total', label: t('devices.count.total'), value: counts.total, color: 'text.primary' },
    { id: 'online', label: t('devices.count.online'), value: counts.online, color: STATUS_COLORS.online },
    { id: 'offline', label: t('devices.count.offline'), value: counts.offline, color: STATUS_COLORS.offline },
    { id: 'playing', label: t('devices.count.playing'), value: counts.playing, color: STATUS_COLORS.playing },
  ];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }} role="status" aria-live="polite">
      {cells.map((cell) => (
        <Paper key={cell.id} variant="outlined" sx={{ px: 2, py: 1, minWidth: 120 }} data-testid={`device-count-${cell.id}`}>
          <Typography variant="caption" color="text.secondary">{cell.label}</Typography>
          <Typography variant="h6" component="p" sx={{ color: cell.color, fontWeight: 700 }}>{cell.value.toLocaleString('vi-VN')}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}
