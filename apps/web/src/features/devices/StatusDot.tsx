import { Box } from '@mui/material';
import { STATUS_COLORS, type DeviceStatus } from './deviceStatus';

/** A coloured dot for a status; the label beside it carries the meaning for screen readers. */
export function StatusDot({ status }: { status: DeviceStatus }) {
  return <Box component="span" aria-hidden sx={{ display: 'inline-block', flexShrink: 0, width: 10, height: 10, borderRadius: '50%', bgcolor: STATUS_COLORS[status] }} />;
}
