import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { Box } from '@mui/material';
import type { PublicSettings } from '@loa/contract';
import { useT } from '../../i18n/useT';
import { STALE } from '../../lib/query/staleTimes';
import { useApiQuery } from '../../lib/query/useApiQuery';
import { PUBLIC_SETTINGS_PATH } from '../device-map/api';
// The strings of this screen, registered when it loads (i18n/screenStrings.ts).
import '../../i18n/enrolment.vi';

const VIETNAM: [number, number] = [16.05, 106.2];
const PIN_SIZE = 18;
/** A div icon, as the device map's markers: no image assets to fetch. */
const pin = L.divIcon({
  html: `<span data-testid="location-pin" style="display:block;width:${PIN_SIZE}px;height:${PIN_SIZE}px;border-radius:50%;background:#1565c0;border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.45);box-sizing:border-box"></span>`,
  className: 'loa-location-pin', iconSize: [PIN_SIZE, PIN_SIZE], iconAnchor: [PIN_SIZE / 2, PIN_SIZE / 2],
});

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (event) => onPick(event.latlng.lat, event.latlng.lng) });
  return null;
}

const valid = (lat: number | null, lng: number | null): lat is number => lat !== null && lng !== null && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** A small map: a click places the speaker there; the position typed (or the box's GPS) shows as a pin. */
export function LocationPicker({ lat, lng, onPick }: { lat: number | null; lng: number | null; onPick: (lat: number, lng: number) => void }) {
  const { t } = useT();
  const { data: settings } = useApiQuery<PublicSettings>(PUBLIC_SETTINGS_PATH, { staleTime: STALE.reference });
  const placed = valid(lat, lng);
  return (
    <Box sx={{ height: 280, borderRadius: 1, overflow: 'hidden', bgcolor: '#dfe6ec' }}>
      <MapContainer center={placed ? [lat, lng as number] : VIETNAM} zoom={placed ? 15 : 6} style={{ height: '100%', width: '100%' }} aria-label={t('enrolment.confirm.pickOnMap')}>
        {settings && <TileLayer url={settings.maptileurl} attribution={settings.mapattribution} />}
        <ClickToPlace onPick={onPick} />
        {placed && <Marker position={[lat, lng as number]} icon={pin} />}
      </MapContainer>
    </Box>
  );
}
