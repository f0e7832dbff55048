/**
 * What decides whether a session reaches a device, in a form the audio check thread can hold
 * (features/media/mediaCheckMirror.ts) as well as the server's own thread (playout/speakers.ts).
 */

/** A registered device's proof key (the sha256 of its secret) and its area chain (its area and those above it; none while it waits to be assigned). */
export interface DeviceKey {
  hash: string;
  chain: string[];
}

/** Speakers chosen by id or by area (a session's: its whole areas, with every area below them, and its single devices). */
export interface SpeakerTarget {
  areaIds?: string[];
  deviceIds?: string[];
}

/**
 * Whether a session reaches a device: named by itself, or its area in one of the session's areas'
 * subtrees, that is one of its area chain's areas among them.
 */
export function reachesDevice(target: SpeakerTarget, deviceId: string, chain: Iterable<string> | undefined): boolean {
  if (target.deviceIds?.includes(deviceId)) return true;
  const areas = target.areaIds;
  if (!chain || !areas?.length) return false;
  for (const area of chain) if (areas.includes(area)) return true;
  return false;
}
