import type { PublicSettings } from '@loa/contract';
import { useMemo } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/useT';
import { PUBLIC_SETTINGS_PATH } from '../device-map/api';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { fetchTargetDevices } from './api';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/schedules.vi';

/**
 * The speakers a schedule plays on, on a small map (online green, offline grey), with how many there
 * are and how many have no position; the approver sees where it will be heard.
 */
export function TargetsMap({ scheduleId }: { scheduleId: string }) {
  const { t } = useT();
  const devices = useQuery({ queryKey: ['lichphat', 'thietbimuctieu', scheduleId], queryFn: () => fetchTargetDevices(scheduleId) });
  const settings = useApiQuery<PublicSettings>(PUBLIC_SETTINGS_PATH, { staleTime: STALE.reference });
  const placed = useMemo(() => (devices.data ?? []).filter((d): d is typeof d & { vido: number; kinhdo: number } => d.vido !== null && d.kinhdo !== null), [devices.data]);
  if (!devices.data) return null;
  const bounds = placed.length > 0 ? placed.map((d) => [d.vido, d.kinhdo] as [number, number]) : null;
  return (
    <Box data-testid="targets-map">
      <Typography variant="body2" sx={{ mb: 1 }}>{t('schedules.targets', { count: devices.data.length, unplaced: devices.data.length - placed.length })}</Typography>
      {bounds && (
        <Box sx={{ height: 220, borderRadius: 1, overflow: 'hidden', bgcolor: '#dfe6ec' }}>
          <MapContainer bounds={bounds} boundsOptions={{ padding: [24, 24], maxZoom: 15 }} style={{ height: '100%', width: '100%' }} aria-label={t('schedules.targetsMap')}>
            {settings.data && <TileLayer url={settings.data.maptileurl} attribution={settings.data.mapattribution} />}
            {placed.map((d) => (
              <CircleMarker key={d._id} center={[d.vido, d.kinhdo]} radius={6} pathOptions={{ color: d.tructuyen ? '#2e7d32' : '#757575', fillOpacity: 0.8 }}>
                <Tooltip>{`${d.tendiaban} / ${d.tenthietbi}`}</Tooltip>
              </CircleMarker>
            ))}
          </MapContainer>
        </Box>
      )}
    </Box>
  );
}
