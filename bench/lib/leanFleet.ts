/**
 * Lean simulated speakers for the fan-out benchmark: each one is a real MQTT connection to the
 * real broker, authenticated with its device id and secret, speaking the device protocol
 * (docs/device-protocol.md) as the agent does: it follows its retained configuration, subscribes
 * to its own and its areas' command topics, publishes its state and the `started`, `finished` and
 * `ack` events. What it leaves out is the agent's machinery (mqtt.js, schemas, players), which
 * costs ~100 µs of CPU per command: 10,000 agents in one process on the server's two cores then
 * take a second to take in one bulletin, a queue that a real province, with a CPU in every
 * speaker, does not have. A lean speaker costs a few µs to read a command.
 *
 * Timing: each speaker notes the moment its command's bytes were parsed ('command'), then answers
 * (started event, state) from a queue drained once the current batch of reads is done, so no
 * speaker's reading waits for another speaker's writing. The `started` event's time is when it was
 * written to the socket ('event').
 */
import { EventEmitter } from 'node:events';
import net from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { CLOCK_SYNC, topics, type DeviceCommand, type DeviceConfig, type DeviceEvent, type DeviceState } from '@loa/contract';
import { CommandFilter, itemStartOffset, locateInTimeline, shouldReplace, type FleetDevice } from '@loa/speaker';
import type { ConsoleClient } from './consoleClient';
import { waitUntilOnline } from './connectFleet';
import { inPool } from './pool';

type PlayCommand = Extract<DeviceCommand, { type: 'play' }>;

export interface LeanSpeakerEvents {
  connected: [];
  refused: [];
  command: [command: DeviceCommand];
  event: [event: DeviceEvent];
}

const OFFLINE = Buffer.from(JSON.stringify({ online: false }));
const KEEPALIVE_S = 60;
const FIRMWARE = 'loa-bench-lean/1';
/** How many detached speakers a fleet runs before connecting (see LeanSpeaker.warmUp). */
const WARM_UP_ROUNDS = 3000;

interface Playing {
  command: PlayCommand;
  index: number;
  /** When the current item started (unix ms) and from which second of it. */
  startedAt: number;
  from: number;
  timer: NodeJS.Timeout | null;
}

export class LeanSpeaker extends EventEmitter<LeanSpeakerEvents> {
  connected = false;
  private socket: net.Socket | null = null;
  private nextMessageId = 1;
  private subscribed = new Set<string>();
  private session: Playing | null = null;
  private volume = 70;
  private readonly filter = new CommandFilter();
  private stateTimer: NodeJS.Timeout | null = null;
  private killed = false;
  private clockN = 0;
  /** Clock answers received. */
  clockAnswers = 0;
  /** When the next periodic state report is due (unix ms), as the agent's `reportInterval`. */
  reportDueAt = Number.POSITIVE_INFINITY;
  private reportIntervalMs = 20_000;

  constructor(
    readonly deviceId: string,
    private readonly secret: string,
    private readonly queue: (work: () => void) => void,
  ) {
    super();
  }

  /**
   * Runs a speaker's reading and answering code `rounds` times on detached speakers: a play command
   * parsed from its MQTT bytes, checked, its `started` event and state encoded for a socket that
   * drops them. Nothing reaches the network and no timer is left.
   *
   * Why: in a district every speaker has its own CPU, and its code has long been compiled when a
   * bulletin comes. Here thousands share one Node process, which meets that code first on the first
   * bulletin and runs it in V8's interpreter until it is compiled, while the later speakers'
   * commands wait to be read: a delay of the simulation, not of the server, that the first
   * bulletin's command times would count as the server's (measured on this machine: 10,000 first
   * commands took 0.7–0.9 s of this process cold, 0.23–0.31 s warm). The server is not warmed.
   * Returns how many of them started playing.
   */
  static warmUp(rounds: number): number {
    let started = 0;
    const sink = { destroyed: false, write: () => true, destroy: () => undefined } as unknown as net.Socket;
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    let speaker: LeanSpeaker | null = null;
    parser.on('packet', (packet) => speaker?.onPacket(packet));
    const now = Date.now();
    for (let i = 0; i < rounds; i += 1) {
      speaker = new LeanSpeaker(`warm-up-${i}`, '', (work) => work());
      speaker.socket = sink;
      speaker.connected = true;
      speaker.on('event', (event) => { if (event.type === 'started') started += 1; });
      const command: PlayCommand = {
        type: 'play', id: `warm-up-${i}`, issuedAt: now, expiresAt: now + 60_000, sessionId: `warm-up-${i}`, priority: 3, title: 'warm-up', startAt: now,
        items: [{ url: 'http://127.0.0.1:9/warm-up.mp3', duration: 10, title: 'warm-up', kind: 'relay' }],
      };
      parser.parse(mqttPacket.generate({ cmd: 'publish', topic: topics.areaCmd('warm-up'), payload: Buffer.from(JSON.stringify(command)), qos: 0, retain: false, dup: false }));
      speaker.reportState();
      speaker.kill();
    }
    return started;
  }

  get playing(): boolean {
    return this.session !== null;
  }

  connect(host: string, port: number): void {
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    parser.on('packet', (packet) => this.onPacket(packet));
    parser.on('error', () => this.socket?.destroy());
    const socket = net.connect(port, host);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.connected = false;
      this.socket = null;
    });
    this.socket = socket;
    this.send({
      cmd: 'connect', protocolId: 'MQTT', protocolVersion: 4, clean: true, clientId: this.deviceId, keepalive: KEEPALIVE_S,
      username: this.deviceId, password: Buffer.from(this.secret),
      will: { topic: topics.state(this.deviceId), payload: OFFLINE, qos: 1, retain: true },
    });
  }

  ping(): void {
    if (this.connected) this.send({ cmd: 'pingreq' });
  }

  /**
   * A clock request as the agent sends them (a burst of CLOCK_SYNC.burst at connect, settling ones,
   * then one a minute), so the server carries the fleet's clock traffic; the answers are only counted.
   */
  syncClock(): void {
    if (!this.connected || this.killed) return;
    this.clockN += 1;
    this.send({ cmd: 'publish', topic: topics.clock(this.deviceId), payload: Buffer.from(JSON.stringify({ n: this.clockN, t1: Date.now() })), qos: 0, retain: false, dup: false });
  }

  /**
   * The agent's settling exchanges after the burst, as many as it may send (the worst case: a
   * clock that stays uncertain), `CLOCK_SYNC.settleGapMs` plus up to as much again apart.
   */
  private settle(left: number, afterMs: number): void {
    if (left <= 0) return;
    setTimeout(() => {
      if (!this.connected || this.killed) return;
      this.syncClock();
      this.settle(left - 1, CLOCK_SYNC.settleGapMs * (1 + Math.random()));
    }, afterMs).unref();
  }

  /** Closes the connection without a DISCONNECT (its last will goes out), like a power cut. */
  kill(): void {
    this.killed = true;
    if (this.session?.timer) clearTimeout(this.session.timer);
    if (this.stateTimer) clearTimeout(this.stateTimer);
    this.session = null;
    this.socket?.destroy();
  }

  private send(packet: Packet): void {
    if (this.socket && !this.socket.destroyed) this.socket.write(mqttPacket.generate(packet));
  }

  private messageId(): number {
    const id = this.nextMessageId;
    this.nextMessageId = id >= 65535 ? 1 : id + 1;
    return id;
  }

  private publish(topic: string, payload: unknown, retain = false): void {
    this.send({ cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(payload)), qos: 1, retain, dup: false, messageId: this.messageId() });
  }

  private subscribe(list: { topic: string; qos: 0 | 1 }[]): void {
    const fresh = list.filter((s) => !this.subscribed.has(s.topic));
    if (fresh.length === 0) return;
    for (const s of fresh) this.subscribed.add(s.topic);
    this.send({ cmd: 'subscribe', messageId: this.messageId(), subscriptions: fresh });
  }

  private onPacket(packet: Packet): void {
    switch (packet.cmd) {
      case 'connack':
        if (packet.returnCode !== 0) {
          this.emit('refused');
          this.socket?.destroy();
          return;
        }
        this.subscribe([{ topic: topics.deviceCmd(this.deviceId), qos: 0 }, { topic: topics.config(this.deviceId), qos: 1 }, { topic: topics.time(this.deviceId), qos: 0 }]);
        return;
      case 'suback':
        if (!this.connected) {
          // As the agent: state only once subscribed, since the server answers it with what runs.
          this.connected = true;
          for (let i = 0; i < CLOCK_SYNC.burst; i += 1) setTimeout(() => this.syncClock(), i * CLOCK_SYNC.burstGapMs).unref();
          this.settle(CLOCK_SYNC.settleMax, (CLOCK_SYNC.burst - 1) * CLOCK_SYNC.burstGapMs + CLOCK_SYNC.settleGapMs * (1 + Math.random()));
          this.reportState();
          this.emit('connected');
        }
        return;
      case 'publish': {
        if (packet.qos === 1 && packet.messageId !== undefined) this.send({ cmd: 'puback', messageId: packet.messageId });
        if (packet.payload.length === 0) return;
        if (packet.topic === topics.time(this.deviceId)) {
          this.clockAnswers += 1;
          return;
        }
        const json: unknown = JSON.parse(packet.payload.toString());
        if (packet.topic === topics.config(this.deviceId)) this.applyConfig(json as DeviceConfig);
        else this.onCommand(json as DeviceCommand);
        return;
      }
      default:
    }
  }

  /** The periodic state report, when due (LeanFleet's `reportState` option calls it every second). */
  reportIfDue(now: number): void {
    if (this.connected && !this.killed && now >= this.reportDueAt) this.reportState();
  }

  private applyConfig(config: DeviceConfig): void {
    this.volume = config.volume;
    this.reportIntervalMs = config.reportInterval * 1000;
    this.subscribe(config.areas.map((a) => ({ topic: topics.areaCmd(a), qos: 0 as const })));
  }

  private onCommand(command: DeviceCommand): void {
    if (this.killed || this.filter.check(command) !== 'accept') return;
    this.emit('command', command);
    this.queue(() => this.handle(command));
  }

  private handle(command: DeviceCommand): void {
    if (this.killed) return;
    if (command.type === 'play') {
      if (!this.play(command)) this.event({ type: 'ack', cmdId: command.id, at: Date.now() });
      return;
    }
    this.event({ type: 'ack', cmdId: command.id, at: Date.now() });
    if (command.type === 'stop' && this.session && (!command.sessionId || command.sessionId === this.session.command.sessionId)) {
      this.endItem('stopped');
      this.session = null;
      this.reportState();
    } else if (command.type === 'volume') {
      this.volume = command.volume;
      this.reportState();
    }
  }

  private play(command: PlayCommand): boolean {
    const current = this.session;
    if (current && current.command.sessionId === command.sessionId && current.command.startAt === command.startAt) return false;
    // The agent's rules (apps/speaker/src/playout.ts): a new run of the same session follows, another must win arbitration.
    if (current && current.command.sessionId !== command.sessionId && !shouldReplace({ sessionId: current.command.sessionId, priority: current.command.priority }, command)) return false;
    const at = locateInTimeline(command.items, (Date.now() - command.startAt) / 1000);
    if (!at) return false;
    if (current) this.endItem(current.command.priority === command.priority ? 'takenOver' : 'preempted');
    this.session = { command, index: at.index, startedAt: Date.now(), from: at.position, timer: null };
    this.startItem(this.session);
    return true;
  }

  private startItem(s: Playing): void {
    const item = s.command.items[s.index];
    this.event({
      type: 'started', cmdId: s.command.id, sessionId: s.command.sessionId, itemIndex: s.index, url: item.url,
      title: (item.title || s.command.title).slice(0, 200), position: Math.round(s.from * 10) / 10, at: Date.now(),
    });
    s.timer = setTimeout(() => this.nextItem(s), Math.max(0, item.duration - s.from) * 1000);
    // As the agent: the retained state follows 1–3 s later, not with every `started` at once.
    if (this.stateTimer) clearTimeout(this.stateTimer);
    this.stateTimer = setTimeout(() => this.reportState(), 1000 + Math.random() * 2000);
  }

  private nextItem(s: Playing): void {
    if (this.session !== s) return;
    s.timer = null;
    this.event({ type: 'finished', cmdId: s.command.id, sessionId: s.command.sessionId, itemIndex: s.index, url: s.command.items[s.index].url, at: Date.now() });
    const offset = (Date.now() - s.command.startAt) / 1000;
    const at = locateInTimeline(s.command.items, offset);
    if (!at || at.index <= s.index) {
      this.session = null;
      this.reportState();
      return;
    }
    s.index = at.index;
    s.from = Math.max(0, offset - itemStartOffset(s.command.items, at.index));
    s.startedAt = Date.now();
    this.startItem(s);
  }

  private endItem(reason: string): void {
    const s = this.session;
    if (!s) return;
    if (s.timer) clearTimeout(s.timer);
    this.event({ type: 'finished', cmdId: s.command.id, sessionId: s.command.sessionId, itemIndex: s.index, url: s.command.items[s.index].url, message: reason, at: Date.now() });
  }

  private event(event: DeviceEvent): void {
    this.publish(topics.event(this.deviceId), event);
    this.emit('event', event);
  }

  private reportState(): void {
    if (this.stateTimer) clearTimeout(this.stateTimer);
    this.stateTimer = null;
    this.reportDueAt = Date.now() + this.reportIntervalMs;
    const s = this.session;
    const item = s ? s.command.items[s.index] : null;
    const state: DeviceState = {
      online: true, volume: this.volume, firmware: FIRMWARE, signal: null, ip: null, ts: Date.now(),
      playing: s && item ? { sessionId: s.command.sessionId, itemIndex: s.index, position: Math.min(item.duration, s.from + (Date.now() - s.startedAt) / 1000), title: (item.title || s.command.title).slice(0, 200) } : null,
    };
    this.publish(topics.state(this.deviceId), state, true);
  }
}

export interface LeanFleetOptions {
  /**
   * Each speaker reports its state every `reportInterval` seconds of its configuration, as the
   * agent does. An external broker needs it: a server hears nothing else from an idle speaker (its
   * clock requests go to one server of the group) and counts it offline after 60 s. Off by default,
   * where the embedded broker's connection tells the server the speaker is there.
   */
  reportState?: boolean;
}

/** N lean speakers in this process, sharing one answer queue and one keep-alive timer. */
export class LeanFleet {
  readonly agents: LeanSpeaker[];
  private readonly pending: (() => void)[] = [];
  private drainScheduled = false;
  private readonly pinger: NodeJS.Timeout;
  private readonly clocker: NodeJS.Timeout;
  private readonly reporter: NodeJS.Timeout | null = null;

  constructor(private readonly mqttUrl: string, devices: FleetDevice[], options: LeanFleetOptions = {}) {
    const queue = (work: () => void) => {
      this.pending.push(work);
      if (!this.drainScheduled) {
        this.drainScheduled = true;
        setImmediate(() => this.drain());
      }
    };
    this.agents = devices.map((d) => new LeanSpeaker(d.id, d.secret, queue));
    this.pinger = setInterval(() => this.agents.forEach((a) => a.ping()), (KEEPALIVE_S / 2) * 1000);
    this.pinger.unref();
    // One clock request a minute each, spread over the minute as the agents' own timers are.
    const perTick = Math.ceil(this.agents.length / 60);
    let next = 0;
    this.clocker = setInterval(() => {
      for (let i = 0; i < perTick && this.agents.length > 0; i += 1) this.agents[(next++) % this.agents.length].syncClock();
    }, CLOCK_SYNC.intervalMs / 60);
    this.clocker.unref();
    if (options.reportState) {
      this.reporter = setInterval(() => {
        const now = Date.now();
        for (const a of this.agents) a.reportIfDue(now);
      }, 1000);
      this.reporter.unref();
    }
  }

  private drain(): void {
    this.drainScheduled = false;
    const work = this.pending.splice(0);
    for (const w of work) w();
  }

  /**
   * Connects every speaker, `concurrency` handshakes at a time; resolves when all have answered.
   * First their code is compiled by a warm-up that touches nothing outside (LeanSpeaker.warmUp).
   */
  async start(concurrency: number, timeoutMs = 20_000): Promise<void> {
    if (this.agents.length > 0) LeanSpeaker.warmUp(Math.min(this.agents.length, WARM_UP_ROUNDS));
    const url = new URL(this.mqttUrl);
    await inPool(this.agents, concurrency, (agent) => new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        agent.off('connected', done);
        agent.off('refused', done);
        resolve();
      }
      agent.once('connected', done);
      agent.once('refused', done);
      agent.connect(url.hostname, Number(url.port || 1883));
    }));
  }

  connectedCount(): number {
    return this.agents.reduce((n, a) => n + (a.connected ? 1 : 0), 0);
  }

  playingCount(): number {
    return this.agents.reduce((n, a) => n + (a.playing ? 1 : 0), 0);
  }

  kill(): void {
    clearInterval(this.pinger);
    clearInterval(this.clocker);
    if (this.reporter) clearInterval(this.reporter);
    for (const a of this.agents) a.kill();
  }
}

/**
 * Starts a lean fleet and waits (polling once a second, up to `timeoutS`) until every speaker is
 * connected and the server counts them all online. `allOnlineMs` is null on a time-out.
 */
export async function connectLeanFleet(
  client: ConsoleClient | readonly ConsoleClient[],
  mqttUrl: string,
  devices: FleetDevice[],
  options: { concurrency: number; timeoutS: number; log: (line: string) => void } & LeanFleetOptions,
): Promise<{ fleet: LeanFleet; allOnlineMs: number | null; online: number }> {
  const t0 = performance.now();
  const fleet = new LeanFleet(mqttUrl, devices, { reportState: options.reportState });
  void fleet.start(options.concurrency);
  return { fleet, ...(await waitUntilOnline(client, () => fleet.connectedCount(), devices.length, t0, options)) };
}
