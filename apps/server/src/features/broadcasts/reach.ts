import { EVENTS, REACH_LIST_MAX, gapText, playReasonText, type LiveBroadcast, type LiveReach, type ReachDevice } from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import type { DeviceGateway } from '../../gateway/gateway';
import type { PlayoutEngine } from '../../playout/engine';

/** A running broadcast whose speakers are followed. */
interface Followed {
  id: string;
  createdBy: string;
  chosenAreas: string[];
  targetAreas: string[];
  targetDevices: string[];
  /** What was last sent to the consoles, to send only changes. */
  sent: string;
}

/**
 * The speakers' side of each running broadcast (issue #18 item 2), read beside the playout engine
 * without touching its arbitration: how many speakers it targets, how many are online, how many play
 * it now (the gateway knows from `started` events and state reports), and which failed or are offline.
 * Changes reach the consoles of the broadcast's areas and its creator as CAP-NHAT-PHAM-VI-PHAT,
 * at most once per `delayMs`.
 */
export class BroadcastReach {
  private readonly followed = new Map<string, Followed>();
  private readonly loading = new Map<string, Promise<Followed | null>>();
  /** Errors reported per running session: device id → the speaker's message. */
  private readonly failures = new Map<string, Map<string, string>>();
  /** Gaps reported per running session (a degraded link, issue #30): device id → seconds lost. */
  private readonly gaps = new Map<string, Map<string, number>>();
  private readonly names = new Map<string, { tenthietbi: string; tendiaban: string }>();
  private readonly unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db, private readonly gateway: DeviceGateway, private readonly engine: PlayoutEngine,
    private readonly bus: DomainBus, private readonly log: FastifyBaseLogger, private readonly delayMs = 300,
  ) {
    this.unsubscribe.push(
      bus.on('broadcast.changed', ({ event, payload }) => {
        if (event !== EVENTS.playState) return;
        const { trangthai, idlichphat } = payload as { trangthai: boolean; idlichphat: string };
        if (!trangthai) return this.forget(idlichphat);
        if (!this.followed.has(idlichphat)) void this.follow(idlichphat).then(() => this.schedule());
      }),
      bus.on('devices.changed', () => this.schedule()),
      bus.on('device.event', ({ deviceId, event }) => {
        if (event.sessionId && event.type === 'gap' && (this.followed.has(event.sessionId) || this.engine.liveOf(event.sessionId))) {
          const lost = this.gaps.get(event.sessionId) ?? new Map<string, number>();
          lost.set(deviceId, (lost.get(deviceId) ?? 0) + (event.gap ?? 0));
          this.gaps.set(event.sessionId, lost);
          return this.schedule();
        }
        if (!event.sessionId || (event.type !== 'error' && event.type !== 'started')) return;
        let failed = this.failures.get(event.sessionId);
        if (event.type === 'started') {
          if (failed?.delete(deviceId)) this.schedule();
          return;
        }
        if (!failed) {
          if (!this.followed.has(event.sessionId) && !this.engine.liveOf(event.sessionId)) return;
          failed = new Map();
          this.failures.set(event.sessionId, failed);
        }
        failed.set(deviceId, event.message ?? '');
        this.schedule();
      }),
    );
  }

  /** The entries with their reach now (lichphatdangphat, userdangphat, the answer to phatngay); never throws. */
  async attach(entries: LiveBroadcast[]): Promise<LiveBroadcast[]> {
    return Promise.all(entries.map(async (entry) => {
      try {
        const f = this.followed.get(entry.idlichphat) ?? (await this.follow(entry.idlichphat));
        return f ? { ...entry, phamvi: await this.compute(f) } : entry;
      } catch (error) {
        // The card shows the broadcast anyway; its reach follows by socket.
        this.log.warn({ err: error, broadcast: entry.idlichphat }, 'reach not computed');
        return entry;
      }
    }));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const off of this.unsubscribe) off();
    await this.flushing;
  }

  /** Starts following a running broadcast (its targets come from its stored row); null when it is not running. */
  private follow(id: string): Promise<Followed | null> {
    const pending = this.loading.get(id);
    if (pending) return pending;
    const load = this.db.query<{ created_by: string; chosen_areas: string[]; target_areas: string[]; target_devices: string[] }>(
      `SELECT created_by, chosen_areas, target_areas, target_devices FROM broadcasts WHERE id = $1 AND status IN ('playing', 'waiting')`, [id],
    ).then(([row]) => {
      // Ended while it was read: nothing to follow.
      if (!row || this.closed || !this.engine.liveOf(id)) return null;
      const f: Followed = { id, createdBy: row.created_by, chosenAreas: row.chosen_areas, targetAreas: row.target_areas, targetDevices: row.target_devices, sent: '' };
      this.followed.set(id, f);
      return f;
    }).catch((error: unknown) => {
      this.log.warn({ err: error, broadcast: id }, 'reach: broadcast not read');
      return null;
    }).finally(() => this.loading.delete(id));
    this.loading.set(id, load);
    return load;
  }

  private forget(id: string): void {
    this.followed.delete(id);
    this.failures.delete(id);
    this.gaps.delete(id);
  }

  private schedule(): void {
    if (this.timer || this.closed || this.followed.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flushing.then(() => this.flush()).catch((error: unknown) => this.log.error({ err: error }, 'reach update failed'));
    }, this.delayMs);
    this.timer.unref();
  }

  /** Sends the reach of every followed broadcast whose figures or lists changed. */
  private async flush(): Promise<void> {
    for (const f of [...this.followed.values()]) {
      const phamvi = await this.compute(f);
      const signature = JSON.stringify(phamvi);
      if (signature === f.sent || !this.followed.has(f.id)) continue;
      f.sent = signature;
      this.bus.emit('broadcast.changed', { areaIds: [...this.gateway.subtree(f.chosenAreas)], userId: f.createdBy, event: EVENTS.reach, payload: { idlichphat: f.id, phamvi } });
    }
  }

  /** The broadcast's targets now (a speaker added to a targeted area counts, as the engine sends it there too). */
  private async compute(f: Followed): Promise<LiveReach> {
    const targets = new Set([...f.targetDevices, ...this.gateway.devicesIn(this.gateway.subtree(f.targetAreas))]);
    const failures = this.failures.get(f.id);
    let online = 0;
    let playing = 0;
    const failed: string[] = [];
    const offline: string[] = [];
    for (const id of targets) {
      const presence = this.gateway.presence(id);
      if (!presence?.online) {
        offline.push(id);
        continue;
      }
      online += 1;
      if (presence.sessionId === f.id) playing += 1;
      else if (failures?.has(id)) failed.push(id);
    }
    const gaps = this.gaps.get(f.id);
    const degraded = [...(gaps?.keys() ?? [])].filter((id) => targets.has(id));
    const listedFailed = failed.slice(0, REACH_LIST_MAX);
    const listedOffline = offline.slice(0, REACH_LIST_MAX);
    const listedDegraded = degraded.slice(0, REACH_LIST_MAX);
    await this.loadNames([...listedFailed, ...listedOffline, ...listedDegraded]);
    const named = (id: string, lydo: string | null): ReachDevice => ({ _id: id, ...(this.names.get(id) ?? { tenthietbi: id, tendiaban: '' }), lydo });
    const byName = (a: ReachDevice, b: ReachDevice) => a.tendiaban.localeCompare(b.tendiaban, 'vi') || a.tenthietbi.localeCompare(b.tenthietbi, 'vi');
    return {
      sothietbi: targets.size,
      online,
      dangphat: playing,
      loi: listedFailed.map((id) => named(id, playReasonText('error', failures?.get(id) || null))).sort(byName),
      soloi: failed.length,
      matketnoi: listedOffline.map((id) => named(id, null)).sort(byName),
      somatketnoi: offline.length,
      chapchon: listedDegraded.map((id) => named(id, gapText(gaps?.get(id)))).sort(byName),
      sochapchon: degraded.length,
    };
  }

  /** Names of the speakers a card lists (cached: a card lists the same few again and again). */
  private async loadNames(ids: string[]): Promise<void> {
    const missing = ids.filter((id) => !this.names.has(id));
    if (missing.length === 0) return;
    if (this.names.size > 50_000) this.names.clear();
    const rows = await this.db.query<{ id: string; name: string; area: string }>(
      'SELECT d.id, d.name, a.ten AS area FROM devices d JOIN areas a ON a.id = d.area_id WHERE d.id = ANY($1)', [missing],
    );
    for (const r of rows) this.names.set(r.id, { tenthietbi: r.name, tendiaban: r.area });
  }
}
