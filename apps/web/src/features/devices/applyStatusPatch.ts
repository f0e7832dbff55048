import type { Device, DeviceStatusEvent } from '@loa/contract';

/**
 * Applies a batched status event to the device list. Returns the same array when no row changed,
 * so a batch for devices outside the list costs no render.
 */
export function applyStatusPatch(devices: Device[], patch: DeviceStatusEvent): Device[] {
  if (patch.length === 0) return devices;
  const byId = new Map(patch.map((entry) => [entry._id, entry.trangthai]));
  let changed = false;
  const next = devices.map((device) => {
    const trangthai = byId.get(device._id);
    if (!trangthai) return device;
    changed = true;
    return { ...device, trangthai };
  });
  return changed ? next : devices;
}
