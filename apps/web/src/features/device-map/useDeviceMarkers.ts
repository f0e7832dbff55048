import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet.markercluster';
import { useMap } from 'react-leaflet';
import type { Device } from '@loa/contract';
import { deviceStatus, type DeviceStatus } from '../devices/deviceStatus';
import { markerIcon } from './markerIcon';

/** Below this many devices every marker stands alone (and is in the page); above it they cluster. */
export const CLUSTER_FROM = 200;

interface Placed {
  marker: L.Marker;
  status: DeviceStatus;
  lat: number;
  lng: number;
}

/** Whether a device has a position to draw. */
export function hasPosition(device: Device): device is Device & { vido: number; kinhdo: number } {
  return device.vido !== null && device.kinhdo !== null;
}

/**
 * Keeps one Leaflet marker per positioned device in a cluster group, adding, moving and removing
 * them as the list changes and swapping an icon only when that device's status changed.
 */
export function useDeviceMarkers(devices: Device[], clustered: boolean, onSelect: (id: string) => void): void {
  const map = useMap();
  const placed = useRef(new Map<string, Placed>());
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const select = useRef(onSelect);
  useEffect(() => {
    select.current = onSelect;
  });

  useEffect(() => {
    const layer = L.markerClusterGroup({ maxClusterRadius: clustered ? 60 : 0, chunkedLoading: true, showCoverageOnHover: false, spiderfyOnMaxZoom: true });
    map.addLayer(layer);
    group.current = layer;
    const markers = placed.current;
    return () => {
      map.removeLayer(layer);
      group.current = null;
      markers.clear();
    };
  }, [map, clustered]);

  useEffect(() => {
    const layer = group.current;
    if (!layer) return;
    const seen = new Set<string>();
    const added: L.Marker[] = [];
    for (const device of devices) {
      if (!hasPosition(device)) continue;
      seen.add(device._id);
      const status = deviceStatus(device.trangthai);
      const current = placed.current.get(device._id);
      if (!current) {
        const marker = L.marker([device.vido, device.kinhdo], { icon: markerIcon(device), title: device.tenthietbi, alt: device.tenthietbi, keyboard: true });
        marker.on('click', () => select.current(device._id));
        placed.current.set(device._id, { marker, status, lat: device.vido, lng: device.kinhdo });
        added.push(marker);
        continue;
      }
      if (current.status !== status) {
        current.marker.setIcon(markerIcon(device));
        current.status = status;
      }
      if (current.lat !== device.vido || current.lng !== device.kinhdo) {
        current.marker.setLatLng([device.vido, device.kinhdo]);
        Object.assign(current, { lat: device.vido, lng: device.kinhdo });
      }
    }
    const gone = [...placed.current].filter(([id]) => !seen.has(id));
    if (gone.length > 0) layer.removeLayers(gone.map(([, p]) => p.marker));
    gone.forEach(([id]) => placed.current.delete(id));
    if (added.length > 0) layer.addLayers(added);
  }, [devices, clustered]);
}
