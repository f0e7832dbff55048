/** Vietnam's time zones, under either name. */
const VIETNAM_ZONES = new Set(['Asia/Ho_Chi_Minh', 'Asia/Saigon']);

/**
 * A login's place as an officer recognises it: Vietnam for Vietnam's time zone, the zone's city
 * otherwise ('Asia/Tokyo': Tokyo), unknown when the browser did not tell (never a raw 'Asia/Saigon').
 */
export function placeLabel(place: string): { kind: 'vietnam' | 'unknown' } | { kind: 'zone'; city: string } {
  if (VIETNAM_ZONES.has(place)) return { kind: 'vietnam' };
  const city = /^[A-Za-z]+\/([A-Za-z_/-]+)$/.exec(place)?.[1]?.split('/').pop()?.replace(/_/g, ' ');
  return city ? { kind: 'zone', city } : { kind: 'unknown' };
}

/** What the login sends as DiaDiem: the browser's time zone, or 'Không xác định' when unknown. */
export function clientPlace(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Không xác định';
  } catch {
    return 'Không xác định';
  }
}
