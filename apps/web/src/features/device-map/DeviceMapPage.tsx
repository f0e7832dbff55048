import { useMemo, useState } from 'react';
import { MapContainer, Popup, TileLayer } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import 'leaflet.markercluster/dist/MarkerCluster.Default.css';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { GRID_SPACING, type AreaGeography, type PublicSettings } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { QueryErrorAlert } from '../../lib/query/QueryErrorAlert';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { hasRight, useCurrentUser } from '../auth/useAuth';
import { DeviceActionDialogs } from '../devices/DeviceActionDialogs';
import type { DeviceAction } from '../devices/deviceActions';
import { countByStatus } from '../devices/deviceStatus';
import { useDevices } from '../devices/useDevices';
import { PUBLIC_SETTINGS_PATH } from './api';
import { AREA_GEOGRAPHY_PATH } from '../areas/api';
import { MapFit } from './MapFit';
import { AreaBoundaries } from './AreaBoundaries';
import { DeviceMarkers } from './DeviceMarkers';
import { DevicePopupContent } from './DevicePopupContent';
import { MapLegend } from './MapLegend';
import { CLUSTER_FROM, hasPosition } from './useDeviceMarkers';

/** Viet Nam as a whole, until the devices are known. */
const DEFAULT_CENTER: [number, number] = [16.05, 106.2];
const DEFAULT_ZOOM = 6;
/** Set on the map itself so clustering works before (or without) a tile layer. */
const MAX_ZOOM = 19;

/** /ban-do-thiet-bi: every positioned device on a map, coloured by live status, clustered when many. */
export function DeviceMapPage() {
  const { t } = useT();
  const canManage = hasRight(useCurrentUser(), 'quanlythietbi');
  const { devices, error, loading, reload } = useDevices();
  // Without settings there is no base map, but the markers still show on the plain background.
  const { data: settings, isError: settingsFailed } = useApiQuery<PublicSettings>(PUBLIC_SETTINGS_PATH, { staleTime: STALE.reference });
  const [tileFailed, setTilesFailed] = useState(false);
  const tilesFailed = tileFailed || settingsFailed;
  // Area boundaries (a failure draws none); a boundary not shown here before is where the map looks first.
  const geography = useApiQuery<AreaGeography[]>(AREA_GEOGRAPHY_PATH, { staleTime: STALE.reference });
  const boundaries = geography.data ?? (geography.isError ? [] : undefined);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [action, setAction] = useState<DeviceAction | null>(null);

  const list = useMemo(() => devices ?? [], [devices]);
  const positioned = useMemo(() => list.filter(hasPosition), [list]);
  const counts = useMemo(() => countByStatus(list), [list]);
  const selected = positioned.find((d) => d._id === selectedId) ?? null;
  const unplaced = list.length - positioned.length;

  return (
    <Stack spacing={GRID_SPACING}>
      <Typography variant="h5" component="h1">{t('nav.deviceMap')}</Typography>
      <QueryErrorAlert error={error} onRetry={reload} />
      {tilesFailed && <Alert severity="info">{t('map.tilesUnavailable')}</Alert>}
      {unplaced > 0 && <Alert severity="info">{t('map.noCoordinates', { count: unplaced })}</Alert>}
      <Box sx={{ position: 'relative', height: { xs: '70vh', md: 'calc(100vh - 280px)' }, minHeight: 360, borderRadius: 1, overflow: 'hidden', bgcolor: '#dfe6ec' }}>
        <MapContainer center={DEFAULT_CENTER} zoom={DEFAULT_ZOOM} minZoom={3} maxZoom={MAX_ZOOM} style={{ height: '100%', width: '100%', background: '#dfe6ec' }} aria-label={t('map.label')}>
          {settings && (
            <TileLayer url={settings.maptileurl} attribution={settings.mapattribution} eventHandlers={{ tileerror: () => setTilesFailed(true) }} />
          )}
          <AreaBoundaries data={boundaries} />
          <DeviceMarkers devices={positioned} clustered={positioned.length >= CLUSTER_FROM} onSelect={setSelectedId} />
          <MapFit devices={positioned} boundaries={boundaries} />
          {selected && (
            <Popup position={[selected.vido, selected.kinhdo]} offset={[0, -6]} eventHandlers={{ remove: () => setSelectedId(null) }}>
              <DevicePopupContent device={selected} canManage={canManage} onAction={setAction} />
            </Popup>
          )}
        </MapContainer>
        <MapLegend counts={counts} />
        {loading && <CircularProgress aria-label={t('common.loading')} sx={{ position: 'absolute', top: '50%', left: '50%', zIndex: 1000 }} />}
      </Box>
      <DeviceActionDialogs action={action} onClose={() => setAction(null)} />
    </Stack>
  );
}
