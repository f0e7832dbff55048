import { foldVietnamese, type Device } from '@loa/contract';
import { deviceStatus, type DeviceStatus } from './deviceStatus';

export interface DeviceFilter {
  /** Free text matched against name, serial, area, IP and firmware, ignoring case and accents. */
  query: string;
  /** Ids of the chosen area and its sub-areas; null for all. */
  areaIds: ReadonlySet<string> | null;
  /** 'online' includes playing devices, as the server's filter does. */
  status: DeviceStatus | 'all';
}

export type DeviceSortKey = 'tenthietbi' | 'diaban' | 'lancuoi';
export interface DeviceSort {
  key: DeviceSortKey;
  order: 'asc' | 'desc';
}

function matchesStatus(device: Device, status: DeviceFilter['status']): boolean {
  if (status === 'all') return true;
  const actual = deviceStatus(device.trangthai);
  return status === 'online' ? actual !== 'offline' : actual === status;
}

/** The devices that pass the search box, area and status filters. */
export function filterDevices(devices: readonly Device[], filter: DeviceFilter): Device[] {
  const needle = foldVietnamese(filter.query.trim());
  return devices.filter((device) => {
    if (filter.areaIds && !filter.areaIds.has(device.diaban._id)) return false;
    if (!matchesStatus(device, filter.status)) return false;
    if (!needle) return true;
    const { trangthai: live } = device;
    return foldVietnamese([device.tenthietbi, device.serial, device.diaban.tendiaban, live.ip ?? '', live.firmware ?? ''].join('\n')).includes(needle);
  });
}

const collator = new Intl.Collator('vi', { sensitivity: 'base', numeric: true });

/** A sorted copy; devices never heard from sort last whichever the order. */
export function sortDevices(devices: readonly Device[], sort: DeviceSort): Device[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  const byName = (a: Device, b: Device) => collator.compare(a.tenthietbi, b.tenthietbi);
  const compare = (a: Device, b: Device): number => {
    if (sort.key === 'tenthietbi') return sign * byName(a, b) || a._id.localeCompare(b._id);
    if (sort.key === 'diaban') return sign * collator.compare(a.diaban.tendiaban, b.diaban.tendiaban) || byName(a, b);
    const [x, y] = [a.trangthai.lancuoi, b.trangthai.lancuoi];
    if (x === y) return byName(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y);
  };
  return [...devices].sort(compare);
}
