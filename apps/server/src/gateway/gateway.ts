import crypto from 'node:crypto';
import {
  CLOCK_SYNC, clockRequestSchema, deviceEventSchema, deviceStateSchema, parseDeviceTopic, topics,
  type DeviceCommand, type DeviceLive,
} from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerTransport, DeviceAuthority } from '../infra/broker';
import type { DeviceAccess, DeviceAccounts } from '../infra/mosquittoDynsec';
import { DeviceRateLimit } from '../infra/mqttLimits';
import type { Db } from '../infra/db';
import type { DomainBus } from '../infra/events';
import { constantTimeEqual, sha256 } from '../features/auth/tokens';
import { listAllAreas, type AreaRow } from '../features/areas/areas.queries';
import { effectiveConfig, withinQuietHours, type StoredConfig } from './deviceConfig';
import * as q from './gateway.queries';
import { applyState, toDeviceLive, type LiveEntry } from './liveStore';

interface Registered {
  hash: string;
  adminId: string;
  areaId: string;
  /** The device's area and its ancestors: the area command topics it may subscribe to. */
  areaChain: Set<string>;
  config: StoredConfig;
  live: LiveEntry;
  /** Whether the device reported its state since it last connected (it does so once subscribed). */
  reported: boolean;
}

/**
 * Rows per statement when live state and history are written. The embedded database runs on the
 * event loop: a 1,000-row statement held it for tens of milliseconds during a connect storm, so
 * each flush writes small statements and lets I/O through between them.
 */
const FLUSH_BATCH = 250;
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The device registry, with an index of devices by area that any change drops and the next lookup rebuilds. */
class Registry extends Map<string, Registered> {
  private index: Map<string, string[]> | null = null;

  override set(id: string, device: Registered): this {
    this.index = null;
    return super.set(id, device);
  }

  override delete(id: string): boolean {
    this.index = null;
    return super.delete(id);
  }

  inArea(areaId: string): readonly string[] {
    if (!this.index) {
      this.index = new Map();
      for (const [id, d] of this) {
        const list = this.index.get(d.areaId);
        if (list) list.push(id);
        else this.index.set(d.areaId, [id]);
      }
    }
    return this.index.get(areaId) ?? [];
  }
}

export interface GatewayOptions {
  /** A device heard from within this many seconds is online (default 60). */
  silenceSeconds: number;
  /**
   * How often the whole device list is read again, seconds: devices moved or deleted through
   * another server instance (default 60). A device added there is read when it is first heard from.
   */
  reloadSeconds?: number;
  /** How often live state is written to the database, ms. */
  flushMs?: number;
  /** How often status changes are pushed to consoles, ms. */
  pushMs?: number;
}

/**
 * The device side of the server: authenticates speakers, enforces their topic ACL, keeps their
 * live state, records connection and play history, and sends them commands.
 */
export class DeviceGateway implements DeviceAuthority {
  private transport: BrokerTransport | null = null;
  /** Device accounts on an external broker that Loa keeps (MQTT_DYNSEC), else null. */
  private accounts: DeviceAccounts | null = null;
  private readonly devices = new Registry();
  private areas = new Map<string, AreaRow>();
  private readonly dirty = new Set<string>();
  private readonly changed = new Set<string>();
  private connections: q.ConnectionRecord[] = [];
  private plays: q.PlayRecord[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private readonly clockRate = new DeviceRateLimit(CLOCK_SYNC.serverPerMinute);
  /** Clock requests answered and ignored since start (the health call shows them). */
  readonly clockCounts = { answered: 0, ignored: 0 };
  private clockAnswers: { deviceId: string; n: number; t1: number; t2: number }[] = [];
  /** Devices heard from but not in the registry (added through another instance), being read, with what they sent meanwhile. */
  private readonly learning = new Map<string, { topic: string; payload: Buffer; receivedAt: number }[]>();
  /** Ids read and not found, and when: not asked of the database again for a while. */
  private readonly unknown = new Map<string, number>();
  /**
   * Devices deleted through this instance: never read back into the registry from a reading that
   * began before the deletion was committed (its last will arrives as the device is cut off).
   */
  private readonly forgotten = new Set<string>();
  /**
   * Changes made through this instance while a device reading is in flight (`readings`): a device
   * changed here after a reading began keeps what the change made, not what the reading brings.
   */
  private changes = 0;
  private readonly changedAt = new Map<string, number>();
  private readings = 0;

  constructor(private readonly db: Db, private readonly bus: DomainBus, private readonly log: FastifyBaseLogger, private readonly opts: GatewayOptions) {}

  /** Loads the registry from the database and starts the background loops. */
  async load(): Promise<void> {
    await this.reloadAreas();
    for (const row of await q.loadGatewayDevices(this.db)) this.remember(row);
    this.timers.push(setInterval(() => this.sweepSilent(), 2000));
    this.timers.push(setInterval(() => void this.flush(), this.opts.flushMs ?? 250));
    // Areas renamed or moved on another server instance reach this one within a minute, devices moved or deleted there too.
    this.timers.push(setInterval(() => void this.reloadAreas().catch((error: unknown) => this.log.warn({ err: error }, 'area reload failed')), 60_000));
    this.timers.push(setInterval(() => void this.reloadDevices().catch((error: unknown) => this.log.warn({ err: error }, 'device reload failed')), (this.opts.reloadSeconds ?? 60) * 1000));
    this.timers.push(setInterval(() => this.pushChanges(), this.opts.pushMs ?? 250));
    for (const t of this.timers) t.unref();
  }

  /** Connects the gateway to a broker and (re)publishes every device's retained configuration. */
  async attach(transport: BrokerTransport): Promise<void> {
    this.transport = transport;
    transport.onDeviceMessage((topic, payload, receivedAt) => this.onMessage(topic, payload, receivedAt));
    transport.onPresence((id, online, ip) => this.onPresence(id, online, ip));
    this.accounts = transport.accounts;
    await this.accounts?.sync([...this.devices].map(([id, d]) => this.access(id, d.areaId)), async () => new Set(await q.listDeviceIds(this.db)));
    const ids = [...this.devices.keys()];
    for (let i = 0; i < ids.length; i += 500) await Promise.all(ids.slice(i, i + 500).map((id) => this.publishConfig(id)));
  }

  async reloadAreas(): Promise<void> {
    this.areas = new Map((await listAllAreas(this.db)).map((a) => [a.id, a]));
    for (const d of this.devices.values()) d.areaChain = new Set(this.chain(d.areaId).map((a) => a.id));
    await this.accounts?.areasChanged((areaId) => this.chain(areaId).map((a) => a.id));
  }

  /**
   * Reads the whole device list again: what another server instance changed (a device moved to
   * another commune, a new secret, one deleted) reaches this one's registry; live state is kept.
   */
  async reloadDevices(): Promise<void> {
    await this.reading(async (changedSince) => {
      const rows = await q.loadGatewayDevices(this.db);
      const present = new Set<string>();
      for (const row of rows) {
        present.add(row.id);
        if (this.forgotten.has(row.id)) continue;
        if (!this.areas.has(row.area_id)) await this.reloadAreas();
        // Added, changed or deleted here while the list was read: the change is newer than the row.
        if (!changedSince(row.id)) this.remember(row);
      }
      for (const id of [...this.devices.keys()]) if (!present.has(id) && !changedSince(id)) this.devices.delete(id);
      for (const id of this.forgotten) if (!present.has(id)) this.forgotten.delete(id);
    });
  }

  /**
   * Runs a reading of devices from the database and what it does with them; `changedSince(id)` says
   * whether that device was changed through this instance after the reading began.
   */
  private async reading<T>(work: (changedSince: (id: string) => boolean) => Promise<T>): Promise<T> {
    const mark = this.changes;
    this.readings++;
    try {
      return await work((id) => (this.changedAt.get(id) ?? 0) > mark);
    } finally {
      // With no reading in flight no mark is older than any change: nothing needs remembering.
      if (--this.readings === 0) this.changedAt.clear();
    }
  }

  /** A device added, changed or deleted through this instance (see `reading`). */
  private changedHere(id: string): void {
    this.changes++;
    if (this.readings > 0) this.changedAt.set(id, this.changes);
  }

  /**
   * A device heard from that this instance does not know: added through another server instance
   * (on a shared external broker every instance hears every device). It is read from the database,
   * and what it sent meanwhile is handled then; an id that is not there is not asked again for a minute.
   */
  private learn(deviceId: string, message: { topic: string; payload: Buffer; receivedAt: number }): void {
    const waiting = this.learning.get(deviceId);
    if (waiting) return void (waiting.length < 20 && waiting.push(message));
    if (this.forgotten.has(deviceId) || Date.now() - (this.unknown.get(deviceId) ?? -Infinity) < 60_000) return;
    this.learning.set(deviceId, [message]);
    void this.reading(async (changedSince) => {
      const [row] = await q.loadGatewayDevices(this.db, deviceId);
      if (!row) return void this.unknown.set(deviceId, Date.now());
      if (!this.areas.has(row.area_id)) await this.reloadAreas();
      if (!this.devices.has(deviceId) && !this.forgotten.has(deviceId) && !changedSince(deviceId)) this.remember(row);
    })
      .catch((error: unknown) => this.log.warn({ err: error, deviceId }, 'device heard from could not be read'))
      .finally(() => {
        const messages = this.learning.get(deviceId) ?? [];
        this.learning.delete(deviceId);
        if (this.devices.has(deviceId)) for (const m of messages) this.onMessage(m.topic, m.payload, m.receivedAt);
      });
  }

  private access(id: string, areaId: string): DeviceAccess {
    return { id, areaId, chain: this.chain(areaId).map((a) => a.id) };
  }

  /** The area and its ancestors, root first. */
  private chain(areaId: string): AreaRow[] {
    const out: AreaRow[] = [];
    for (let a = this.areas.get(areaId); a && out.length < 10; a = a.parent_id ? this.areas.get(a.parent_id) : undefined) out.unshift(a);
    return out;
  }

  private remember(row: q.GatewayDeviceRow): void {
    const previous = this.devices.get(row.id);
    this.devices.set(row.id, {
      hash: row.secret_hash, adminId: row.admin_id, areaId: row.area_id, config: row.config as StoredConfig,
      areaChain: new Set(this.chain(row.area_id).map((a) => a.id)),
      reported: previous?.reported ?? false,
      live: previous?.live ?? {
        online: row.online, volume: row.volume, playing: row.playing, signal: row.signal, firmware: row.firmware, ip: row.ip,
        lastSeen: row.last_seen ? row.last_seen.getTime() : null, clock: row.clock,
      },
    });
  }

  /**
   * Re-reads one device after it was added or changed, and republishes its configuration. With
   * `secret` (a new device, a reset), its broker account is (re)made with it where Loa keeps them;
   * when that fails the registry is left as it was and the error is thrown.
   */
  async refreshDevice(id: string, opts: { secret?: string } = {}): Promise<void> {
    this.changedHere(id);
    const [row] = await q.loadGatewayDevices(this.db, id);
    if (!row) return void (await this.forget(id));
    this.forgotten.delete(id);
    // The area may be new to this process (created by another server instance, or just now).
    if (!this.areas.has(row.area_id)) await this.reloadAreas();
    const previous = this.devices.get(id);
    this.remember(row);
    if (this.accounts && (opts.secret || (previous && previous.areaId !== row.area_id))) {
      try {
        if (opts.secret) await this.accounts.provision(this.access(id, row.area_id), opts.secret);
        else await this.accounts.move(this.access(id, row.area_id));
      } catch (error) {
        this.log.error({ err: error, deviceId: id }, 'mosquitto: device account not updated');
        if (previous) this.devices.set(id, previous);
        else this.devices.delete(id);
        throw error;
      }
    }
    await this.publishConfig(id);
  }

  /** A deleted device: its account (where Loa keeps them) goes first, then its session and retained messages. */
  async forget(id: string): Promise<void> {
    await this.accounts?.remove(id);
    this.changedHere(id);
    this.forgotten.add(id);
    this.devices.delete(id);
    if (!this.transport) return;
    this.transport.disconnect(id);
    await Promise.all([topics.config(id), topics.state(id)].map((topic) => this.transport!.clearRetained(topic)
      .catch((error: unknown) => this.log.warn({ err: error, topic }, 'could not clear retained message'))));
  }

  /** After a secret reset: the old secret stops working and the old session is cut. */
  async secretChanged(id: string, secret?: string): Promise<void> {
    await this.refreshDevice(id, { secret });
    this.transport?.disconnect(id);
  }

  async publishConfig(id: string): Promise<void> {
    const d = this.devices.get(id);
    if (!d || !this.transport) return;
    const chain = this.chain(d.areaId).map((a) => ({ id: a.id, config: a.config as StoredConfig }));
    await this.transport.publish(topics.config(id), effectiveConfig(chain, d.config), { retain: true });
  }

  /** Whether it is now within the device's quiet hours (local time, Asia/Ho_Chi_Minh). */
  inQuietHours(id: string, now = Date.now()): boolean {
    const d = this.devices.get(id);
    if (!d) return false;
    const chain = this.chain(d.areaId).map((a) => ({ id: a.id, config: a.config as StoredConfig }));
    const quiet = effectiveConfig(chain, d.config).quietHours;
    return quiet !== null && withinQuietHours(quiet, now);
  }

  // DeviceAuthority
  verify(deviceId: string, secret: string): boolean {
    const d = this.devices.get(deviceId);
    return !!d && constantTimeEqual(d.hash, sha256(secret));
  }

  maySubscribe(deviceId: string, topic: string): boolean {
    if (topic === topics.deviceCmd(deviceId) || topic === topics.config(deviceId) || topic === topics.time(deviceId)) return true;
    const m = /^pa\/v1\/area\/([^/+#]+)\/cmd$/.exec(topic);
    return !!m && !!this.devices.get(deviceId)?.areaChain.has(m[1]);
  }

  /** The given areas and every area below them. */
  subtree(areaIds: Iterable<string>): Set<string> {
    const result = new Set(areaIds);
    for (let grew = true; grew;) {
      grew = false;
      for (const a of this.areas.values()) {
        if (a.parent_id && result.has(a.parent_id) && !result.has(a.id)) {
          result.add(a.id);
          grew = true;
        }
      }
    }
    return result;
  }

  /** Ids of the registered devices whose area is in the set. */
  devicesIn(areaIds: Set<string>): string[] {
    return [...areaIds].flatMap((a) => this.devices.inArea(a));
  }

  /** An area's name, as the live panel shows it. */
  areaName(areaId: string): string {
    return this.areas.get(areaId)?.ten ?? '';
  }

  /** The area of a registered device. */
  areaOf(deviceId: string): string | undefined {
    return this.devices.get(deviceId)?.areaId;
  }

  /** A device's live state as the console shows it. */
  liveOf(id: string): DeviceLive | null {
    const d = this.devices.get(id);
    return d ? toDeviceLive(d.live) : null;
  }

  /** Whether a registered device is online and which session it plays (a broadcast's reach reads it). */
  presence(id: string): { online: boolean; sessionId: string | null } | null {
    const d = this.devices.get(id);
    return d ? { online: d.live.online, sessionId: d.live.online ? d.live.playing?.sessionId ?? null : null } : null;
  }

  /** Ids of the devices currently online, with their admin and area (for counts and fan-out). */
  snapshot(): { id: string; adminId: string; areaId: string; online: boolean; playing: boolean }[] {
    return [...this.devices].map(([id, d]) => ({ id, adminId: d.adminId, areaId: d.areaId, online: d.live.online, playing: d.live.online && !!d.live.playing }));
  }

  /** Sends a command to devices one by one, or to whole areas with one publish each. */
  async command(target: { deviceIds?: string[]; areaIds?: string[] }, cmd: DeviceCommand): Promise<void> {
    if (!this.transport) throw new Error('gateway not attached');
    const publishes = [
      ...(target.areaIds ?? []).map((a) => this.transport!.publish(topics.areaCmd(a), cmd)),
      ...(target.deviceIds ?? []).map((d) => this.transport!.publish(topics.deviceCmd(d), cmd)),
    ];
    await Promise.all(publishes);
  }

  /** A new command envelope: unique id, issued now, expiring after `ttlSeconds`. */
  static envelope(ttlSeconds = 60): { id: string; issuedAt: number; expiresAt: number } {
    const now = Date.now();
    return { id: crypto.randomUUID(), issuedAt: now, expiresAt: now + ttlSeconds * 1000 };
  }

  private setOnline(id: string, d: Registered, online: boolean, reason: string, ip: string | null, now: number): void {
    if (d.live.online === online) return;
    d.live.online = online;
    if (!online) d.live.playing = null;
    this.connections.push({ deviceId: id, at: now, online, reason, ip: ip ?? d.live.ip });
    this.touch(id);
  }

  private touch(id: string): void {
    this.dirty.add(id);
    this.changed.add(id);
  }

  private onPresence(id: string, online: boolean, ip: string | null): void {
    const d = this.devices.get(id);
    if (!d) return;
    const now = Date.now();
    if (online) {
      d.reported = false;
      d.live.lastSeen = now;
      if (ip) d.live.ip = ip.replace(/^::ffff:/, '');
    }
    this.setOnline(id, d, online, online ? 'ket-noi' : 'mat-ket-noi', ip, now);
    this.dirty.add(id);
  }

  /** A device's message; `receivedAt` (t2 of a clock exchange) is when the broker read it. */
  private onMessage(topic: string, payload: Buffer, receivedAt: number): void {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || payload.length === 0) return;
    const d = this.devices.get(parsed.deviceId);
    if (!d) return this.learn(parsed.deviceId, { topic, payload, receivedAt });
    if (parsed.kind === 'clock') return this.answerClock(parsed.deviceId, payload, receivedAt);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.log.warn({ deviceId: parsed.deviceId, topic }, 'device message is not JSON: dropped');
      return;
    }
    const now = Date.now();
    if (parsed.kind === 'state') {
      const state = deviceStateSchema.safeParse(json);
      if (!state.success) return void this.log.warn({ deviceId: parsed.deviceId, issue: state.error.issues[0]?.message }, 'malformed device state: dropped');
      const wasOnline = d.live.online;
      const visible = applyState(d.live, state.data, now);
      if (wasOnline !== d.live.online) {
        this.connections.push({ deviceId: parsed.deviceId, at: now, online: d.live.online, reason: d.live.online ? 'ket-noi' : 'mat-ket-noi', ip: d.live.ip });
      }
      // A device reports its state once it has subscribed: commands sent from then on reach it.
      if (state.data.online && !d.reported) this.bus.emit('device.online', { deviceId: parsed.deviceId });
      d.reported = state.data.online;
      this.dirty.add(parsed.deviceId);
      if (visible) this.changed.add(parsed.deviceId);
      return;
    }
    if (parsed.kind === 'event') {
      const event = deviceEventSchema.safeParse(json);
      if (!event.success) return void this.log.warn({ deviceId: parsed.deviceId }, 'malformed device event: dropped');
      d.live.lastSeen = now;
      this.bus.emit('device.event', { deviceId: parsed.deviceId, event: event.data });
      if (event.data.type === 'ack') return;
      // What plays is known from `started` at once; the device's retained state follows later.
      const e = event.data;
      if (e.type === 'started' && e.sessionId && e.itemIndex !== undefined) {
        d.live.playing = { sessionId: e.sessionId, itemIndex: e.itemIndex, position: e.position ?? 0, title: e.title ?? null };
        this.touch(parsed.deviceId);
      }
      this.plays.push({
        deviceId: parsed.deviceId, at: event.data.at, event: event.data.type, sessionId: event.data.sessionId ?? null,
        itemIndex: event.data.itemIndex ?? null, url: event.data.url ?? null, message: event.data.message ?? null,
      });
    }
  }

  /**
   * Answers a clock request on the device's own time topic with the request's number and t1, t2
   * (arrival) and t3 (now). A device asking more than its share, or sending nonsense, is ignored
   * and counted; nothing else is done with it (it is not even "heard from": a clock request says
   * nothing about the device's speakers).
   */
  private answerClock(deviceId: string, payload: Buffer, receivedAt: number): void {
    if (!this.transport || !this.clockRate.take(deviceId)) {
      this.clockCounts.ignored += 1;
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      json = null;
    }
    const request = clockRequestSchema.safeParse(json);
    if (!request.success) {
      this.clockCounts.ignored += 1;
      return;
    }
    this.clockCounts.answered += 1;
    const { n, t1 } = request.data;
    // Answered right after this turn of the event loop, not from inside the broker's delivery of the
    // request: publishing there nests one delivery in another, and a connect storm of thousands of
    // speakers asking at once overflowed the stack. t3 is stamped when the answer really goes.
    this.clockAnswers.push({ deviceId, n, t1, t2: receivedAt });
    if (this.clockAnswers.length === 1) setImmediate(() => this.sendClockAnswers());
  }

  private sendClockAnswers(): void {
    const answers = this.clockAnswers;
    this.clockAnswers = [];
    for (const { deviceId, n, t1, t2 } of answers) {
      this.transport?.publishNow(topics.time(deviceId), JSON.stringify({ n, t1, t2, t3: Date.now() }));
    }
  }

  /** A device heard from nothing for the silence limit is offline, whatever the broker thinks. */
  private sweepSilent(): void {
    const limit = Date.now() - this.opts.silenceSeconds * 1000;
    for (const [id, d] of this.devices) {
      if (d.live.online && (d.live.lastSeen ?? 0) < limit) this.setOnline(id, d, false, 'khong-phan-hoi', null, Date.now());
    }
  }

  private pushChanges(): void {
    if (this.changed.size === 0) return;
    const byArea = new Map<string, { _id: string; trangthai: DeviceLive }[]>();
    for (const id of this.changed) {
      const d = this.devices.get(id);
      if (!d) continue;
      const list = byArea.get(d.areaId) ?? [];
      list.push({ _id: id, trangthai: toDeviceLive(d.live) });
      byArea.set(d.areaId, list);
    }
    this.changed.clear();
    this.bus.emit('devices.changed', { byArea });
  }

  /** Writes live state and history in batches; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      // Bounded batches: the embedded database runs on the event loop, so one huge write would stall it.
      const ids = [...this.dirty].slice(0, FLUSH_BATCH);
      for (const id of ids) this.dirty.delete(id);
      // History rows in bounded batches too (a bulletin to 10,000 speakers brings 10,000 events).
      const connections = this.connections.splice(0, FLUSH_BATCH);
      const plays = this.plays.splice(0, FLUSH_BATCH);
      try {
        const rows = ids.flatMap((id) => {
          const d = this.devices.get(id);
          return d ? [{ id, e: d.live }] : [];
        });
        await q.saveLiveStates(this.db, rows);
        if (connections.length > 0) await yieldToIo();
        await q.insertConnections(this.db, connections);
        if (plays.length > 0) await yieldToIo();
        await q.insertPlays(this.db, plays);
      } catch (error) {
        this.log.error({ err: error }, 'gateway flush failed');
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    do await this.flush();
    while (this.dirty.size > 0 || this.connections.length > 0 || this.plays.length > 0);
  }
}

