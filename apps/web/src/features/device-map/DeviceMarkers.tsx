import type { Device } from '@loa/contract';
import { useDeviceMarkers } from './useDeviceMarkers';

/** Draws the device markers (MapFit decides where the map looks). */
export function DeviceMarkers({ devices, clustered, onSelect }: { devices: Device[]; clustered: boolean; onSelect: (id: string) => void }) {
  useDeviceMarkers(devices, clustered, onSelect);
  return null;
}
