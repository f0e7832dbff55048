import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { GRID_SPACING, MSG, type Device } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { subtreeIds } from '../areas/buildAreaTree';
import { DeviceActionDialogs } from './DeviceActionDialogs';
import type { DeviceAction } from './deviceActions';
import { DeviceCounts } from './DeviceCounts';
import { DeviceDetailDialog } from './DeviceDetailDialog';
import { DeviceRowMenu } from './DeviceRowMenu';
import { countByStatus, type DeviceStatus } from './deviceStatus';
import { DeviceTable } from './DeviceTable';
import { DeviceToolbar } from './DeviceToolbar';
import { filterDevices, type DeviceSort } from './filterDevices';
import { useAreas } from './useAreas';
import { useDevices } from './useDevices';
import { useSortedDevices } from './useSortedDevices';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

/** /quan-ly-thiet-bi: every device in scope, filtered and sorted locally, live through the socket. */
export function DevicesPage() {
  const { t, tMessage } = useT();
  const canManage = hasRight(useCurrentUser(), 'quanlythietbi');
  const { devices, registry, error, loading, upsert, remove, reload } = useDevices();
  const { areas } = useAreas();
  const [query, setQuery] = useState('');
  const [areaId, setAreaId] = useState('');
  const [status, setStatus] = useState<DeviceStatus | 'all'>('all');
  const [sort, setSort] = useState<DeviceSort>({ key: 'tenthietbi', order: 'asc' });
  const [menu, setMenu] = useState<{ device: Device; anchor: HTMLElement } | null>(null);
  const [action, setAction] = useState<DeviceAction | null>(null);
  const deferredQuery = useDeferredValue(query);

  const areaIds = useMemo(() => (areaId ? subtreeIds(areas, areaId) : null), [areas, areaId]);
  const sorted = useSortedDevices(devices, registry, sort);
  const shown = useMemo(() => filterDevices(sorted, { query: deferredQuery, areaIds, status }), [sorted, deferredQuery, areaIds, status]);
  const counts = useMemo(() => countByStatus(devices ?? []), [devices]);
  const openMenu = useCallback((device: Device, anchor: HTMLElement) => setMenu({ device, anchor }), []);
  // ?id= (a notification's link) opens that device's details; read from the live list so it follows the device.
  const [params, setParams] = useSearchParams();
  const detailId = params.get('id');
  const detail = detailId ? devices?.find((d) => d._id === detailId) ?? null : null;
  const closeDetail = () => setParams((p) => {
    p.delete('id');
    return p;
  }, { replace: true });
  const chooseAction = (chosen: DeviceAction) => {
    if (chosen.kind === 'detail') setParams((p) => {
      p.set('id', chosen.device._id);
      return p;
    });
    else setAction(chosen);
  };

  return (
    <Stack spacing={GRID_SPACING}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1">{t('nav.devices')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button component={RouterLink} to="/quan-ly-dia-ban">{t('nav.areas')}</Button>
          <Button component={RouterLink} to="/cau-hinh-thiet-bi">{t('nav.deviceConfig')}</Button>
          {canManage && <Button component={RouterLink} to="/dang-ky-loa">{t('enrolment.open')}</Button>}
          {canManage && <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAction({ kind: 'add' })}>{t('devices.add')}</Button>}
        </Stack>
      </Stack>
      <DeviceCounts counts={counts} />
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <DeviceToolbar query={query} onQueryChange={setQuery} areaId={areaId} onAreaChange={setAreaId} status={status} onStatusChange={setStatus} areas={areas} />
          <QueryErrorAlert error={error} onRetry={reload} />
          {loading && <CircularProgress aria-label={t('common.loading')} sx={{ display: 'block', mx: 'auto', my: 4 }} />}
          {devices && shown.length === 0 && (
            <Box sx={{ py: 6, textAlign: 'center' }}>
              <Typography color="text.secondary">{tMessage(MSG.noDevices)}</Typography>
            </Box>
          )}
          {shown.length > 0 && <DeviceTable devices={shown} sort={sort} onSortChange={setSort} onOpenMenu={openMenu} />}
          {devices && devices.length > 0 && (
            <Typography variant="caption" color="text.secondary">{t('devices.shownOf', { shown: shown.length.toLocaleString('vi-VN'), total: devices.length.toLocaleString('vi-VN') })}</Typography>
          )}
        </Stack>
      </Paper>
      <DeviceRowMenu target={menu} canManage={canManage} onAction={chooseAction} onClose={() => setMenu(null)} />
      {detail && <DeviceDetailDialog device={detail} onClose={closeDetail} />}
      <DeviceActionDialogs action={action} onClose={() => setAction(null)} areas={areas} onSaved={upsert} onDeleted={remove} />
    </Stack>
  );
}
