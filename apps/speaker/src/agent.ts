import { EventEmitter } from 'node:events';
import {
  CLOCK_SYNC,
  deviceCommandSchema,
  deviceConfigSchema,
  deviceStateSchema,
  topics,
  type DeviceCommand,
  type DeviceConfig,
  type DeviceEvent,
  type DeviceState,
} from '@loa/contract';
import { ClockSync, monotonicClock, type LocalClock } from './clockSync';
import { CommandFilter } from './commandFilter';
import { ConnectionRefusedError, DeviceLink } from './deviceLink';
import { localIp } from './localIp';
import { silentLogger, type Logger } from './logger';
import { choosePlayer, type Player } from './player';
import { Playout } from './playout';
import { addReporter, removeReporter, type Reporter } from './reportClock';
import type { InterruptReason, ItemOutcome, PlayCommand, PlaybackSession } from './session';

export { ConnectionRefusedError } from './deviceLink';

export const DEFAULT_FIRMWARE = 'loa-speaker/0.1.0';
const DEFAULT_REPORT_INTERVAL_S = 20;
const REBOOT_DELAY_MS = 1000;
/** Commands that arrive before the first clock answer wait for it this long at most, ms. */
const UNSYNCED_HOLD_MS = 2_000;
/** A state change that an event already told (an item started) is reported after this, plus jitter. */
const STATE_SETTLE_MS = 1000;
const EVENT_PUBLISH = { qos: 1 } as const;
/** Longest a state report waits for the events sent before it to be acknowledged, ms. */
const STATE_WAIT_MS = 2_000;

export interface SpeakerAgentOptions {
  /** mqtt://, mqtts://, ws:// or wss:// */
  mqttUrl: string;
  deviceId: string;
  secret: string;
  firmware?: string;
  /** Defaults to `choosePlayer({ fetchAudio, outputDir })`. */
  player?: Player;
  /** The silent player opens each audio URL over HTTP(S) (default true). */
  fetchAudio?: boolean;
  /**
   * Writes what it plays to WAV files in this folder (one per item, `<sessionId>-<item>.wav`) through
   * mpg123 instead of the sound device; needs mpg123, and no `player` of its own.
   */
  outputDir?: string;
  logger?: Logger;
  /** Base for item URLs that are not absolute (e.g. "/media/x.mp3"). */
  audioBaseUrl?: string;
  /** Volume until the configuration says otherwise (default 70). */
  volume?: number;
  /** First reconnect delay, doubled up to 30 s (default 1000 ms). */
  reconnectBaseMs?: number;
  connectTimeoutMs?: number;
  /** The device's own clock (default: the system's, advanced monotonically); tests give a wrong one. */
  clock?: LocalClock;
  /** Simulation only (tests, benchmarks): one-way delay added to every message, ms. */
  simulatedLatency?: () => number;
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
  /** A play ignored: outranked by what plays (a higher priority, or the same one without takeover), or the very run it already plays. */
  ignored: [command: PlayCommand];
  /** Every event published (ack, started, finished, error). */
  event: [event: DeviceEvent];
  state: [state: DeviceState];
  /** A session played to its end. */
  played: [sessionId: string];
  /** A clock answer was taken or ignored (docs/device-protocol.md "Clock"). */
  clockAnswer: [verdict: 'accepted' | 'malformed' | 'unknown' | 'absurd'];
}

/**
 * A speaker: connects to the broker as its device (DeviceLink), follows its retained configuration
 * (areas, volume, report interval), plays the commands it receives (Playout) and reports state and
 * events (docs/device-protocol.md).
 */
export class SpeakerAgent extends EventEmitter<SpeakerAgentEvents> implements Reporter {
  readonly deviceId: string;
  /** The device's estimate of the server clock: every timing decision reads it. */
  readonly clock: ClockSync;
  reportDueAt = Number.POSITIVE_INFINITY;
  syncDueAt = Number.POSITIVE_INFINITY;
  private readonly link: DeviceLink;
  private readonly playout: Playout;
  private player: Player | null;
  private readonly filter = new CommandFilter(1000);
  private areaIds: string[] = [];
  private volumeLevel: number;
  private reportIntervalMs = DEFAULT_REPORT_INTERVAL_S * 1000;
  private ended = false;
  private dead = false;
  private startWaiter: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private readonly log: Logger;
  /** Commands received before the clock's first answer (they are timed in server time). */
  private held: { json: unknown; topic: string }[] = [];
  private holdTimer: NodeJS.Timeout | null = null;
  private burstTimers: NodeJS.Timeout[] = [];
  private reportedClock = '';
  /** Events sent at QoS 1 and not yet acknowledged: a state report waits for them (below). */
  private eventsInFlight = 0;
  private stateWaiting: NodeJS.Timeout | null = null;

  constructor(private readonly options: SpeakerAgentOptions) {
    super();
    if (options.player && options.outputDir) throw new Error('outputDir chooses the player: give one or the other');
    this.deviceId = options.deviceId;
    this.player = options.player ?? null;
    this.volumeLevel = options.volume ?? 70;
    this.log = options.logger ?? silentLogger;
    this.clock = new ClockSync(options.clock ?? monotonicClock());
    this.link = new DeviceLink({ ...options, logger: this.log });
    this.link.on('up', () => this.onUp());
    this.link.on('down', () => this.onDown());
    this.link.on('attemptFailed', () => this.emit('attemptFailed', null));
    this.link.on('reconnecting', (delay) => this.emit('reconnecting', delay));
    this.link.on('refused', (error) => this.onRefused(error));
    this.link.on('message', (topic, payload) => this.onMessage(topic, payload));
    this.playout = new Playout(() => this.player as Player, {
      onItemStart: (session, index, position) => this.onItemStart(session, index, position),
      onItemEnd: (session, index, outcome) => this.onItemEnd(session, index, outcome),
      onSessionEnd: (session) => this.onSessionEnd(session),
    }, (url) => this.resolveUrl(url), () => this.clock.now());
  }

  get connected(): boolean {
    return this.link.up;
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
    return this.link.unsubscribedAreas;
  }

  /** What plays now (as reported in state), or null. */
  get playing(): DeviceState['playing'] {
    return this.playout.playing;
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
      ts: Math.round(this.clock.localNow()),
      clock: this.clock.status(),
    };
  }

  /** Connects; resolves on the first accepted connection, rejects when the broker refuses the secret. */
  async start(): Promise<void> {
    if (this.link.started) throw new Error('agent already started');
    this.player ??= await choosePlayer({ fetchAudio: this.options.fetchAudio ?? true, outputDir: this.options.outputDir });
    this.player.setVolume(this.volumeLevel);
    return new Promise((resolve, reject) => {
      this.startWaiter = { resolve, reject };
      this.link.open();
    });
  }

  /** Graceful stop: reports `{ online: false }` (retained), then disconnects cleanly. */
  async stop(): Promise<void> {
    if (this.ended || !this.link.started) return;
    this.shutdown();
    const session = this.playout.current;
    this.stopSession('shutdown');
    await this.link.close();
    // The player has let go of the item it played (a WAV of the output folder is sealed).
    await session?.settled;
  }

  /** Abrupt death (power cut): the socket is destroyed without DISCONNECT, so the broker publishes the last will. */
  kill(): void {
    if (this.ended || !this.link.started) return;
    this.dead = true;
    this.shutdown();
    this.stopSession('shutdown', false);
    this.link.kill();
  }

  /** Reports state now (and reschedules the periodic report). */
  reportState(): void {
    this.reportDueAt = Date.now() + this.reportIntervalMs;
    if (!this.link.up || this.dead) return;
    // mqtt.js writes a QoS 0 message at once but a QoS 1 one only after storing it: a state sent
    // right after an item's `started` would overtake it, and the server, reading `started` last,
    // would think the item still plays. The state waits until the events before it are acknowledged.
    if (this.eventsInFlight > 0) {
      this.stateWaiting ??= setTimeout(() => {
        this.stateWaiting = null;
        this.eventsInFlight = 0;
        this.reportState();
      }, STATE_WAIT_MS);
      return;
    }
    this.reportedClock = this.clockSignature();
    const parsed = deviceStateSchema.safeParse(this.state);
    if (!parsed.success) {
      this.log.error(`[${this.deviceId}] invalid state not sent: ${parsed.error.message}`);
      return;
    }
    // QoS 0: a state is the whole picture and is sent again after every reconnect. At QoS 1 a state
    // still unacknowledged when the link dropped would be replayed from the session store ahead of
    // the new subscriptions, and the server, taking it for "subscribed and online", would send the
    // running bulletin to a speaker not yet listening.
    this.link.publish(topics.state(this.deviceId), JSON.stringify(parsed.data), { qos: 0, retain: true });
    this.emit('state', parsed.data);
  }

  /** Reports state within the next one to three seconds (the process-wide report clock ticks each second). */
  private reportStateSoon(): void {
    this.reportDueAt = Math.min(this.reportDueAt, Date.now() + STATE_SETTLE_MS + Math.random() * STATE_SETTLE_MS);
  }

  /**
   * Starts a clock exchange (the report clock calls it when due): publishes the request on the
   * device's clock topic; the answer comes on its time topic.
   */
  syncClock(): void {
    this.syncDueAt = Date.now() + CLOCK_SYNC.intervalMs;
    if (!this.link.up || this.dead) return;
    // Judged again each exchange: a clock that became untrusted (no answers) is reported soon.
    if (this.clockSignature() !== this.reportedClock) this.reportStateSoon();
    this.link.publish(topics.clock(this.deviceId), JSON.stringify(this.clock.request()), { qos: 0 });
  }

  private clockSignature(): string {
    const { quality, fault } = this.clock.status();
    return `${quality}|${fault ?? ''}`;
  }

  private onClockAnswer(payload: Buffer, t4: number): void {
    let json: unknown = null;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      // counted as malformed below
    }
    const wasSynced = this.clock.synced;
    const verdict = this.clock.answer(json, t4);
    this.emit('clockAnswer', verdict);
    if (verdict !== 'accepted') {
      this.log.debug?.(`[${this.deviceId}] bỏ qua trả lời đồng hồ / clock answer ignored (${verdict})`);
      return;
    }
    if (!wasSynced) {
      const { offset, rtt } = this.clock.status();
      this.log.info(`[${this.deviceId}] đồng bộ đồng hồ / clock synchronised: ${offset >= 0 ? '+' : ''}${offset} ms (khứ hồi / round trip ${rtt} ms)`);
      this.releaseHeld();
    }
    if (this.clockSignature() !== this.reportedClock) this.reportStateSoon();
  }

  /** Plays the commands that waited for the clock (or for the hold to run out). */
  private releaseHeld(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    const held = this.held;
    this.held = [];
    for (const h of held) this.handleCommand(h.json, h.topic);
  }

  private clearClockTimers(): void {
    for (const t of this.burstTimers) clearTimeout(t);
    this.burstTimers = [];
  }

  private onDown(): void {
    this.clearClockTimers();
    this.syncDueAt = Number.POSITIVE_INFINITY;
    this.emit('disconnected');
  }

  private shutdown(): void {
    this.ended = true;
    this.clearClockTimers();
    if (this.stateWaiting) clearTimeout(this.stateWaiting);
    this.stateWaiting = null;
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.held = [];
    removeReporter(this);
    this.startWaiter?.reject(new Error('agent stopped before it connected'));
    this.startWaiter = null;
  }

  private onUp(): void {
    this.log.info(`[${this.deviceId}] đã kết nối / connected`);
    addReporter(this);
    // The clock first: its answer usually comes before the running bulletin the state brings.
    this.clock.reconnected();
    this.clearClockTimers();
    this.syncClock();
    for (let i = 1; i < CLOCK_SYNC.burst; i += 1) {
      const timer = setTimeout(() => this.syncClock(), i * CLOCK_SYNC.burstGapMs);
      timer.unref();
      this.burstTimers.push(timer);
    }
    this.reportState();
    this.emit('connected');
    this.startWaiter?.resolve();
    this.startWaiter = null;
  }

  private onRefused(refused: ConnectionRefusedError): void {
    this.log.error(`[${this.deviceId}] ${refused.message}`);
    this.emit('refused', refused);
    if (this.startWaiter) {
      const waiter = this.startWaiter;
      this.startWaiter = null;
      this.shutdown();
      this.link.abandon();
      waiter.reject(refused);
    }
  }

  private onMessage(topic: string, payload: Buffer): void {
    if (topic === topics.time(this.deviceId)) return this.onClockAnswer(payload, this.clock.localNow());
    if (payload.length === 0) return; // a cleared retained message
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.drop('malformed', `not JSON on ${topic}`);
      return;
    }
    if (topic === topics.config(this.deviceId)) this.applyConfig(json);
    else if (!this.clock.synced) this.hold(json, topic);
    else this.handleCommand(json, topic);
  }

  /** A command before the first clock answer: its times are server times, so it waits for the clock a moment. */
  private hold(json: unknown, topic: string): void {
    this.held.push({ json, topic });
    if (this.held.length > 100) this.held.shift();
    if (!this.holdTimer) {
      this.holdTimer = setTimeout(() => this.releaseHeld(), UNSYNCED_HOLD_MS);
      this.holdTimer.unref();
    }
  }

  private drop(reason: DropReason, detail: string): void {
    this.log.warn(`[${this.deviceId}] bỏ qua lệnh / command dropped (${reason}): ${detail}`);
    this.emit('dropped', reason, detail);
  }

  private applyConfig(json: unknown): void {
    const parsed = deviceConfigSchema.safeParse(json);
    if (!parsed.success) {
      this.drop('malformed', `config: ${parsed.error.message}`);
      return;
    }
    const config = parsed.data;
    this.areaIds = [...config.areas];
    this.link.setAreas(this.areaIds);
    this.reportIntervalMs = config.reportInterval * 1000;
    this.link.keepalive = config.keepalive;
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
    const verdict = this.filter.check(command, this.clock.now());
    if (verdict !== 'accept') {
      this.drop(verdict, `${command.type} ${command.id}`);
      return;
    }
    this.emit('command', command);
    // A play that starts is confirmed by its `started` event (it carries the command id): one
    // message instead of two per speaker when a bulletin reaches thousands at once.
    if (command.type === 'play') {
      if (!this.play(command)) this.publishEvent({ type: 'ack', cmdId: command.id, at: Math.round(this.clock.now()) });
      return;
    }
    this.publishEvent({ type: 'ack', cmdId: command.id, at: Math.round(this.clock.now()) });
    switch (command.type) {
      case 'stop':
        if (!command.sessionId || command.sessionId === this.playout.current?.sessionId) this.stopSession('stopped');
        break;
      case 'volume':
        this.setVolume(command.volume);
        break;
      case 'reboot':
        this.reboot();
        break;
    }
  }

  /** Starts a session; answers false when the command is ignored (already playing it, outranked by what plays, or already over). */
  private play(command: PlayCommand): boolean {
    const verdict = this.playout.play(command);
    if (verdict === 'outranked') this.log.info(`[${this.deviceId}] giữ phiên đang phát, bỏ qua phiên ${command.sessionId} (ưu tiên không cao hơn) / kept the playing session, ignored ${command.sessionId}`);
    if (verdict === 'over') this.log.info(`[${this.deviceId}] phiên đã kết thúc / session already over: ${command.sessionId}`);
    if (verdict === 'sameRun' || verdict === 'outranked') this.emit('ignored', command);
    return verdict === 'started';
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
      title: (item.title || session.command.title).slice(0, 200), position: Math.round(position * 10) / 10, at: Math.round(this.clock.now()),
    });
    this.reportStateSoon();
  }

  private onItemEnd(session: PlaybackSession, index: number, outcome: ItemOutcome): void {
    const base = { cmdId: session.command.id, sessionId: session.sessionId, itemIndex: index, url: session.command.items[index].url, at: Math.round(this.clock.now()) };
    if (outcome.kind === 'error') {
      this.log.warn(`[${this.deviceId}] lỗi phát / play error: ${outcome.message}`);
      this.publishEvent({ ...base, type: 'error', message: outcome.message.slice(0, 500) });
    } else {
      this.publishEvent({ ...base, type: 'finished', ...(outcome.kind === 'interrupted' ? { message: outcome.reason } : {}) });
    }
  }

  private onSessionEnd(session: PlaybackSession): void {
    this.log.info(`[${this.deviceId}] phát xong / finished session ${session.sessionId}`);
    this.reportState();
    this.emit('played', session.sessionId);
  }

  private stopSession(reason: InterruptReason, report = true): void {
    const session = this.playout.stop(reason, report && !this.dead);
    if (session && report) {
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
    if (!this.link.started) return;
    this.log.info(`[${this.deviceId}] khởi động lại / rebooting`);
    this.stopSession('reboot');
    this.link.restart(REBOOT_DELAY_MS);
  }

  /** Events are built here from typed values (the tests check them against the contract), so they go out without a schema pass. */
  private publishEvent(event: DeviceEvent): void {
    if (this.dead) return;
    this.eventsInFlight += 1;
    this.link.publish(topics.event(this.deviceId), JSON.stringify(event), EVENT_PUBLISH, (error) => {
      if (error) this.log.debug?.(`[${this.deviceId}] event not sent: ${error.message}`);
      this.eventsInFlight = Math.max(0, this.eventsInFlight - 1);
      if (this.eventsInFlight === 0 && this.stateWaiting) {
        clearTimeout(this.stateWaiting);
        this.stateWaiting = null;
        this.reportState();
      }
    });
    this.emit('event', event);
  }
}
