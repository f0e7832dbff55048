import { memo } from 'react';
import { Box, IconButton, Stack, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useT } from '../../i18n/useT';
import { deviceStatus } from './deviceStatus';
import { formatLastSeen } from './formatLastSeen';
import type { DeviceRowProps } from './DeviceRow';
import { PlanStatus } from './PlanStatus';
import { StatusDot } from './StatusDot';

/** A device on a phone: name, status, area, volume and last seen, with its actions (⋮) on screen. */
export const DeviceCard = memo(function DeviceCard({ device, now, onOpenMenu }: DeviceRowProps) {
  const { t, locale } = useT();
  const live = device.trangthai;
  const status = deviceStatus(live);
  return (
    <Box role="listitem" data-testid="device-row" data-device-id={device._id} data-status={status}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <StatusDot status={status} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>{device.tenthietbi}</Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {t(`devices.status.${status}`)}
          {status === 'playing' && live.dangphat?.title ? `: ${live.dangphat.title}` : ''}
          {' · '}{device.diaban.tendiaban}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ color: 'text.secondary' }}>
          <Typography variant="caption">{t('devices.volume')}: {live.amluong ?? '—'}</Typography>
          <Typography variant="caption" noWrap>{t('devices.lastSeen')}: {live.lancuoi === null ? '—' : formatLastSeen(live.lancuoi, now, locale)}</Typography>
          {live.lichphat && <PlanStatus plan={live.lichphat} />}
        </Stack>
      </Box>
      <IconButton aria-label={t('devices.actionsFor', { name: device.tenthietbi })} aria-haspopup="menu" onClick={(event) => onOpenMenu(device, event.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
    </Box>
  );
});

/** A card's height, for the virtualised list (measured after render). */
export const CARD_HEIGHT = 76;
