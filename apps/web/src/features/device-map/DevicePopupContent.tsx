import { Button, Stack, Typography } from '@mui/material';
import type { Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { useNow } from '../../lib/useNow';
import type { DeviceAction } from '../devices/deviceActions';
import { deviceStatus } from '../devices/deviceStatus';
import { formatLastSeen } from '../devices/formatLastSeen';
import { PlanStatus } from '../devices/PlanStatus';
import { StatusDot } from '../devices/StatusDot';

/** What a marker's popup shows: name, area, live state and, with the right, volume and reboot. */
export function DevicePopupContent({ device, canManage, onAction }: { device: Device; canManage: boolean; onAction: (action: DeviceAction) => void }) {
  const { t, locale } = useT();
  const now = useNow();
  const live = device.trangthai;
  const status = deviceStatus(live);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 200 }} data-testid="device-popup">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{device.tenthietbi}</Typography>
      <Typography variant="body2" color="text.secondary">{device.diaban.tendiaban}</Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <StatusDot status={status} />
        <Typography variant="body2">{t(`devices.status.${status}`)}</Typography>
      </Stack>
      {live.dangphat?.title && <Typography variant="body2">{t('devices.playingTitle', { title: live.dangphat.title })}</Typography>}
      <Typography variant="body2">{`${t('devices.volume')}: ${live.amluong ?? '—'}`}</Typography>
      <Typography variant="body2">{`${t('devices.lastSeen')}: ${formatLastSeen(live.lancuoi, now, locale)}`}</Typography>
      {live.lichphat && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2">{`${t('devices.plan')}:`}</Typography>
          <PlanStatus plan={live.lichphat} />
        </Stack>
      )}
      {canManage && (
        <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
          <Button size="small" variant="outlined" onClick={() => onAction({ kind: 'volume', device })}>{t('devices.setVolume')}</Button>
          <Button size="small" variant="outlined" color="warning" onClick={() => onAction({ kind: 'reboot', device })}>{t('devices.reboot')}</Button>
        </Stack>
      )}
    </Stack>
  );
}
