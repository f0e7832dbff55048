/** Whom a session was sent to: whole areas (a device of the area or below it) and single devices. */
export interface SessionTargets { areaIds: Set<string>; deviceIds: Set<string> }

/** Sessions remembered (those sent here, and those read from the database); the oldest go first. */
const KEEP = 5_000;

/**
 * The play sessions sent to devices, so that a device's play report is believed only for a session
 * it was sent (issue #27: a speaker reporting `started` for anything could put any session in the
 * console and in the history). Sessions this instance did not send (another instance sent them, or
 * this one restarted since) are read from the database: a session's addressees are its broadcast's.
 */
export class SentSessions {
  private readonly sessions = new Map<string, SessionTargets | null>();

  constructor(private readonly read: (sessionId: string) => Promise<{ areaIds: string[]; deviceIds: string[] } | null>) {}

  /** A play command went out to these areas and devices. */
  sent(sessionId: string, target: { areaIds?: string[]; deviceIds?: string[] }): void {
    const known = this.sessions.get(sessionId) ?? { areaIds: new Set<string>(), deviceIds: new Set<string>() };
    for (const a of target.areaIds ?? []) known.areaIds.add(a);
    for (const d of target.deviceIds ?? []) known.deviceIds.add(d);
    this.keep(sessionId, known);
  }

  /**
   * Whether the session was sent to the device (`areaChain`: its area and the areas above it, whose
   * commands it hears). Answers at once when the session is remembered, else after reading it.
   */
  allows(sessionId: string, deviceId: string, areaChain: ReadonlySet<string>): boolean | Promise<boolean> {
    const check = (t: SessionTargets | null) => !!t && (t.deviceIds.has(deviceId) || [...areaChain].some((a) => t.areaIds.has(a)));
    const known = this.sessions.get(sessionId);
    if (known !== undefined && (known === null || check(known))) return check(known);
    // Not remembered, or remembered without this device (sent to it through another instance).
    return this.read(sessionId).then((row) => {
      const targets = row ? { areaIds: new Set(row.areaIds), deviceIds: new Set(row.deviceIds) } : null;
      const merged = known && targets ? { areaIds: new Set([...known.areaIds, ...targets.areaIds]), deviceIds: new Set([...known.deviceIds, ...targets.deviceIds]) } : known ?? targets;
      this.keep(sessionId, merged);
      return check(merged);
    });
  }

  private keep(sessionId: string, targets: SessionTargets | null): void {
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, targets);
    if (this.sessions.size > KEEP) this.sessions.delete(this.sessions.keys().next().value!);
  }
}

/** The last `size` keys seen (oldest forgotten first): `seen()` answers whether a key came before, and remembers it. */
export class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly size: number) {}

  seen(key: string): boolean {
    if (this.keys.has(key)) return true;
    this.keys.add(key);
    if (this.keys.size > this.size) this.keys.delete(this.keys.values().next().value!);
    return false;
  }
}
