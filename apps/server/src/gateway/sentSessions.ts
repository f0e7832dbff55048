/** Whom a session was sent to: whole areas (a device of the area or below it) and single devices. */
export interface SessionTargets { areaIds: Set<string>; deviceIds: Set<string> }

/** Sessions remembered (those sent here, and those read from the database); the oldest go first. */
const KEEP = 5_000;

/**
 * A session not in the database yet is looked for again after these waits (ms): its first play goes
 * out before its row is stored, so another instance hears the speakers' first reports a moment before
 * it can read it (seen at 10,000 speakers on two servers: every report refused there).
 */
export const LOOKUP_RETRIES_MS = [500, 1_500];
/** A session still not found after those is refused without reading again for this long (ms). */
export const MISS_KEEP_MS = 10_000;

/**
 * The play sessions sent to devices, so that a device's play report is believed only for a session
 * it was sent (issue #27: a speaker reporting `started` for anything could put any session in the
 * console and in the history). Sessions this instance did not send (another instance sent them, or
 * this one restarted since) are read from the database: a session's addressees are its broadcast's.
 * The reports of a district's speakers about one such session wait for one reading of it.
 */
export class SentSessions {
  private readonly sessions = new Map<string, SessionTargets>();
  /** Readings under way, by session: every report waiting on one shares it. */
  private readonly lookups = new Map<string, Promise<SessionTargets | null>>();
  /** Sessions not found, and when that was last concluded. */
  private readonly misses = new Map<string, number>();

  constructor(
    private readonly read: (sessionId: string) => Promise<{ areaIds: string[]; deviceIds: string[] } | null>,
    private readonly timing: { retriesMs?: readonly number[]; missKeepMs?: number; now?: () => number } = {},
  ) {}

  /** A play command went out to these areas and devices. */
  sent(sessionId: string, target: { areaIds?: string[]; deviceIds?: string[] }): void {
    const known = this.sessions.get(sessionId) ?? { areaIds: new Set<string>(), deviceIds: new Set<string>() };
    for (const a of target.areaIds ?? []) known.areaIds.add(a);
    for (const d of target.deviceIds ?? []) known.deviceIds.add(d);
    this.misses.delete(sessionId);
    this.keep(sessionId, known);
  }

  /**
   * Whether the session was sent to the device (`areaChain`: its area and the areas above it, whose
   * commands it hears). Answers at once when the session is remembered with the device (or was
   * looked for in vain a moment ago), else after reading it.
   */
  allows(sessionId: string, deviceId: string, areaChain: ReadonlySet<string>): boolean | Promise<boolean> {
    const check = (t: SessionTargets | null) => !!t && (t.deviceIds.has(deviceId) || [...areaChain].some((a) => t.areaIds.has(a)));
    const known = this.sessions.get(sessionId);
    if (known && check(known)) return true;
    const missedAt = this.misses.get(sessionId);
    if (!known && missedAt !== undefined && this.now() - missedAt < (this.timing.missKeepMs ?? MISS_KEEP_MS)) return false;
    // Not remembered, or remembered without this device (sent to it through another instance).
    return this.lookup(sessionId).then(check);
  }

  private now(): number {
    return (this.timing.now ?? Date.now)();
  }

  /** Reads the session once for every report waiting on it. */
  private lookup(sessionId: string): Promise<SessionTargets | null> {
    let pending = this.lookups.get(sessionId);
    if (!pending) {
      pending = this.readPatiently(sessionId).finally(() => this.lookups.delete(sessionId));
      this.lookups.set(sessionId, pending);
    }
    return pending;
  }

  /** Reads the session; when it is not stored yet, again after each of the waits; merged with what was sent from here. */
  private async readPatiently(sessionId: string): Promise<SessionTargets | null> {
    const retries = this.timing.retriesMs ?? LOOKUP_RETRIES_MS;
    for (let attempt = 0; ; attempt += 1) {
      const row = await this.read(sessionId);
      const known = this.sessions.get(sessionId);
      if (row) {
        const merged = { areaIds: new Set([...(known?.areaIds ?? []), ...row.areaIds]), deviceIds: new Set([...(known?.deviceIds ?? []), ...row.deviceIds]) };
        this.misses.delete(sessionId);
        this.keep(sessionId, merged);
        return merged;
      }
      if (attempt >= retries.length) {
        if (!known) {
          this.misses.delete(sessionId);
          this.misses.set(sessionId, this.now());
          if (this.misses.size > KEEP) this.misses.delete(this.misses.keys().next().value!);
        }
        return known ?? null;
      }
      await new Promise((resolve) => setTimeout(resolve, retries[attempt]).unref());
    }
  }

  private keep(sessionId: string, targets: SessionTargets): void {
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, targets);
    if (this.sessions.size > KEEP) this.sessions.delete(this.sessions.keys().next().value!);
  }
}

/**
 * The last `size` keys seen (oldest forgotten first): `seen()` answers whether a key came before, and
 * remembers it. The oldest is found in a ring, not as the Set's first entry: a Set that drops its
 * first entry on every add keeps the dropped ones as holes its iterator walks past until it is
 * rebuilt, so that lookup grew with the size (15–45 µs a key at 20,000 here, on every play report of
 * a district's speakers: issue #29); the ring's is constant.
 */
export class RecentKeys {
  private readonly keys = new Set<string>();
  private readonly ring: (string | undefined)[];
  private next = 0;

  constructor(private readonly size: number) {
    this.ring = new Array<string | undefined>(size);
  }

  seen(key: string): boolean {
    if (this.keys.has(key)) return true;
    const oldest = this.ring[this.next];
    if (oldest !== undefined) this.keys.delete(oldest);
    this.ring[this.next] = key;
    this.next = (this.next + 1) % this.size;
    this.keys.add(key);
    return false;
  }
}
