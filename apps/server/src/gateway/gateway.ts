import crypto from 'node:crypto';
import {
  CLOCK_SYNC, checkDeviceEvent, checkDeviceState, clockRequestSchema, parseDeviceTopic, topics,
  type DeviceCommand, type DeviceEvent, type DevicePlan, type DeviceLive, type DeviceMessageProblem, type DeviceState,
} from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerTransport, DeviceAuthority } from '../infra/broker';
import type { DeviceAccess, DeviceAccounts } from '../infra/mosquittoDynsec';
import { DeviceRateLimit } from '../infra/mqttLimits';
import type { Db } from '../infra/db';
import type { DomainBus } from '../infra/events';
import { constantTimeEqual, deviceProofHolds, sha256 } from '../features/auth/tokens';
import { listAllAreas, type AreaRow } from '../features/areas/areas.queries';
import { writeSystemLog, type Actor } from '../features/system-log/systemLog.service';
import { DEFAULT_HEALTH_THRESHOLDS, type HealthThresholds } from './deviceHealth';
import { DeviceStrikes, STRIKES } from './deviceStrikes';
import { effectiveConfig, withinQuietHours, type StoredConfig } from './deviceConfig';
import * as q from './gateway.queries';
import { applyState, notReportedClock, toDeviceLive, type LiveEntry } from './liveStore';
import { RecentKeys, SentSessions } from './sentSessions';
import type { DeviceKey } from './deviceReach';

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
  /** State reports received: one held while its session is looked up is dropped if a newer one came meanwhile. */
  states: number;
  /** Its credentials were refused since it last connected: the history says so once, not at every retry. */
  refused?: boolean;
  /** Since when it has been online without a clock report (unix ms); unset while offline or once it reported one. */
  noClockSince?: number;
  /**
   * Enrolled and not yet confirmed ("chờ gán", issue #31): it follows no area's command topic, is in
   * no area's devices, and no broadcast reaches it until an officer confirms it.
   */
  pending: boolean;
}

/** The broker group of boxes waiting to be assigned (MQTT_DYNSEC): it grants no area's topics. */
const PENDING_GROUP = 'cho-gan';

/**
 * Rows per statement when live state and history are written. The embedded database runs on the
 * event loop: a 1,000-row statement held it for tens of milliseconds during a connect storm, so
 * each flush writes small statements and lets I/O through between them.
 */
const FLUSH_BATCH = 250;
/** Why a play report or a state naming a session is refused. */
const NOT_SENT = 'session never sent to this device';
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A registered device's key, as the audio check thread holds it (deviceKey). */
const keyOf = (d: Registered): DeviceKey => ({ hash: d.hash, chain: [...d.areaChain] });

/** The device registry, with an index of devices by area that any change drops and the next lookup rebuilds. */
class Registry extends Map<string, Registered> {
  private index: Map<string, string[]> | null = null;
  /** Told every device added, changed or deleted (the gateway's key watchers). */
  changed: (id: string) => void = () => undefined;

  override set(id: string, device: Registered): this {
    this.index = null;
    this.changed(id);
    return super.set(id, device);
  }

  override delete(id: string): boolean {
    this.index = null;
    this.changed(id);
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
  /** A device online this long without reporting its clock has a clock fault, 'notReported' (default 180). */
  clockReportSeconds?: number;
  /**
   * How often the whole device list is read again, seconds: devices moved or deleted through
   * another server instance (default 60). A device added there is read when it is first heard from.
   */
  reloadSeconds?: number;
  /** How often live state is written to the database, ms. */
  flushMs?: number;
  /** How often status changes are pushed to consoles, ms. */
  pushMs?: number;
  /** Where a box's reported health becomes a fault (issue #31; default DEFAULT_HEALTH_THRESHOLDS). */
  healthThresholds?: HealthThresholds;
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
  /** Device messages refused and devices cut off for them (the health call shows the counts). */
  readonly strikes = new DeviceStrikes();
  /** The play sessions sent to devices: a play report is believed only for one of them. */
  private readonly sessions: SentSessions;
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
  private readonly configListeners: ((deviceId: string) => void)[] = [];
  /** Play reports taken lately, so that one sent again is not told twice (the database keeps each once too). */
  private readonly seenEvents = new RecentKeys(20_000);
  /** Version of the plan last published to each device (issue #30). */
  private readonly planSent = new Map<string, number>();
  /** Told of devices whose key may have changed (watchDeviceKeys). */
  private readonly keyWatchers = new Set<(deviceId: string | null) => void>();

  constructor(private readonly db: Db, private readonly bus: DomainBus, private readonly log: FastifyBaseLogger, private readonly opts: GatewayOptions) {
    this.sessions = new SentSessions((sessionId) => q.sessionTargets(db, sessionId));
    this.devices.changed = (id) => {
      for (const watcher of this.keyWatchers) watcher(id);
    };
  }

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
    // With the embedded broker a server restart cut every device off: those it last knew online
    // went offline because of it, and their history says so (they reconnect by themselves).
    if (transport.kind === 'embedded') {
      const now = Date.now();
      for (const [id, d] of this.devices) if (d.live.online) this.setOnline(id, d, false, 'may-chu-khoi-dong-lai', null, now);
    }
    transport.onDeviceMessage((topic, payload, receivedAt) => this.onMessage(topic, payload, receivedAt));
    transport.onPresence((id, online, ip) => this.onPresence(id, online, ip));
    this.accounts = transport.accounts;
    await this.accounts?.sync([...this.devices].map(([id, d]) => this.access(id, d.areaId, d.pending)), async () => new Set(await q.listDeviceIds(this.db)));
    const ids = [...this.devices.keys()];
    for (let i = 0; i < ids.length; i += 500) await Promise.all(ids.slice(i, i + 500).map((id) => this.publishConfig(id)));
  }

  async reloadAreas(): Promise<void> {
    this.areas = new Map((await listAllAreas(this.db)).map((a) => [a.id, a]));
    for (const d of this.devices.values()) d.areaChain = this.areaChainOf(d.areaId, d.pending);
    for (const watcher of this.keyWatchers) watcher(null);
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
      if (!this.devices.has(deviceId) && !this.forgotten.has(deviceId) && !changedSince(deviceId)) {
        this.remember(row);
        // Learnt here after another instance added it: its plan (made on every instance) now includes it.
        for (const listener of this.configListeners) listener(deviceId);
      }
    })
      .catch((error: unknown) => this.log.warn({ err: error, deviceId }, 'device heard from could not be read'))
      .finally(() => {
        const messages = this.learning.get(deviceId) ?? [];
        this.learning.delete(deviceId);
        if (this.devices.has(deviceId)) for (const m of messages) this.onMessage(m.topic, m.payload, m.receivedAt);
      });
  }

  private access(id: string, areaId: string, pending: boolean): DeviceAccess {
    if (pending) return { id, areaId: PENDING_GROUP, chain: [] };
    return { id, areaId, chain: this.chain(areaId).map((a) => a.id) };
  }

  /** The area command topics a device may follow: none while it waits to be assigned. */
  private areaChainOf(areaId: string, pending: boolean): Set<string> {
    return new Set(pending ? [] : this.chain(areaId).map((a) => a.id));
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
      pending: row.pending,
      areaChain: this.areaChainOf(row.area_id, row.pending),
      reported: previous?.reported ?? false,
      states: previous?.states ?? 0,
      live: previous?.live ?? {
        online: row.online, volume: row.volume, playing: row.playing, signal: row.signal, firmware: row.firmware, ip: row.ip,
        lastSeen: row.last_seen ? row.last_seen.getTime() : null, clock: row.clock, health: row.health,
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
    // A box just confirmed (issue #31) follows its areas from now: like a speaker that comes back,
    // its next state report has the running broadcasts sent to it.
    if (previous?.pending && !row.pending) this.devices.get(id)!.reported = false;
    if (this.accounts && (opts.secret || (previous && (previous.areaId !== row.area_id || previous.pending !== row.pending)))) {
      try {
        if (opts.secret) await this.accounts.provision(this.access(id, row.area_id, row.pending), opts.secret);
        else await this.accounts.move(this.access(id, row.area_id, row.pending));
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
    this.planSent.delete(id);
    this.strikes.forget(id);
    if (!this.transport) return;
    this.transport.disconnect(id);
    await Promise.all([topics.config(id), topics.plan(id), topics.state(id)].map((topic) => this.transport!.clearRetained(topic)
      .catch((error: unknown) => this.log.warn({ err: error, topic }, 'could not clear retained message'))));
  }

  /** After a secret reset: the old secret stops working and the old session is cut. */
  async secretChanged(id: string, secret?: string): Promise<void> {
    await this.refreshDevice(id, { secret });
    // Its history says why it was cut off (not a bare "lost"); the reconnection with the old secret is refused.
    const d = this.devices.get(id);
    if (d) this.setOnline(id, d, false, 'khoa-moi', null, Date.now());
    this.transport?.disconnect(id);
  }

  async publishConfig(id: string): Promise<void> {
    const d = this.devices.get(id);
    if (!d || !this.transport) return;
    const chain = this.chain(d.areaId).map((a) => ({ id: a.id, config: a.config as StoredConfig }));
    const config = effectiveConfig(chain, d.config);
    // A box waiting to be assigned follows no area: it hears no bulletin until it is confirmed.
    await this.transport.publish(topics.config(id), d.pending ? { ...config, areas: [] } : config, { retain: true });
    // Its area or quiet hours may have changed: so may the occurrences of its plan.
    for (const listener of this.configListeners) listener(id);
  }

  /** Called after a device's configuration is (re)published. */
  onConfigPublished(listener: (deviceId: string) => void): void {
    this.configListeners.push(listener);
  }

  /** Publishes a device's plan, retained (playout/devicePlans.ts). */
  async publishPlan(id: string, plan: DevicePlan): Promise<void> {
    if (!this.devices.has(id) || !this.transport) return;
    await this.transport.publish(topics.plan(id), plan, { retain: true });
    // Until the speaker reports holding it, the console shows it has not got the new plan.
    this.planSent.set(id, plan.version);
    this.changed.add(id);
  }

  /**
   * A plan heard back from an external broker: published by the instance whose scheduler leads (this
   * one or another). Only servers may publish there (devices are refused by the broker's ACL); its
   * version is what the device should report holding.
   */
  private planHeard(id: string, payload: Buffer): void {
    let version: unknown;
    try {
      version = (JSON.parse(payload.toString('utf8')) as { version?: unknown }).version;
    } catch {
      return;
    }
    if (typeof version !== 'number' || !Number.isFinite(version) || version <= (this.planSent.get(id) ?? -1)) return;
    this.planSent.set(id, version);
    this.changed.add(id);
  }

  /** Ids of every registered device. */
  deviceIds(): string[] {
    return [...this.devices.keys()];
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
    if (!d) return false;
    if (this.strikes.banned(deviceId)) return false; // cut off for invalid messages: refused until its time is up
    const ok = constantTimeEqual(d.hash, sha256(secret));
    // A wrong secret (an old one after a reset, a mistyped one): its connection history says so, once per run of refusals.
    if (!ok && !d.refused) {
      d.refused = true;
      this.connections.push({ deviceId, at: Date.now(), online: false, reason: 'tu-choi-dang-nhap', ip: d.live.ip });
    } else if (ok) d.refused = false;
    return ok;
  }

  /** Whether `proof` is the device's signature of `text` (an audio address it asks for: deviceProofHolds). */
  verifyProof(deviceId: string, text: string, proof: string): boolean {
    const d = this.devices.get(deviceId);
    return !!d && deviceProofHolds(d.hash, text, proof);
  }

  /** A device's area chain: its area and those above it (none while it waits to be assigned); undefined for a device not registered. */
  areaChain(deviceId: string): ReadonlySet<string> | undefined {
    return this.devices.get(deviceId)?.areaChain;
  }

  /**
   * A device's proof key (the hash of its secret) and its area chain, as the audio check thread
   * mirrors them (features/media/mediaCheckMirror.ts); undefined for a device not registered.
   */
  deviceKey(deviceId: string): DeviceKey | undefined {
    const d = this.devices.get(deviceId);
    return d && keyOf(d);
  }

  /** Every registered device's key (deviceKey). */
  *deviceKeys(): IterableIterator<[string, DeviceKey]> {
    for (const [id, d] of this.devices) yield [id, keyOf(d)];
  }

  /**
   * Calls `listener` with a device's id whenever its key may have changed (added, changed, deleted),
   * or with null when any device's may have (the area tree was read again). Returns its removal.
   */
  watchDeviceKeys(listener: (deviceId: string | null) => void): () => void {
    this.keyWatchers.add(listener);
    return () => void this.keyWatchers.delete(listener);
  }

  /** The administrator a device belongs to (system-log entries about it), or undefined. */
  adminOf(deviceId: string): string | undefined {
    return this.devices.get(deviceId)?.adminId;
  }

  maySubscribe(deviceId: string, topic: string): boolean {
    if (topic === topics.deviceCmd(deviceId) || topic === topics.config(deviceId) || topic === topics.plan(deviceId) || topic === topics.time(deviceId)) return true;
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

  /** Ids of the registered devices whose area is in the set (boxes waiting to be assigned are in none). */
  devicesIn(areaIds: Set<string>): string[] {
    return [...areaIds].flatMap((a) => this.devices.inArea(a)).filter((id) => !this.devices.get(id)?.pending);
  }

  /** An area's name, as the live panel shows it. */
  areaName(areaId: string): string {
    return this.areas.get(areaId)?.ten ?? '';
  }

  /**
   * The area a registered device serves; undefined for a box waiting to be assigned (no broadcast
   * addresses it, by area or by itself, until an officer confirms it).
   */
  areaOf(deviceId: string): string | undefined {
    const d = this.devices.get(deviceId);
    return d && !d.pending ? d.areaId : undefined;
  }

  /** A device's live state as the console shows it. */
  liveOf(id: string): DeviceLive | null {
    const d = this.devices.get(id);
    return d ? toDeviceLive(d.live, this.planSent.get(id) ?? null) : null;
  }

  /**
   * Whether a registered device is online and which session it plays (a broadcast's reach reads it);
   * `listening`: it reported its state since it connected, which an agent does once it listens on
   * its command topics (docs/device-protocol.md): a command sent before may be lost to it.
   */
  presence(id: string): { online: boolean; listening: boolean; sessionId: string | null } | null {
    const d = this.devices.get(id);
    return d ? { online: d.live.online, listening: d.live.online && d.reported, sessionId: d.live.online ? d.live.playing?.sessionId ?? null : null } : null;
  }

  /** Ids of the devices currently online, with their admin and area (for counts and fan-out). */
  snapshot(): { id: string; adminId: string; areaId: string; online: boolean; playing: boolean }[] {
    return [...this.devices].map(([id, d]) => ({ id, adminId: d.adminId, areaId: d.areaId, online: d.live.online, playing: d.live.online && !!d.live.playing }));
  }

  /** Sends a command to devices one by one, or to whole areas with one publish each. */
  async command(target: { deviceIds?: string[]; areaIds?: string[] }, cmd: DeviceCommand): Promise<void> {
    if (!this.transport) throw new Error('gateway not attached');
    if (cmd.type === 'play') this.sessions.sent(cmd.sessionId, target);
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
    // A plan comes from a server, not the device: noted even before this instance knows the device
    // (heard before its row could be read, it must not make the device unknown for a minute).
    if (parsed.kind === 'plan') return this.planHeard(parsed.deviceId, payload);
    const d = this.devices.get(parsed.deviceId);
    if (!d) return this.learn(parsed.deviceId, { topic, payload, receivedAt });
    // Cut off for invalid messages: on an external broker it may still be connected, and is not listened to.
    if (this.strikes.banned(parsed.deviceId)) return;
    if (parsed.kind === 'clock') return this.answerClock(parsed.deviceId, payload, receivedAt);
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.refuse(parsed.deviceId, d, parsed.kind, { field: '', reason: 'not JSON' });
    }
    const now = Date.now();
    if (parsed.kind === 'state') {
      const state = checkDeviceState(json);
      if (!state.success) return this.refuse(parsed.deviceId, d, parsed.kind, state.problem);
      const seq = (d.states += 1);
      // What it says it plays must be a session sent to it, as for a play report; the rest of the
      // state is still taken (a device must not look silent for it), without what it plays.
      const playing = state.data.playing;
      const allowed = playing ? this.sessions.allows(playing.sessionId, parsed.deviceId, d.areaChain) : true;
      const take = (target: Registered, ok: boolean, at: number) => {
        this.takeState(parsed.deviceId, target, ok ? state.data : { ...state.data, playing: null }, at);
        if (!ok) this.refuse(parsed.deviceId, target, 'state', { field: 'playing.sessionId', reason: NOT_SENT });
      };
      if (typeof allowed === 'boolean') return take(d, allowed, now);
      void allowed.then((ok) => {
        const still = this.devices.get(parsed.deviceId);
        // A newer state came while this one was looked up: it says more.
        if (still && still.states === seq) take(still, ok, Date.now());
      }).catch((error: unknown) => this.log.warn({ err: error, deviceId: parsed.deviceId }, 'device state not checked: dropped'));
      return;
    }
    if (parsed.kind === 'event') {
      const event = checkDeviceEvent(json, now);
      if (!event.success) return this.refuse(parsed.deviceId, d, parsed.kind, event.problem);
      const e = event.data;
      // Acks and update reports name no session (docs/device-protocol.md "Updates").
      if (e.type === 'ack' || e.type === 'update') return this.takeEvent(parsed.deviceId, d, e);
      // A play report is believed only for a session sent to this device (issue #27).
      if (!e.sessionId) return this.refuse(parsed.deviceId, d, parsed.kind, { field: 'sessionId', reason: 'a play report names its session' });
      const notSent = { field: 'sessionId', reason: NOT_SENT };
      const allowed = this.sessions.allows(e.sessionId, parsed.deviceId, d.areaChain);
      if (allowed === true) return this.takeEvent(parsed.deviceId, d, e);
      if (allowed === false) return this.refuse(parsed.deviceId, d, parsed.kind, notSent);
      void allowed.then((ok) => {
        const still = this.devices.get(parsed.deviceId);
        if (!still) return;
        if (ok) this.takeEvent(parsed.deviceId, still, e);
        else this.refuse(parsed.deviceId, still, 'event', notSent);
      }).catch((error: unknown) => this.log.warn({ err: error, deviceId: parsed.deviceId }, 'play report not checked: dropped'));
    }
  }

  /** A device's state that passed every check: live state, connection history, and commands again once it is back. */
  private takeState(deviceId: string, d: Registered, state: DeviceState, now: number): void {
    const wasOnline = d.live.online;
    const visible = applyState(d.live, state, now, this.opts.healthThresholds ?? DEFAULT_HEALTH_THRESHOLDS);
    if (wasOnline !== d.live.online) {
      // Offline by its own word (a graceful stop) or by its last will (a reboot, power or link loss).
      const reason = d.live.online ? 'ket-noi' : state.reason === 'shutdown' ? 'tat-may' : 'mat-ket-noi';
      this.connections.push({ deviceId, at: now, online: d.live.online, reason, ip: d.live.ip });
    }
    // A device reports its state once it has subscribed: commands sent from then on reach it.
    if (state.online && !d.reported) this.bus.emit('device.online', { deviceId });
    d.reported = state.online;
    this.dirty.add(deviceId);
    if (visible) this.changed.add(deviceId);
  }

  /** A device's event that passed every check: heard from, told to the features, kept in its history. */
  private takeEvent(deviceId: string, d: Registered, e: DeviceEvent): void {
    d.live.lastSeen = Date.now();
    // A play report sent again (at least once; a speaker back from an outage sends what it kept) is told once.
    if (e.type !== 'ack' && this.seenEvents.seen(`${deviceId}|${e.sessionId}|${e.itemIndex}|${e.type}|${e.at}`)) return;
    this.bus.emit('device.event', { deviceId, event: e });
    if (e.type === 'ack' || e.type === 'update') return;
    if (e.type === 'gap') this.log.warn({ deviceId, session: e.sessionId, item: e.itemIndex, gapSeconds: e.gap, resumedAt: e.position, reason: e.message }, 'speaker lost part of a streamed item');
    // The player's own words go to the log (and the device's history); screens show what they mean (playReasonText).
    if (e.type === 'error') this.log.warn({ deviceId, session: e.sessionId, item: e.itemIndex, playerError: e.message }, 'speaker reported a play error');
    // What plays is known from `started` at once; the device's retained state follows later.
    if (e.type === 'started' && e.sessionId && e.itemIndex !== undefined) {
      d.live.playing = { sessionId: e.sessionId, itemIndex: e.itemIndex, position: e.position ?? 0, title: e.title ?? null };
      this.touch(deviceId);
    }
    this.plays.push({
      deviceId, at: e.at, event: e.type, sessionId: e.sessionId ?? null, itemIndex: e.itemIndex ?? null, url: e.url ?? null, message: e.message ?? null, gapSeconds: e.gap ?? null,
    });
  }

  /** The system log's actor for what a device did: no user, the device's administrator and address. */
  private static actorOf(d: Registered): Actor {
    return { userId: null, tentaikhoan: null, adminId: d.adminId, ip: d.live.ip ?? '' };
  }

  /**
   * A device message the contract refuses: dropped, counted, logged against the device (in the
   * system log once per device per STRIKES.logEveryMs), and the device cut off when it keeps on.
   */
  private refuse(deviceId: string, d: Registered, kind: string, problem: DeviceMessageProblem): void {
    const strike = this.strikes.strike(deviceId);
    this.log.warn({ deviceId, kind, field: problem.field, reason: problem.reason }, 'device message refused: dropped');
    if (strike.record) {
      void writeSystemLog(this.db, DeviceGateway.actorOf(d), {
        action: 'thiet-bi-gui-sai', outcome: 'denied', targetType: 'thietbi', targetId: deviceId, detail: { loai: kind, truong: problem.field, lydo: problem.reason },
      }).catch((error: unknown) => this.log.error({ err: error, deviceId }, 'device refusal not logged'));
    }
    if (strike.ban) void this.cutOff(deviceId, d, problem);
  }

  /**
   * A device that kept sending invalid messages: disconnected (on the embedded broker; refused when
   * it connects again until STRIKES.banMs is up), shown offline, its connection history and the
   * system log say why (both written together), and the console is told.
   */
  private async cutOff(deviceId: string, d: Registered, problem: DeviceMessageProblem): Promise<void> {
    const now = Date.now();
    this.transport?.disconnect(deviceId);
    d.live.online = false;
    d.live.playing = null;
    this.touch(deviceId);
    this.log.warn({ deviceId, limit: STRIKES.limit, banMinutes: STRIKES.banMs / 60_000 }, 'device kept sending invalid messages: cut off');
    try {
      await this.db.transaction(async (tx) => {
        await q.insertConnections(tx, [{ deviceId, at: now, online: false, reason: 'gui-sai', ip: d.live.ip }]);
        await writeSystemLog(tx, DeviceGateway.actorOf(d), {
          action: 'ngat-thiet-bi-gui-sai', outcome: 'denied', targetType: 'thietbi', targetId: deviceId,
          detail: { solan: STRIKES.limit, giay: STRIKES.windowMs / 1000, khoaphut: STRIKES.banMs / 60_000, truong: problem.field, lydo: problem.reason, broker: this.transport?.kind ?? null },
        });
      });
    } catch (error) {
      this.log.error({ err: error, deviceId }, 'device cut-off not recorded');
    }
    if (this.strikes.shouldNotify(deviceId)) this.bus.emit('device.cutOff', { deviceId, field: problem.field, minutes: STRIKES.banMs / 60_000 });
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
    const now = Date.now();
    const limit = now - this.opts.silenceSeconds * 1000;
    for (const [id, d] of this.devices) {
      if (d.live.online && (d.live.lastSeen ?? 0) < limit) this.setOnline(id, d, false, 'khong-phan-hoi', null, now);
      this.watchClock(id, d, now);
    }
  }

  /**
   * A speaker that never reports its clock (an older agent) would show "—" for ever: online for
   * clockReportSeconds without a report, its clock is a fault ('notReported'), shown in the device
   * table and announced like the others (sweepClockFaults). Its first real report replaces it.
   */
  private watchClock(id: string, d: Registered, now: number): void {
    if (!d.live.online || d.live.clock !== null) {
      d.noClockSince = undefined;
      return;
    }
    d.noClockSince ??= now;
    if (now - d.noClockSince < (this.opts.clockReportSeconds ?? 180) * 1000) return;
    d.live.clock = notReportedClock();
    d.noClockSince = undefined;
    this.touch(id);
  }

  private pushChanges(): void {
    if (this.changed.size === 0) return;
    const byArea = new Map<string, { _id: string; trangthai: DeviceLive }[]>();
    for (const id of this.changed) {
      const d = this.devices.get(id);
      if (!d) continue;
      const list = byArea.get(d.areaId) ?? [];
      list.push({ _id: id, trangthai: toDeviceLive(d.live, this.planSent.get(id) ?? null) });
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
        // One row the database refuses fails alone, the others of its batch are written (issue #27).
        const refused: { deviceId: string; what: string; error: unknown }[] = [];
        for (const f of await q.writeEachOnFailure(rows, (r) => q.saveLiveStates(this.db, r))) refused.push({ deviceId: f.row.id, what: 'live state', error: f.error });
        if (connections.length > 0) await yieldToIo();
        for (const f of await q.writeEachOnFailure(connections, (r) => q.insertConnections(this.db, r))) refused.push({ deviceId: f.row.deviceId, what: 'connection', error: f.error });
        if (plays.length > 0) await yieldToIo();
        for (const f of await q.writeEachOnFailure(plays, (r) => q.insertPlays(this.db, r))) refused.push({ deviceId: f.row.deviceId, what: 'play', error: f.error });
        for (const f of refused) {
          this.strikes.counts.unwritten += 1;
          this.log.error({ err: f.error, deviceId: f.deviceId, what: f.what }, 'device row refused by the database: dropped');
        }
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

