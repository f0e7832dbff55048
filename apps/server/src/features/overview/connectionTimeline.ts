/** A speaker's connection history over a window: its state before the window and its changes within it, in order. */
export interface Timeline {
  id: string;
  /** When the speaker was registered: before that it counts neither online nor offline. */
  since: number;
  initial: boolean;
  changes: { at: number; online: boolean }[];
}

/** Builds each speaker's timeline from selectConnectivity's rows (a speaker never connected is offline). */
export function timelines(
  devices: { id: string; created_at: Date }[],
  before: { id: string; online: boolean | null }[],
  changes: { device_id: string; at: Date; online: boolean }[],
): Timeline[] {
  const initial = new Map(before.map((b) => [b.id, b.online ?? false]));
  const byDevice = new Map<string, { at: number; online: boolean }[]>();
  for (const c of changes) byDevice.set(c.device_id, [...(byDevice.get(c.device_id) ?? []), { at: c.at.getTime(), online: c.online }]);
  return devices.map((d) => ({ id: d.id, since: d.created_at.getTime(), initial: initial.get(d.id) ?? false, changes: byDevice.get(d.id) ?? [] }));
}

function onlineAt(t: Timeline, at: number): boolean {
  let online = t.initial;
  for (const c of t.changes) {
    if (c.at > at) break;
    online = c.online;
  }
  return online;
}

/** Speakers online, of those registered, at `points` instants `stepMs` apart ending at `now`. */
export function onlineSeries(all: Timeline[], now: number, stepMs: number, points: number) {
  return Array.from({ length: points }, (_, i) => {
    const at = now - (points - 1 - i) * stepMs;
    const registered = all.filter((t) => t.since <= at);
    return { thoidiem: at, online: registered.filter((t) => onlineAt(t, at)).length, tong: registered.length };
  });
}

/** Seconds a speaker spent offline within [from, now] (from its registration when later). */
export function offlineSeconds(t: Timeline, from: number, now: number): number {
  let at = Math.max(from, t.since);
  let online = onlineAt(t, at);
  let offline = 0;
  for (const c of t.changes) {
    if (c.at <= at) continue;
    if (!online) offline += c.at - at;
    at = c.at;
    online = c.online;
  }
  if (!online && now > at) offline += now - at;
  return Math.round(offline / 1000);
}
