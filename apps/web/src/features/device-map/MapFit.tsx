import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import type { AreaGeography, Device } from '@loa/contract';
import { boundaryBox, freshBoundaries, unionBox } from './boundaryFit';
import { hasPosition } from './useDeviceMarkers';

const FIT_PADDING: L.PointTuple = [32, 32];
const FIT_MAX_ZOOM = 15;
/** Which boundaries this browser's map has shown (area id → fingerprint). */
const SEEN_KEY = 'loa.map.boundaries';

function readSeen(): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Where the map looks: at boundaries it has not shown before (a GeoJSON just imported, issue #28),
 * else, the first time there are any, at the devices. `boundaries` undefined while still loading.
 */
export function MapFit({ devices, boundaries }: { devices: Device[]; boundaries: AreaGeography[] | undefined }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (boundaries === undefined) return;
    const { fresh, seen } = freshBoundaries(boundaries, readSeen());
    try {
      localStorage.setItem(SEEN_KEY, JSON.stringify(seen));
    } catch {
      // Storage full or refused: the map fits new boundaries again next time, nothing worse.
    }
    const box = unionBox(fresh.map((a) => boundaryBox(a.ranhgioi!)));
    if (box) {
      fitted.current = true;
      map.fitBounds(box, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
      return;
    }
    if (fitted.current) return;
    const points = devices.filter(hasPosition).map((d) => L.latLng(d.vido, d.kinhdo));
    if (points.length === 0) return;
    fitted.current = true;
    map.fitBounds(L.latLngBounds(points), { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
  }, [devices, boundaries, map]);
  return null;
}
