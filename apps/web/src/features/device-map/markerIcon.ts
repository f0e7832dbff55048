import L from 'leaflet';
import type { Device } from '@loa/contract';
import { deviceStatus, STATUS_COLORS, type DeviceStatus } from '../devices/deviceStatus';

export const MARKER_SIZE = 18;

/** Fill colour of a device's marker: green online, blue playing, grey offline. */
export function markerColor(device: Pick<Device, 'trangthai'>): string {
  return STATUS_COLORS[deviceStatus(device.trangthai)];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The marker's inner HTML; its data attributes let end-to-end tests read the live status. */
export function markerHtml(device: Pick<Device, '_id' | 'tenthietbi' | 'trangthai'>): string {
  const status: DeviceStatus = deviceStatus(device.trangthai);
  return `<span data-testid="device-marker" data-device-id="${escapeHtml(device._id)}" data-status="${status}" `
    + `style="display:block;width:${MARKER_SIZE}px;height:${MARKER_SIZE}px;border-radius:50%;background:${markerColor(device)};`
    + `border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.45);box-sizing:border-box"></span>`;
}

/** A div icon: no image assets, so markers draw even with no network. */
export function markerIcon(device: Pick<Device, '_id' | 'tenthietbi' | 'trangthai'>): L.DivIcon {
  return L.divIcon({ html: markerHtml(device), className: 'loa-device-marker', iconSize: [MARKER_SIZE, MARKER_SIZE], iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2], popupAnchor: [0, -MARKER_SIZE / 2] });
}
