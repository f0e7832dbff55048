import { EMERGENCY_PRIORITY } from '@loa/contract';
import { DeviceGateway } from '../gateway/gateway';
import type * as q from '../features/broadcasts/broadcasts.queries';
import { reachesDevice, type SpeakerTarget } from '../gateway/deviceReach';

export type { SpeakerTarget };

/** Every device a session addresses: its single devices and those of its whole areas. */
export function devicesOf(gateway: DeviceGateway, row: q.BroadcastRow): Set<string> {
  return new Set([...row.target_devices, ...gateway.devicesIn(gateway.subtree(row.target_areas))]);
}

/** Whether a session addresses a device (without listing all its devices). */
export function reaches(gateway: DeviceGateway, row: q.BroadcastRow, deviceId: string): boolean {
  return reachesDevice(targetOf(row), deviceId, gateway.areaChain(deviceId));
}

/** All of a session's speakers, as its own commands address them. */
export const targetOf = (row: q.BroadcastRow): SpeakerTarget => ({ areaIds: row.target_areas, deviceIds: row.target_devices });

/**
 * Sends a run's play command. It carries the run's start instant, so a speaker that receives it
 * late (a resume, a rejoin) seeks in to where everyone else is. `takeover`: it replaces a session of
 * the same priority on the speaker (the server decided who holds it).
 */
export async function sendPlay(gateway: DeviceGateway, row: q.BroadcastRow, runStart: number, target: SpeakerTarget, takeover = false): Promise<void> {
  // Only an emergency plays in quiet hours: otherwise devices inside them are left out.
  if (row.priority < EMERGENCY_PRIORITY) {
    const all = [...(target.deviceIds ?? []), ...gateway.devicesIn(gateway.subtree(target.areaIds ?? []))];
    const quiet = all.filter((id) => gateway.inQuietHours(id));
    if (quiet.length > 0) target = { deviceIds: all.filter((id) => !quiet.includes(id)) };
  }
  await gateway.command(target, {
    ...DeviceGateway.envelope(), expiresAt: runStart + row.total_seconds * 1000, type: 'play', sessionId: row.id, priority: row.priority,
    title: row.title, items: row.items, startAt: runStart, ...(takeover ? { takeover: true } : {}),
  });
}

/** Stops a session on all its speakers. */
export async function sendStop(gateway: DeviceGateway, row: q.BroadcastRow): Promise<void> {
  await gateway.command(targetOf(row), { ...DeviceGateway.envelope(), type: 'stop', sessionId: row.id });
}

/** A session's speakers as they stand now: each one's area and whether it is online (the as-run record keeps it). */
export function targetsNow(gateway: DeviceGateway, row: q.BroadcastRow): { deviceId: string; areaId: string; online: boolean }[] {
  return [...devicesOf(gateway, row)].flatMap((deviceId) => {
    const areaId = gateway.areaOf(deviceId);
    return areaId === undefined ? [] : [{ deviceId, areaId, online: gateway.presence(deviceId)?.online ?? false }];
  });
}
