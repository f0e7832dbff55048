import { EventEmitter } from 'node:events';
import mqtt, { type MqttClient } from 'mqtt';
import {
  deviceCommandSchema,
  deviceConfigSchema,
  deviceStateSchema,
  topics,
  type DeviceCommand,
  type DeviceConfig,
  type DeviceEvent,
  type DeviceState,
} from '@loa/contract';
import { shouldReplace } from './arbitration';
import { reconnectDelay, MAX_RECONNECT_DELAY_MS } from './backoff';
import { CommandFilter } from './commandFilter';
import { localIp } from './localIp';
import { silentLogger, type Logger } from './logger';
import { choosePlayer, type Player } from './player';
import { addReporter, removeReporter, type Reporter } from './reportClock';
import { PlaybackSession, type InterruptReason, type ItemOutcome, type PlayCommand } from './session';
import { locateInTimeline } from './timeline';

export const DEFAULT_FIRMWARE = 'loa-speaker/0.1.0';
const DEFAULT_REPORT_INTERVAL_S = 20;
const DEFAULT_KEEPALIVE_S = 30;
const REBOOT_DELAY_MS = 1000;
/** A state change that an event already told (an item started) is reported after this, plus jitter. */
const STATE_SETTLE_MS = 1000;
const OFFLINE_PAYLOAD = JSON.stringify({ online: false });
const noop = (): void => undefined;
const EVENT_PUBLISH = { qos: 1 } as const;

export interface SpeakerAgentOptions {
  /** mqtt://, mqtts://, ws:// or wss:// */
  mqttUrl: string;
  deviceId: string;
  secret: string;
  firmware?: string;
  /** Defaults to `choosePlayer({ fetchAudio })`. */
  player?: Player;
  /** The silent player opens each audio URL over HTTP(S) (default true). */
  fetchAudio?: boolean;
  logger?: Logger;
  /** Base for item URLs that are not absolute (e.g. "/media/x.mp3"). */
  audioBaseUrl?: string;
  /** Volume until the configuration says otherwise (default 70). */
  volume?: number;
  /** First reconnect delay, doubled up to 30 s (default 1000 ms). */
  reconnectBaseMs?: number;
  connectTimeoutMs?: number;
}

/** Why a command was not acted on. */
export type DropReason = 'malformed' | 'duplicate' | 'expired';

export interface SpeakerAgentEvents {
  connected: [];
  disconnected: [];
  /** A connection attempt failed before the broker accepted it. */
  attemptFailed: [error: Error | null];
  reconnecting: [delayMs: number];
  /** The broker refused the id or secret. */
  refused: [error: Error];
  config: [config: DeviceConfig];
  command: [command: DeviceCommand];
  dropped: [reason: DropReason, detail: string];
  /** A play ignored: a lower priority than what plays, or the very run it already plays. */
  ignored: [command: PlayCommand];
  /** Every event published (ack, started, finished, error). */
  event: [event: DeviceEvent];
  state: [state: DeviceState];
  /** A session played to its end. */
  played: [sessionId: string];
}

/** Thrown by start() when the broker refuses the device id or secret. */
export class ConnectionRefusedError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'ConnectionRefusedError';
  }
}

/** MQTT 3.1.1 CONNACK codes 4 and 5, MQTT 5 reason codes 134 and 135. */
function refusalCode(error: Error): number | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' && [4, 5, 134, 135].includes(code) ? code : null;
}

/**
 * A speaker: connects to the broker as its device, follows its retained configuration (areas,
 * volume, report interval), plays the commands it receives and reports state and events
 * (docs/device-protocol.md).
 */
export class SpeakerAgent extends EventEmitter<SpeakerAgentEvents> implements Reporter {
  readonly deviceId: string;
  reportDueAt = Number.POSITIVE_INFINITY;
  private client: MqttClient | null = null;
  private player: Player | null;
  private readonly filter = new CommandFilter(1000);
  private session: PlaybackSession | null = null;
  private areaIds: string[] = [];
  private volumeLevel: number;
  private reportIntervalMs = DEFAULT_REPORT_INTERVAL_S * 1000;
  private keepalive = DEFAULT_KEEPALIVE_S;
  private isConnected = false;
  /** Area command topics subscribed in this session (a clean session starts with none). */
  private subscribedAreas = new Set<string>();
  private attempts = 0;
  private lastRefused = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private ended = false;
  private dead = false;
  private rebooting = false;
  private startWaiter: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private readonly log: Logger;

  constructor(private readonly options: SpeakerAgentOptions) {
    super();
    this.deviceId = options.deviceId;
    this.player = options.player ?? null;
    this.volumeLevel = options.volume ?? 70;
    this.log = options.logger ?? silentLogger;
  }

  get connected(): boolean {
    return this.isConnected;
  }

  get volume(): number {
    return this.volumeLevel;
  }

  /** Area ids whose command topics the agent follows. */
  get areas(): readonly string[] {
    return this.areaIds;
  }

  /** Areas of its configuration whose command topic it has not subscribed in this session (none when healthy). */
  get unsubscribedAreas(): string[] {
    return this.isConnected ? this.areaIds.filter((a) => !this.subscribedAreas.has(a)) : [...this.areaIds];
  }

  /** What plays now (as reported in state), or null. */
  get playing(): DeviceState['playing'] {
    const now = this.session?.nowPlaying();
    if (!this.session || !now) return null;
    const title = (now.item.title || this.session.command.title).slice(0, 200);
    return { sessionId: this.session.sessionId, itemIndex: now.index, position: Math.round(now.position * 10) / 10, title };
  }

  /** The state this agent reports. */
  get state(): DeviceState {
    return {
      online: true,
      volume: this.volumeLevel,
      playing: this.playing,
      firmware: this.options.firmware ?? DEFAULT_FIRMWARE,
      signal: null,
      ip: localIp(),
      ts: Date.now(),
    };
  }

  /** Connects; resolves on the first accepted connection, rejects when the broker refuses the secret. */
  async start(): Promise<void> {
    if (this.client) throw new Error('agent already started');
    this.player ??= await choosePlayer({ fetchAudio: this.options.fetchAudio ?? true });
    this.player.setVolume(this.volumeLevel);
    return new Promise((resolve, reject) => {
      this.startWaiter = { resolve, reject };
      this.connect();
    });
  }

  /** Graceful stop: reports `{ online: false }` (retained), then disconnects cleanly. */
  async stop(): Promise<void> {
    if (this.ended || !this.client) return;
    this.shutdown();
    this.stopSession('shutdown');
    const client = this.client;
    if (this.isConnected) {
      await client.publishAsync(topics.state(this.deviceId), OFFLINE_PAYLOAD, { qos: 1, retain: true }).catch(() => undefined);
      await client.endAsync(false);
    } else {
      await client.endAsync(true);
    }
    this.isConnected = false;
  }

  /** Abrupt death (power cut): the socket is destroyed without DISCONNECT, so the broker publishes the last will. */
  kill(): void {
    if (this.ended || !this.client) return;
    this.dead = true;
    this.shutdown();
    this.stopSession('shutdown', false);
    this.client.end(true);
    this.isConnected = false;
  }

  /** Reports state now (and reschedules the periodic report). */
  reportState(): void {
    this.reportDueAt = Date.now() + this.reportIntervalMs;
    if (!this.client || !this.isConnected || this.dead) return;
    const parsed = deviceStateSchema.safeParse(this.state);
    if (!parsed.success) {
      this.log.error(`[${this.deviceId}] invalid state not sent: ${parsed.error.message}`);
      return;
    }
    this.client.publish(topics.state(this.deviceId), JSON.stringify(parsed.data), { qos: 1, retain: true });
    this.emit('state', parsed.data);
  }

  /** Reports state within the next one to three seconds (the process-wide report clock ticks each second). */
  private reportStateSoon(): void {
    this.reportDueAt = Math.min(this.reportDueAt, Date.now() + STATE_SETTLE_MS + Math.random() * STATE_SETTLE_MS);
  }

  private shutdown(): void {
    this.ended = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    removeReporter(this);
    this.startWaiter?.reject(new Error('agent stopped before it connected'));
    this.startWaiter = null;
  }

  private connect(): void {
    const id = this.deviceId;
    const client = mqtt.connect(this.options.mqttUrl, {
      clientId: id,
      username: id,
      password: this.options.secret,
      protocolVersion: 4,
      keepalive: this.keepalive,
      clean: true,
      // Reconnection is ours: a growing, jittered delay instead of mqtt.js's fixed period.
      reconnectPeriod: 0,
      resubscribe: false,
      connectTimeout: this.options.connectTimeoutMs ?? 15_000,
      will: { topic: topics.state(id), payload: Buffer.from(OFFLINE_PAYLOAD), qos: 1, retain: true },
      // mqtt.js traces every packet through `debug` even when nothing prints it; with DEBUG set it still does.
      ...(process.env.DEBUG ? {} : { log: noop }),
    });
    client.on('connect', () => this.onConnect());
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', (error) => this.onError(error));
    client.on('close', () => this.onClose());
    this.client = client;
  }

  /** Reconnects the same client; after a connection loss, events queued meanwhile are kept. */
  private reconnect(keepQueued = true): void {
    if (this.ended || !this.client) return;
    const client = this.client;
    client.options.keepalive = this.keepalive;
    // end() closes the stores, so after a reboot the client starts with fresh ones.
    client.reconnect(keepQueued ? { incomingStore: client.incomingStore, outgoingStore: client.outgoingStore } : undefined);
  }

  private onConnect(): void {
    const client = this.client;
    if (!client) return;
    this.attempts = 0;
    this.lastRefused = false;
    this.subscribedAreas = new Set(this.areaIds);
    const wanted = [topics.deviceCmd(this.deviceId), topics.config(this.deviceId), ...this.areaIds.map(topics.areaCmd)];
    // State goes out only once the subscriptions are granted: the server answers an online state
    // with the running session at once, and that command must not arrive before we listen.
    this.subscribe(wanted, () => {
      if (this.client !== client || !client.connected) return;
      this.isConnected = true;
      // The retained configuration often arrives before this callback: follow its areas now.
      this.syncAreas();
      this.log.info(`[${this.deviceId}] đã kết nối / connected`);
      addReporter(this);
      this.reportState();
      this.emit('connected');
      this.startWaiter?.resolve();
      this.startWaiter = null;
    });
  }

  /**
   * Subscribes at QoS 0 to command topics and at QoS 1 to the retained configuration. Sessions are
   * clean, so a broker drops an unacknowledged command with the connection anyway, and the server
   * sends the running session again when the device is back online; a QoS 1 command would only
   * add a PUBACK per speaker to every bulletin (10,000 of them for a province).
   */
  private subscribe(topicList: string[], then?: () => void): void {
    if (!this.client || topicList.length === 0) return;
    const config = topics.config(this.deviceId);
    const wanted = Object.fromEntries(topicList.map((t) => [t, { qos: t === config ? 1 : 0 } as const]));
    this.client.subscribe(wanted, (error, granted) => {
      if (error) this.log.warn(`[${this.deviceId}] subscribe failed: ${error.message}`);
      for (const grant of granted ?? []) {
        if (grant.qos === 128) this.log.warn(`[${this.deviceId}] subscription refused: ${grant.topic}`);
      }
      then?.();
    });
  }

  private onError(error: Error): void {
    const code = refusalCode(error);
    if (code === null) {
      this.log.debug?.(`[${this.deviceId}] ${error.message}`);
      return;
    }
    this.lastRefused = true;
    const refused = new ConnectionRefusedError(`sai mã thiết bị hoặc khoá bí mật / wrong device id or secret (${error.message})`, code);
    this.log.error(`[${this.deviceId}] ${refused.message}`);
    this.emit('refused', refused);
    if (this.startWaiter) {
      const waiter = this.startWaiter;
      this.startWaiter = null;
      this.shutdown();
      this.client?.end(true);
      waiter.reject(refused);
    }
  }

  private onClose(): void {
    const wasConnected = this.isConnected;
    this.isConnected = false;
    if (wasConnected) {
      if (this.ended || this.rebooting) this.log.info(`[${this.deviceId}] đã ngắt kết nối / disconnected`);
      else this.log.warn(`[${this.deviceId}] mất kết nối / connection lost`);
      this.emit('disconnected');
    } else if (!this.ended) {
      this.emit('attemptFailed', null);
    }
    if (this.ended || this.rebooting || this.reconnectTimer) return;
    // A refused secret is retried at the slowest pace (it may have been reset on purpose).
    const delay = this.lastRefused ? MAX_RECONNECT_DELAY_MS : reconnectDelay(this.attempts, this.options.reconnectBaseMs);
    this.attempts += 1;
    this.emit('reconnecting', delay);
    this.log.debug?.(`[${this.deviceId}] reconnecting in ${delay} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.reconnect();
    }, delay);
  }

  private onMessage(topic: string, payload: Buffer): void {
    if (payload.length === 0) return; // a cleared retained message
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.drop('malformed', `not JSON on ${topic}`);
      return;
    }
    if (topic === topics.config(this.deviceId)) this.applyConfig(json);
    else this.handleCommand(json, topic);
  }

  private drop(reason: DropReason, detail: string): void {
    this.log.warn(`[${this.deviceId}] bỏ qua lệnh / command dropped (${reason}): ${detail}`);
    this.emit('dropped', reason, detail);
  }

  /** Subscribes to the command topics of areas it belongs to and drops those it left. */
  private syncAreas(): void {
    const client = this.client;
    if (!client || !this.isConnected || !client.connected) return;
    const add = this.areaIds.filter((a) => !this.subscribedAreas.has(a));
    const remove = [...this.subscribedAreas].filter((a) => !this.areaIds.includes(a));
    for (const a of add) this.subscribedAreas.add(a);
    for (const a of remove) this.subscribedAreas.delete(a);
    this.subscribe(add.map(topics.areaCmd));
    if (remove.length > 0) client.unsubscribe(remove.map(topics.areaCmd));
  }

  private applyConfig(json: unknown): void {
    const parsed = deviceConfigSchema.safeParse(json);
    if (!parsed.success) {
      this.drop('malformed', `config: ${parsed.error.message}`);
      return;
    }
    const config = parsed.data;
    this.areaIds = [...config.areas];
    this.syncAreas();
    this.reportIntervalMs = config.reportInterval * 1000;
    this.keepalive = config.keepalive;
    this.reportDueAt = Math.min(this.reportDueAt, Date.now() + this.reportIntervalMs);
    this.emit('config', config);
    this.setVolume(config.volume);
  }

  private handleCommand(json: unknown, topic: string): void {
    const parsed = deviceCommandSchema.safeParse(json);
    if (!parsed.success) {
      this.drop('malformed', `${topic}: ${parsed.error.message}`);
      return;
    }
    const command = parsed.data;
    const verdict = this.filter.check(command);
    if (verdict !== 'accept') {
      this.drop(verdict, `${command.type} ${command.id}`);
      return;
    }
    this.emit('command', command);
    // A play that starts is confirmed by its `started` event (it carries the command id): one
    // message instead of two per speaker when a bulletin reaches thousands at once.
    if (command.type === 'play') {
      if (!this.play(command)) this.publishEvent({ type: 'ack', cmdId: command.id, at: Date.now() });
      return;
    }
    this.publishEvent({ type: 'ack', cmdId: command.id, at: Date.now() });
    switch (command.type) {
      case 'stop':
        if (!command.sessionId || command.sessionId === this.session?.sessionId) this.stopSession('stopped');
        break;
      case 'volume':
        this.setVolume(command.volume);
        break;
      case 'reboot':
        this.reboot();
        break;
    }
  }

  /** Starts a session; answers false when the command is ignored (already playing it, lower priority, or already over). */
  private play(command: PlayCommand): boolean {
    // The same run of the session it already plays (the server re-sends after a pre-emption ends
    // or when it is unsure): it carries on in step rather than restarting the item.
    if (this.session && this.session.sessionId === command.sessionId && this.session.command.startAt === command.startAt) {
      this.emit('ignored', command);
      return false;
    }
    if (this.session && !shouldReplace(this.session, command)) {
      this.log.info(`[${this.deviceId}] bỏ qua phiên ưu tiên thấp hơn / ignored lower priority session ${command.sessionId}`);
      this.emit('ignored', command);
      return false;
    }
    if (!locateInTimeline(command.items, (Date.now() - command.startAt) / 1000)) {
      this.log.info(`[${this.deviceId}] phiên đã kết thúc / session already over: ${command.sessionId}`);
      return false;
    }
    this.session?.abort('preempted');
    const session: PlaybackSession = new PlaybackSession(
      command,
      this.player as Player,
      {
        onItemStart: (index, position) => this.onItemStart(session, index, position),
        onItemEnd: (index, outcome) => this.onItemEnd(session, index, outcome),
        onEnd: () => this.onSessionEnd(session),
      },
      (url) => this.resolveUrl(url),
    );
    this.session = session;
    void session.run();
    return true;
  }

  private resolveUrl(url: string): string {
    try {
      return new URL(url, this.options.audioBaseUrl).toString();
    } catch {
      return url;
    }
  }

  private onItemStart(session: PlaybackSession, index: number, position: number): void {
    const item = session.command.items[index];
    this.log.info(`[${this.deviceId}] đang phát / playing "${item.title || session.command.title}" (${index + 1}/${session.command.items.length}) từ / from ${position.toFixed(1)} s`);
    // `started` tells the server what plays now; the retained state follows a moment later (with
    // jitter), so a bulletin to a whole province is not answered by two messages per speaker at once.
    this.publishEvent({
      type: 'started', cmdId: session.command.id, sessionId: session.sessionId, itemIndex: index, url: item.url,
      title: (item.title || session.command.title).slice(0, 200), position: Math.round(position * 10) / 10, at: Date.now(),
    });
    this.reportStateSoon();
  }

  private onItemEnd(session: PlaybackSession, index: number, outcome: ItemOutcome): void {
    const base = { cmdId: session.command.id, sessionId: session.sessionId, itemIndex: index, url: session.command.items[index].url, at: Date.now() };
    if (outcome.kind === 'error') {
      this.log.warn(`[${this.deviceId}] lỗi phát / play error: ${outcome.message}`);
      this.publishEvent({ ...base, type: 'error', message: outcome.message.slice(0, 500) });
    } else {
      this.publishEvent({ ...base, type: 'finished', ...(outcome.kind === 'interrupted' ? { message: outcome.reason } : {}) });
    }
  }

  private onSessionEnd(session: PlaybackSession): void {
    if (this.session !== session) return;
    this.session = null;
    this.log.info(`[${this.deviceId}] phát xong / finished session ${session.sessionId}`);
    this.reportState();
    this.emit('played', session.sessionId);
  }

  private stopSession(reason: InterruptReason, report = true): void {
    const session = this.session;
    if (!session) return;
    this.session = null;
    session.abort(reason, report && !this.dead);
    if (report) {
      this.log.info(`[${this.deviceId}] dừng phát / stopped ${session.sessionId} (${reason})`);
      this.reportState();
    }
  }

  /** Sets the volume; returns whether it changed (and was reported). */
  private setVolume(volume: number): boolean {
    if (volume === this.volumeLevel) return false;
    this.volumeLevel = volume;
    this.player?.setVolume(volume);
    this.reportState();
    return true;
  }

  private reboot(): void {
    const client = this.client;
    if (!client || this.rebooting) return;
    this.log.info(`[${this.deviceId}] khởi động lại / rebooting`);
    this.rebooting = true;
    this.stopSession('reboot');
    client.end(false, () => {
      setTimeout(() => {
        this.rebooting = false;
        this.reconnect(false);
      }, REBOOT_DELAY_MS);
    });
  }

  /** Events are built here from typed values (the tests check them against the contract), so they go out without a schema pass. */
  private publishEvent(event: DeviceEvent): void {
    if (!this.client || this.dead) return;
    this.client.publish(topics.event(this.deviceId), JSON.stringify(event), EVENT_PUBLISH, (error) => {
      if (error) this.log.debug?.(`[${this.deviceId}] event not sent: ${error.message}`);
    });
    this.emit('event', event);
  }
}
