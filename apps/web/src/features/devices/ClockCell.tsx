import { Stack, Tooltip, Typography } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import UpdateDisabledIcon from '@mui/icons-material/UpdateDisabled';
import type { DeviceLive } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { clockColor, formatClockOffset } from './clockDisplay';

/** A speaker's clock in the device table: its offset from the server's, coloured by how far it can be trusted. */
export function ClockCell({ clock }: { clock: DeviceLive['dongho'] }) {
  const { t, locale } = useT();
  if (!clock) return <span aria-label={t('devices.clock.none')}>—</span>;
  const untrusted = clock.chatluong === 'khongtincay';
  const Icon = untrusted ? UpdateDisabledIcon : AccessTimeIcon;
  const quality = t(`devices.clock.quality.${clock.chatluong}`);
  // No offset to show for a speaker that never reported its clock: the fault alone.
  const known = clock.chatluong !== 'chuadongbo' && clock.loi !== 'khongbaocao';
  const summary = !known ? quality : t('devices.clock.summary', {
    offset: formatClockOffset(clock, locale), rtt: Math.round(clock.khuhoi).toLocaleString(locale), quality,
  });
  const label = clock.loi ? `${summary} — ${t(`devices.clock.fault.${clock.loi}`)}` : summary;
  return (
    <Tooltip title={label}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={label} data-testid="device-clock" data-quality={clock.chatluong}>
        <Icon fontSize="small" color={clockColor(clock)} />
        <Typography variant="body2" noWrap component="span">{clock.chatluong === 'chuadongbo' ? '…' : known ? formatClockOffset(clock, locale) : '?'}</Typography>
      </Stack>
    </Tooltip>
  );
}
