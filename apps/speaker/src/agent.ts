import { EventEmitter } from 'node:events';
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
/** A state change that an event already told (an item started) is reported after this, plus jitter. */
const STATE_SETTLE_MS = 1000;
const EVENT_PUBLISH = { qos: 1 } as const;

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
}

/**
 * A speaker: connects to the broker as its device (DeviceLink), follows its retained configuration
 * (areas, volume, report interval), plays the commands it receives (Playout) and reports state and
 * events (docs/device-protocol.md).
 */
export class SpeakerAgent extends EventEmitter<SpeakerAgentEvents> implements Reporter {
  readonly deviceId: string;
  reportDueAt = Number.POSITIVE_INFINITY;
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

  constructor(private readonly options: SpeakerAgentOptions) {
    super();
    if (options.player && options.outputDir) throw new Error('outputDir chooses the player: give one or the other');
    this.deviceId = options.deviceId;
    this.player = options.player ?? null;
    this.volumeLevel = options.volume ?? 70;
    this.log = options.logger ?? silentLogger;
    this.link = new DeviceLink({ ...options, logger: this.log });
    this.link.on('up', () => this.onUp());
    this.link.on('down', () => this.emit('disconnected'));
    this.link.on('attemptFailed', () => this.emit('attemptFailed', null));
    this.link.on('reconnecting', (delay) => this.emit('reconnecting', delay));
    this.link.on('refused', (error) => this.onRefused(error));
    this.link.on('message', (topic, payload) => this.onMessage(topic, payload));
    this.playout = new Playout(() => this.player as Player, {
      onItemStart: (session, index, position) => this.onItemStart(session, index, position),
      onItemEnd: (session, index, outcome) => this.onItemEnd(session, index, outcome),
      onSessionEnd: (session) => this.onSessionEnd(session),
    }, (url) => this.resolveUrl(url));
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
      ts: Date.now(),
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

  private shutdown(): void {
    this.ended = true;
    removeReporter(this);
    this.startWaiter?.reject(new Error('agent stopped before it connected'));
    this.startWaiter = null;
  }

  private onUp(): void {
    this.log.info(`[${this.deviceId}] đã kết nối / connected`);
    addReporter(this);
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
    this.link.publish(topics.event(this.deviceId), JSON.stringify(event), EVENT_PUBLISH, (error) => {
      if (error) this.log.debug?.(`[${this.deviceId}] event not sent: ${error.message}`);
    });
    this.emit('event', event);
  }
}
