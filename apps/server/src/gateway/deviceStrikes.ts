/**
 * How the gateway treats a device that sends what the contract refuses (docs/device-protocol.md
 * "What the server refuses"). Every refused message is dropped and counted; a device that keeps
 * sending them is cut off for a while.
 */
export const STRIKES = {
  /**
   * Refused messages within `windowMs` that cut a device off. A speaker whose every report were
   * refused (a firmware bug) at the shortest report interval (5 s) plus its play events stays well
   * below 30 a minute; a device sending four a second (the attack of issue #27) reaches it in 8 s.
   */
  limit: 30,
  windowMs: 60_000,
  /** How long a cut-off device is refused when it connects again (and its messages ignored). */
  banMs: 10 * 60_000,
  /** One system-log entry per device per this long for refused messages (the rest are counted). */
  logEveryMs: 10 * 60_000,
  /** One console notification per device per this long for being cut off. */
  notifyEveryMs: 60 * 60_000,
} as const;

export interface Strike {
  /** Write a system-log entry for this one (the first of the device's for a while). */
  record: boolean;
  /** The device reached the limit: cut it off now. */
  ban: boolean;
}

/** Refused messages per device, and the devices cut off for it. One entry per registered device at most. */
export class DeviceStrikes {
  /** Since start: messages refused, rows the database refused alone, devices cut off. */
  readonly counts = { refused: 0, unwritten: 0, cutOff: 0 };
  private readonly recent = new Map<string, number[]>();
  private readonly loggedAt = new Map<string, number>();
  private readonly notifiedAt = new Map<string, number>();
  private readonly bannedUntil = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one refused message of a device. */
  strike(deviceId: string): Strike {
    const now = this.now();
    this.counts.refused += 1;
    const record = now - (this.loggedAt.get(deviceId) ?? -Infinity) >= STRIKES.logEveryMs;
    if (record) this.loggedAt.set(deviceId, now);
    const times = (this.recent.get(deviceId) ?? []).filter((t) => now - t < STRIKES.windowMs);
    times.push(now);
    if (times.length < STRIKES.limit) {
      this.recent.set(deviceId, times);
      return { record, ban: false };
    }
    this.recent.delete(deviceId);
    this.bannedUntil.set(deviceId, now + STRIKES.banMs);
    this.counts.cutOff += 1;
    return { record, ban: true };
  }

  /** Whether the device is cut off now. */
  banned(deviceId: string): boolean {
    const until = this.bannedUntil.get(deviceId);
    if (until === undefined) return false;
    if (this.now() < until) return true;
    this.bannedUntil.delete(deviceId);
    return false;
  }

  /** Whether to notify the console of this cut-off (not more than once an hour per device). */
  shouldNotify(deviceId: string): boolean {
    const now = this.now();
    if (now - (this.notifiedAt.get(deviceId) ?? -Infinity) < STRIKES.notifyEveryMs) return false;
    this.notifiedAt.set(deviceId, now);
    return true;
  }

  /** A deleted device: nothing of it is kept. */
  forget(deviceId: string): void {
    for (const m of [this.recent, this.loggedAt, this.notifiedAt, this.bannedUntil]) m.delete(deviceId);
  }
}
