import type { DeviceCommand } from '@loa/contract';

export type CommandVerdict = 'accept' | 'duplicate' | 'expired';

/**
 * Drops commands a device must not act on: an id already handled (remembered in a bounded,
 * least-recently-seen-first set) or a command received after its `expiresAt`.
 */
export class CommandFilter {
  private readonly seen = new Map<string, true>();

  constructor(private readonly capacity = 1000) {}

  /** Decides whether to act on a command, remembering its id when it is accepted or expired. */
  check(command: Pick<DeviceCommand, 'id' | 'expiresAt'>, now = Date.now()): CommandVerdict {
    if (this.seen.has(command.id)) {
      // Refresh its place so an id that keeps coming back is not forgotten.
      this.seen.delete(command.id);
      this.seen.set(command.id, true);
      return 'duplicate';
    }
    this.remember(command.id);
    return now > command.expiresAt ? 'expired' : 'accept';
  }

  /** Number of ids remembered. */
  get size(): number {
    return this.seen.size;
  }

  private remember(id: string): void {
    this.seen.set(id, true);
    if (this.seen.size > this.capacity) {
      const oldest = this.seen.keys().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }
}
