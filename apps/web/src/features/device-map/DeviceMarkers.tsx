import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { Device } from '@loa/contract';
import { hasPosition, useDeviceMarkers } from './useDeviceMarkers';

const FIT_PADDING: L.PointTuple = [32, 32];
const FIT_MAX_ZOOM = 15;

/** Draws the device markers and fits the map to them the first time there are any. */
export function DeviceMarkers({ devices, clustered, onSelect }: { devices: Device[]; clustered: boolean; onSelect: (id: string) => void }) {
  const map = useMap();
  const fitted = useRef(false);
  useDeviceMarkers(devices, clustered, onSelect);
  useEffect(() => {
    if (fitted.current) return;
    const points = devices.filter(hasPosition).map((d) => L.latLng(d.vido, d.kinhdo));
    if (points.length === 0) return;
    fitted.current = true;
    map.fitBounds(L.latLngBounds(points), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
  }, [devices, map]);
  return null;
}
