import { EventEmitter } from 'node:events';
import { agentVersionOf, topics, type DeviceState } from '@loa/contract';
import { DEFAULT_FIRMWARE, parseJson, type DropReason, type SpeakerAgentEvents, type SpeakerAgentOptions } from './agentTypes';
import { ClockExchange } from './clockExchange';
import { ClockSync, monotonicClock } from './clockSync';
import { CommandHandler } from './commandHandler';
import { DeviceLink, type ConnectionRefusedError } from './deviceLink';
import { DeviceSettings } from './deviceSettings';
import { silentLogger, type Logger } from './logger';
import { playEventHooks } from './playEvents';
import { HealthMonitor } from './health';
import { MediaCache } from './mediaCache';
import { withDeviceProof } from './mediaProof';
import { PlanKeeper } from './plan';
import { choosePlayer, type Player } from './player';
import { Playout } from './playout';
import { addReporter, removeReporter, type Reporter } from './reportClock';
import type { InterruptReason } from './session';
import { deviceState, StateReporter } from './stateReporter';
import { Updater } from './updater';
import { AGENT_VERSION } from './version';

export { ConnectionRefusedError } from './deviceLink';
export { DEFAULT_FIRMWARE } from './agentTypes';
export type { DropReason, SpeakerAgentEvents, SpeakerAgentOptions } from './agentTypes';

const REBOOT_DELAY_MS = 1000;
/** A state change that an event already told (an item started) is reported after this, plus jitter. */
const STATE_SETTLE_MS = 1000;
const DEFAULT_CACHE_BYTES = 512 * 1024 * 1024;

/**
 * A speaker: connects to the broker as its device (DeviceLink), follows its retained configuration
 * (areas, volume, report interval), plays the commands it receives (CommandHandler, Playout) and
 * reports state and events (StateReporter, playEvents; docs/device-protocol.md). This class holds
 * the lifecycle (start, stop, kill, reboot) and wires the parts to the link.
 */
export class SpeakerAgent extends EventEmitter<SpeakerAgentEvents> implements Reporter {
  readonly deviceId: string;
  /** The device's estimate of the server clock: every timing decision reads it. */
  readonly clock: ClockSync;
  reportDueAt = Number.POSITIVE_INFINITY;
  syncDueAt = Number.POSITIVE_INFINITY;
  private readonly link: DeviceLink;
  private readonly playout: Playout;
  private readonly reporter: StateReporter;
  private readonly clockExchange: ClockExchange;
  private readonly commands: CommandHandler;
  private readonly settings: DeviceSettings;
  /** The plan of scheduled occurrences and its file cache (issue #30). */
  readonly plan: PlanKeeper;
  private readonly cache: MediaCache | null;
  /** The box's health readings (issue #31), when `options.health` asks for them. */
  private readonly health: HealthMonitor | null;
  /** Remote updates (issue #31), when the options give their settings. */
  private readonly updater: Updater | null;
  private player: Player | null;
  private ended = false;
  private dead = false;
  private startWaiter: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private readonly log: Logger;

  constructor(private readonly options: SpeakerAgentOptions) {
    super();
    if (options.player && options.outputDir) throw new Error('outputDir chooses the player: give one or the other');
    this.deviceId = options.deviceId;
    this.player = options.player ?? null;
    const log = options.logger ?? silentLogger;
    this.log = log;
    const clock = new ClockSync(options.clock ?? monotonicClock());
    this.clock = clock;
    const link = new DeviceLink({ ...options, logger: log });
    this.link = link;
    const deviceId = this.deviceId;
    this.settings = new DeviceSettings({
      link,
      player: () => this.player,
      drop: (reason, detail) => this.drop(reason, detail),
      onConfig: (config) => {
        this.reportDueAt = Math.min(this.reportDueAt, Date.now() + this.settings.reportIntervalMs);
        this.emit('config', config);
      },
      onVolume: () => this.reportState(),
    }, options.volume);
    this.reporter = new StateReporter({
      deviceId, link, clock, log,
      state: () => this.state,
      isDead: () => this.dead,
      reportAgain: () => this.reportState(),
      onState: (state) => this.emit('state', state),
      onEvent: (event) => this.emit('event', event),
    });
    this.playout = new Playout(() => this.player as Player, playEventHooks({
      deviceId, clock, log, reporter: this.reporter,
      reportSoon: () => this.reportStateSoon(),
      reportNow: () => this.reportState(),
      onPlayed: (sessionId) => this.emit('played', sessionId),
    }), (url) => this.resolveUrl(url), () => clock.now());
    this.clockExchange = new ClockExchange({
      deviceId, link, clock, log,
      onVerdict: (verdict) => this.emit('clockAnswer', verdict),
      onFirstSync: () => this.commands.releaseHeld(),
      onAnswered: () => {
        if (this.reporter.clockChanged()) this.reportStateSoon();
      },
    });
    this.commands = new CommandHandler({
      deviceId, clock, log, playout: this.playout, reporter: this.reporter,
      drop: (reason, detail) => this.drop(reason, detail),
      onCommand: (command) => this.emit('command', command),
      onIgnored: (command) => this.emit('ignored', command),
      stopSession: (reason) => this.stopSession(reason),
      setVolume: (volume) => this.settings.setVolume(volume),
      reboot: () => this.reboot(),
      update: (command) => {
        if (!this.updater) return void log.warn(`[${deviceId}] lệnh cập nhật bị bỏ qua: loa không bật cập nhật từ xa / update ignored: updates not configured`);
        this.updater.handle(command).catch((error: unknown) => log.error(`[${deviceId}] cập nhật lỗi / update error: ${(error as Error).message}`));
      },
    });
    this.updater = options.updates
      ? new Updater(options.updates, {
        deviceId, secret: options.secret, serverUrl: options.audioBaseUrl ?? '', log,
        version: agentVersionOf(options.firmware) ?? AGENT_VERSION,
        report: (event) => this.reporter.publishEvent({ type: 'update', ...event, at: Math.round(clock.now()) }),
      })
      : null;
    this.cache = options.cacheDir ? new MediaCache(options.cacheDir, options.cacheBytes ?? DEFAULT_CACHE_BYTES) : null;
    this.plan = new PlanKeeper({
      deviceId, clock, log, playout: this.playout, cache: this.cache,
      resolveUrl: (url) => this.resolveUrl(url), secret: options.secret,
      report: (message) => this.reporter.publishEvent({ type: 'error', message: message.slice(0, 500), at: Math.round(clock.now()) }),
      onChange: () => this.reportStateSoon(),
    });
    this.on('played', (sessionId) => this.plan.finished(sessionId));
    // The first reading goes out soon; later ones ride on the periodic state.
    let firstReading = true;
    this.health = options.health ? new HealthMonitor(options.health, () => {
      if (firstReading) this.reportStateSoon();
      firstReading = false;
    }) : null;
    link.on('up', () => this.onUp());
    link.on('down', () => this.onDown());
    link.on('attemptFailed', () => this.emit('attemptFailed', null));
    link.on('reconnecting', (delay) => this.emit('reconnecting', delay));
    link.on('refused', (error) => this.onRefused(error));
    link.on('message', (topic, payload) => this.onMessage(topic, payload));
  }

  get connected(): boolean {
    return this.link.up;
  }

  get volume(): number {
    return this.settings.volume;
  }

  /** Area ids whose command topics the agent follows. */
  get areas(): readonly string[] {
    return this.settings.areas;
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
    const plan = this.plan.status;
    const health = this.health?.latest;
    return {
      ...deviceState(this.settings.volume, this.playing, this.options.firmware ?? DEFAULT_FIRMWARE, this.clock),
      ...(plan ? { plan: { version: plan.version, missing: plan.missing } } : {}),
      ...(health ? { health } : {}),
    };
  }

  /** Connects; resolves on the first accepted connection, rejects when the broker refuses the secret. */
  async start(): Promise<void> {
    if (this.link.started) throw new Error('agent already started');
    this.player ??= await choosePlayer({ fetchAudio: this.options.fetchAudio ?? true, outputDir: this.options.outputDir });
    this.player.setVolume(this.settings.volume);
    await this.cache?.open();
    await this.updater?.resume();
    this.plan.start();
    this.health?.start();
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
    this.reportDueAt = Date.now() + this.settings.reportIntervalMs;
    if (!this.link.up || this.dead) return;
    this.reporter.send();
  }

  /**
   * Starts a clock exchange (the report clock calls it when due): publishes the request on the
   * device's clock topic; the answer comes on its time topic.
   */
  syncClock(): void {
    this.syncDueAt = Date.now() + this.clockExchange.nextGapMs();
    if (!this.link.up || this.dead) return;
    // Judged again each exchange: a clock that became untrusted (no answers) is reported soon.
    if (this.reporter.clockChanged()) this.reportStateSoon();
    this.clockExchange.request();
  }

  /** Reports state within the next one to three seconds (the process-wide report clock ticks each second). */
  private reportStateSoon(): void {
    this.reportDueAt = Math.min(this.reportDueAt, Date.now() + STATE_SETTLE_MS + Math.random() * STATE_SETTLE_MS);
  }

  private onUp(): void {
    this.log.info(`[${this.deviceId}] đã kết nối / connected`);
    addReporter(this);
    // The clock first: its answer usually comes before the running bulletin the state brings.
    this.clockExchange.startBurst(() => this.syncClock());
    this.reportState();
    this.updater?.connected().catch((error: unknown) => this.log.error(`[${this.deviceId}] cập nhật lỗi / update error: ${(error as Error).message}`));
    this.emit('connected');
    this.startWaiter?.resolve();
    this.startWaiter = null;
  }

  private onDown(): void {
    this.clockExchange.stopBurst();
    this.syncDueAt = Number.POSITIVE_INFINITY;
    this.emit('disconnected');
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

  private shutdown(): void {
    this.ended = true;
    this.plan.stop();
    this.health?.stop();
    this.updater?.stop();
    this.clockExchange.stopBurst();
    this.reporter.cancel();
    this.commands.clear();
    removeReporter(this);
    this.startWaiter?.reject(new Error('agent stopped before it connected'));
    this.startWaiter = null;
  }

  private onMessage(topic: string, payload: Buffer): void {
    if (topic === topics.time(this.deviceId)) return this.clockExchange.answer(payload, this.clock.localNow());
    if (payload.length === 0) return; // a cleared retained message
    const json = parseJson(payload);
    if (json === undefined) {
      this.drop('malformed', `not JSON on ${topic}`);
      return;
    }
    if (topic === topics.config(this.deviceId)) this.settings.apply(json);
    else if (topic === topics.plan(this.deviceId)) this.plan.receive(json);
    else this.commands.receive(json, topic);
  }

  private drop(reason: DropReason, detail: string): void {
    this.log.warn(`[${this.deviceId}] bỏ qua lệnh / command dropped (${reason}): ${detail}`);
    this.emit('dropped', reason, detail);
  }

  private stopSession(reason: InterruptReason, report = true): void {
    const session = this.playout.stop(reason, report && !this.dead);
    // Stopped by the server: its plan does not start it again.
    if (session && reason === 'stopped') this.plan.finished(session.sessionId);
    if (session && report) {
      this.log.info(`[${this.deviceId}] dừng phát / stopped ${session.sessionId} (${reason})`);
      this.reportState();
    }
  }

  private reboot(): void {
    if (!this.link.started) return;
    this.log.info(`[${this.deviceId}] khởi động lại / rebooting`);
    this.stopSession('reboot');
    this.link.restart(REBOOT_DELAY_MS);
  }

  private resolveUrl(url: string): string {
    // A file of the plan held in the cache plays from there, whatever the link does.
    const local = this.plan?.localFile(url);
    if (local) return local;
    let absolute: string;
    try {
      absolute = new URL(url, this.options.audioBaseUrl).toString();
    } catch {
      return url;
    }
    // The server's own audio: the speaker proves who it is, so it gets only what is meant for it.
    return withDeviceProof(absolute, this.options.audioBaseUrl, this.deviceId, this.options.secret);
  }
}
