/**
 * What decides whether a session reaches a device, in a form the audio check thread can hold
 * (features/media/mediaCheckMirror.ts) as well as the server's own thread (playout/speakers.ts).
 */

/** A registered device's proof key (the sha256 of its secret) and its area chain (its area and those above it; none while it waits to be assigned). */
export interface DeviceKey {
  hash: string;
  chain: string[];
}

/** Whom a session addresses: whole areas (and every area below them) and single devices. */
export interface SessionReach {
  areas: readonly string[];
  devices: readonly string[];
}

/**
 * Whether a session reaches a device: named by itself, or its area in one of the session's areas'
 * subtrees, that is one of its area chain's areas among them.
 */
export function reachesDevice(reach: SessionReach, deviceId: string, chain: Iterable<string> | undefined): boolean {
  if (reach.devices.includes(deviceId)) return true;
  if (!chain || reach.areas.length === 0) return false;
  for (const area of chain) if (reach.areas.includes(area)) return true;
  return false;
}
