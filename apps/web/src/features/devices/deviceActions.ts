import type { Device } from '@loa/contract';

/** Something the user asked to do with a device (or to add one). */
export type DeviceAction =
  | { kind: 'add' }
  | { kind: 'detail' | 'edit' | 'volume' | 'reboot' | 'reset' | 'delete' | 'connections' | 'plays'; device: Device };

export type DeviceActionKind = DeviceAction['kind'];

/** Row actions that change a device and need the 'quanlythietbi' right. */
export const MANAGING_ACTIONS: ReadonlySet<DeviceActionKind> = new Set(['add', 'edit', 'volume', 'reboot', 'reset', 'delete']);
