import { InputAdornment, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { Area } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { AreaSelect } from '../areas/AreaSelect';
import { DEVICE_STATUSES, type DeviceStatus } from './deviceStatus';

export interface DeviceToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  areaId: string;
  onAreaChange: (areaId: string) => void;
  status: DeviceStatus | 'all';
  onStatusChange: (status: DeviceStatus | 'all') => void;
  areas: readonly Area[];
}

/** Search box, area filter and status filter of the device list. */
export function DeviceToolbar({ query, onQueryChange, areaId, onAreaChange, status, onStatusChange, areas }: DeviceToolbarProps) {
  const { t } = useT();
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <TextField
        label={t('devices.search')}
        type="search"
        size="small"
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        sx={{ flex: 2 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      />
      <AreaSelect label={t('devices.filterArea')} value={areaId} onChange={onAreaChange} areas={areas} emptyLabel={t('devices.allAreas')} size="small" sx={{ flex: 1, minWidth: 180 }} />
      <TextField
        select
        label={t('devices.filterStatus')}
        size="small"
        value={status}
        onChange={(event) => onStatusChange(event.target.value as DeviceStatus | 'all')}
        sx={{ flex: 1, minWidth: 160 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="all">{t('devices.allStatuses')}</option>
        {DEVICE_STATUSES.map((s) => <option key={s} value={s}>{t(`devices.status.${s}`)}</option>)}
      </TextField>
    </Stack>
  );
}
