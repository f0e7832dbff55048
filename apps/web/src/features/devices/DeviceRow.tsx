import { memo } from 'react';
import { IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { ClockCell } from './ClockCell';
import { deviceStatus } from './deviceStatus';
import { formatDateTime, formatLastSeen } from './formatLastSeen';
import { PlanStatus } from './PlanStatus';
import { StatusDot } from './StatusDot';

export const ROW_HEIGHT = 53;

export interface DeviceRowProps {
  device: Device;
  now: number;
  onOpenMenu: (device: Device, anchor: HTMLElement) => void;
}

/** One device of the table; memoised so a status batch re-renders only the rows it changed. */
export const DeviceRow = memo(function DeviceRow({ device, now, onOpenMenu }: DeviceRowProps) {
  const { t, locale } = useT();
  const live = device.trangthai;
  const status = deviceStatus(live);
  return (
    <TableRow hover data-testid="device-row" data-device-id={device._id} data-status={status} sx={{ height: ROW_HEIGHT }}>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <StatusDot status={status} />
          <span style={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>{device.tenthietbi}</Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {t(`devices.status.${status}`)}
              {status === 'playing' && live.dangphat?.title ? `: ${live.dangphat.title}` : ''}
            </Typography>
          </span>
        </Stack>
      </TableCell>
      <TableCell><Typography variant="body2" noWrap>{device.diaban.tendiaban}</Typography></TableCell>
      <TableCell align="right">{live.amluong ?? '—'}</TableCell>
      <TableCell align="right">{live.tinhieu ?? '—'}</TableCell>
      <TableCell><Typography variant="body2" noWrap>{live.firmware ?? '—'}</Typography></TableCell>
      <TableCell><Typography variant="body2" noWrap>{live.ip ?? '—'}</Typography></TableCell>
      <TableCell><ClockCell clock={live.dongho ?? null} /></TableCell>
      <TableCell><PlanStatus plan={live.lichphat} /></TableCell>
      <TableCell>
        {live.lancuoi === null ? '—' : (
          <Tooltip title={formatDateTime(live.lancuoi)}>
            <Typography variant="body2" noWrap component="span">{formatLastSeen(live.lancuoi, now, locale)}</Typography>
          </Tooltip>
        )}
      </TableCell>
      <TableCell align="right" padding="checkbox">
        <IconButton aria-label={t('devices.actionsFor', { name: device.tenthietbi })} aria-haspopup="menu" onClick={(event) => onOpenMenu(device, event.currentTarget)}>
          <MoreVertIcon />
        </IconButton>
      </TableCell>
    </TableRow>
  );
});
