import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import * as q from './outbox.queries';
import { deviceStateOf } from './provinceReports';

const EVENTS = { started: 'batdau', finished: 'ketthuc', error: 'loi' } as const;
/** A device's time outside this range is not believed: the server's clock stands in. */
const plausible = (at: number, now: number) => (Number.isFinite(at) && Math.abs(at - now) < 366 * 24 * 3600 * 1000 ? at : now);

/**
 * Device status changes and play logs for the province, from the gateway's events on the bus.
 * They are gathered and written to the outbox twice a second in one statement each. Only the
 * instance that leads (the scheduler's leader) writes them, since with an external broker every
 * instance hears every speaker; a play log entry's id is made from the speaker's own report, so the
 * same entry written twice (while leadership moves) is kept once.
 */
export class DeviceReports {
  /** What was last reported of each device (status, volume, bulletin): only a change is sent. */
  private readonly reported = new Map<string, string>();
  private statuses: q.StatusReport[] = [];
  private plays: q.PlayReport[] = [];
  private readonly offs: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Db, private readonly bus: DomainBus, private readonly leads: () => boolean, private readonly log: FastifyBaseLogger, private readonly flushMs = 500) {}

  start(): void {
    this.offs.push(this.bus.on('devices.changed', ({ byArea }) => {
      if (!this.leads()) return;
      const now = Date.now();
      for (const list of byArea.values()) {
        for (const { _id: id, trangthai: live } of list) {
          const state = deviceStateOf(live);
          const sessionId = live.online ? live.dangphat?.sessionId ?? null : null;
          const signature = `${state}|${live.amluong ?? ''}|${sessionId ?? ''}`;
          if (this.reported.get(id) === signature) continue;
          this.reported.set(id, signature);
          this.statuses.push({ messageId: crypto.randomUUID(), deviceId: id, state, volume: live.amluong, sessionId, at: now });
        }
      }
    }));
    this.offs.push(this.bus.on('device.event', ({ deviceId, event }) => {
      // Acks, update reports (issue #31) and gaps (a stream that dropped and resumed: the speaker's own business) are no play reports.
      if (event.type === 'ack' || event.type === 'update' || event.type === 'gap' || !this.leads()) return;
      const at = plausible(event.at, Date.now());
      this.plays.push({
        messageId: `nk:${deviceId}:${event.sessionId ?? '-'}:${event.itemIndex ?? '-'}:${event.type}:${at}`,
        deviceId, event: EVENTS[event.type], sessionId: event.sessionId ?? null, itemIndex: event.itemIndex ?? null, at, error: event.message ?? null,
      });
    }));
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Writes what was gathered; one write at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const statuses = this.statuses.splice(0, 1000);
      const plays = this.plays.splice(0, 1000);
      try {
        await q.insertStatusReports(this.db, statuses);
        await q.insertPlayReports(this.db, plays);
      } catch (error) {
        this.log.warn({ err: error }, 'province device reports not written');
      }
    });
    return this.flushing;
  }

  /** Forgets a deleted device (its next appearance is reported afresh). */
  forget(deviceId: string): void {
    this.reported.delete(deviceId);
  }

  async stop(): Promise<void> {
    for (const off of this.offs.splice(0)) off();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    do await this.flush();
    while (this.statuses.length > 0 || this.plays.length > 0);
  }
}
