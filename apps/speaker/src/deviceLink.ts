import { EventEmitter } from 'node:events';
import mqtt, { type IClientPublishOptions, type MqttClient } from 'mqtt';
import { topics } from '@loa/contract';
import { reconnectDelay, MAX_RECONNECT_DELAY_MS } from './backoff';
import type { Logger } from './logger';
import { createTrustedConnection } from './serverTls';

const DEFAULT_KEEPALIVE_S = 30;
export const OFFLINE_PAYLOAD = JSON.stringify({ online: false });
/** Said on a graceful stop: the server tells it apart from the last will (reboot, power or link loss). */
const SIGNED_OFF_PAYLOAD = JSON.stringify({ online: false, reason: 'shutdown' });
const noop = (): void => undefined;
/**
 * How long a new connection waits for its retained configuration (the broker sends it right after
 * the SUBACK) before it reports itself up without it: a broker that holds none must not keep a
 * speaker offline for good.
 */
export const CONFIG_WAIT_MS = 3_000;

export interface DeviceLinkOptions {
  /** mqtt://, mqtts://, ws:// or wss:// */
  mqttUrl: string;
  deviceId: string;
  secret: string;
  /** First reconnect delay, doubled up to 30 s (default 1000 ms). */
  reconnectBaseMs?: number;
  connectTimeoutMs?: number;
  logger: Logger;
  /**
   * Simulation only (tests, benchmarks): extra one-way delay, ms, drawn for every message received
   * and every message sent, as a slow or jittery network would add.
   */
  simulatedLatency?: () => number;
}

export interface DeviceLinkEvents {
  /**
   * Connected, and the command topics of the device and of every area its configuration lists
   * are subscribed (granted): a command sent from then on reaches it.
   */
  up: [];
  /** A connection that was up is gone. */
  down: [];
  /** A connection attempt failed before the broker accepted it. */
  attemptFailed: [];
  reconnecting: [delayMs: number];
  /** The broker refused the id or secret. */
  refused: [error: ConnectionRefusedError];
  message: [topic: string, payload: Buffer];
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
 * A speaker's connection to the broker: signs in as its device with a last will, keeps the
 * subscriptions of its own topics and of its areas' command topics, and reconnects after a loss
 * with a growing, jittered delay (the slowest one after a refused secret).
 */
export class DeviceLink extends EventEmitter<DeviceLinkEvents> {
  /** Keep-alive of the next connection, seconds (the configuration may change it). */
  keepalive = DEFAULT_KEEPALIVE_S;
  private client: MqttClient | null = null;
  private isUp = false;
  private areaIds: string[] = [];
  /** Area command topics subscribed in this session (a clean session starts with none). */
  private subscribedAreas = new Set<string>();
  /** Counts connections: a callback of an earlier one (the same client reconnects) does nothing. */
  private connection = 0;
  /** This connection's own topics are granted, and its configuration has come (or was waited for long enough). */
  private ownGranted = false;
  private configHere = false;
  private joining = false;
  private configTimer: NodeJS.Timeout | null = null;
  private attempts = 0;
  private lastRefused = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private ended = false;
  private dead = false;
  private restarting = false;

  constructor(private readonly options: DeviceLinkOptions) {
    super();
  }

  private get deviceId(): string {
    return this.options.deviceId;
  }

  /** Whether the connection is up and subscribed (and the device not killed). */
  get up(): boolean {
    return this.isUp;
  }

  /**
   * Whether messages may go out: a killed device says nothing more, nor one that was stopped (an
   * item of the session it ended may finish after the link closed; mqtt.js throws on a closed store).
   */
  get mayPublish(): boolean {
    return this.client !== null && !this.dead && !this.ended;
  }

  /** Areas whose command topic is not subscribed in this session (none when healthy). */
  get unsubscribedAreas(): string[] {
    return this.isUp ? this.areaIds.filter((a) => !this.subscribedAreas.has(a)) : [...this.areaIds];
  }

  get started(): boolean {
    return this.client !== null;
  }

  /** Opens the first connection. */
  open(): void {
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
      // wss: the server's certificate checked at the server's time when this box's clock is off (serverTls.ts).
      ...(this.options.mqttUrl.startsWith('wss:') ? { wsOptions: { createConnection: createTrustedConnection } } : {}),
      will: { topic: topics.state(id), payload: Buffer.from(OFFLINE_PAYLOAD), qos: 1, retain: true },
      // mqtt.js traces every packet through `debug` even when nothing prints it; with DEBUG set it still does.
      ...(process.env.DEBUG ? {} : { log: noop }),
    });
    client.on('connect', () => this.onConnect());
    const latency = this.options.simulatedLatency;
    client.on('message', latency
      ? (topic, payload) => void setTimeout(() => this.emit('message', topic, payload), latency())
      : (topic, payload) => this.emit('message', topic, payload));
    client.on('error', (error) => this.onError(error));
    client.on('close', () => this.onClose());
    this.client = client;
  }

  /**
   * The configuration's areas: the link follows their command topics, subscribing to new ones and
   * leaving the others. A connection not up yet was waiting for them (goUpWhenJoined).
   */
  setAreas(areaIds: readonly string[]): void {
    this.areaIds = [...areaIds];
    if (this.isUp) return this.syncAreas();
    this.configHere = true;
    this.goUpWhenJoined();
  }

  publish(topic: string, payload: string, opts: IClientPublishOptions, done?: (error?: Error) => void): void {
    if (!this.mayPublish) return;
    const latency = this.options.simulatedLatency;
    if (latency) {
      const client = this.client;
      setTimeout(() => this.mayPublish && client?.publish(topic, payload, opts, done), latency());
      return;
    }
    this.client?.publish(topic, payload, opts, done);
  }

  /** Graceful end: says `{ online: false }` (retained) while still connected, then disconnects. */
  async close(): Promise<void> {
    const client = this.client;
    if (!client || this.ended) return;
    this.stopReconnecting();
    if (this.isUp) {
      await client.publishAsync(topics.state(this.deviceId), SIGNED_OFF_PAYLOAD, { qos: 1, retain: true }).catch(() => undefined);
      await client.endAsync(false);
    } else {
      await client.endAsync(true);
    }
    this.isUp = false;
  }

  /** Abrupt death (power cut): the socket is destroyed without DISCONNECT, so the broker publishes the last will. */
  kill(): void {
    if (!this.client || this.ended) return;
    this.dead = true;
    this.stopReconnecting();
    this.client.end(true);
    this.isUp = false;
  }

  /** Gives up for good (a refused secret while starting): no more attempts. */
  abandon(): void {
    this.stopReconnecting();
    this.client?.end(true);
  }

  /** Disconnects cleanly and connects again after a pause, with fresh stores (a reboot). */
  restart(pauseMs: number): void {
    const client = this.client;
    if (!client || this.restarting) return;
    this.restarting = true;
    client.end(false, () => {
      setTimeout(() => {
        this.restarting = false;
        this.reconnect(false);
      }, pauseMs);
    });
  }

  private stopReconnecting(): void {
    this.ended = true;
    this.clearConfigTimer();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
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
    const connection = (this.connection += 1);
    this.ownGranted = false;
    this.configHere = false;
    this.joining = false;
    const wanted = [topics.deviceCmd(this.deviceId), topics.config(this.deviceId), topics.plan(this.deviceId), topics.time(this.deviceId), ...this.areaIds.map(topics.areaCmd)];
    // The device is up only once the subscriptions are granted: the server answers an online state
    // with the running session at once, and that command must not arrive before we listen.
    this.subscribe(wanted, () => {
      if (connection !== this.connection || !client.connected) return;
      this.ownGranted = true;
      this.clearConfigTimer();
      this.configTimer = setTimeout(() => {
        this.configTimer = null;
        if (connection !== this.connection) return;
        this.options.logger.warn(`[${this.deviceId}] chưa nhận cấu hình sau ${CONFIG_WAIT_MS} ms / no configuration yet`);
        this.configHere = true;
        this.goUpWhenJoined();
      }, CONFIG_WAIT_MS);
      this.configTimer.unref();
      this.goUpWhenJoined();
    });
  }

  /**
   * Reports the link up once its own topics are granted, its retained configuration has come and
   * the command topics of the areas it lists are granted too. A box that starts knows no area
   * until its configuration comes; up before joining them, it was reported online (and the server
   * sent it nothing more) while a bulletin sent to its commune that instant was lost to it.
   */
  private goUpWhenJoined(): void {
    const client = this.client;
    if (!client?.connected || this.isUp || this.joining || !this.ownGranted || !this.configHere) return;
    this.clearConfigTimer();
    const connection = this.connection;
    const up = () => {
      this.joining = false;
      if (connection !== this.connection || !client.connected) return;
      this.isUp = true;
      this.syncAreas();
      this.emit('up');
    };
    this.joining = true;
    this.followAreas(client, up);
  }

  private clearConfigTimer(): void {
    if (this.configTimer) clearTimeout(this.configTimer);
    this.configTimer = null;
  }

  /**
   * Subscribes at QoS 0 to command topics and at QoS 1 to the retained configuration. Sessions are
   * clean, so a broker drops an unacknowledged command with the connection anyway, and the server
   * sends the running session again when the device is back online; a QoS 1 command would only
   * add a PUBACK per speaker to every bulletin (10,000 of them for a province).
   */
  private subscribe(topicList: string[], then?: () => void): void {
    if (!this.client || topicList.length === 0) return;
    // The retained configuration and plan (issue #30) at QoS 1: each is the device's whole state of them.
    const retained = new Set([topics.config(this.deviceId), topics.plan(this.deviceId)]);
    const wanted = Object.fromEntries(topicList.map((t) => [t, { qos: retained.has(t) ? 1 : 0 } as const]));
    this.client.subscribe(wanted, (error, granted) => {
      if (error) this.options.logger.warn(`[${this.deviceId}] subscribe failed: ${error.message}`);
      for (const grant of granted ?? []) {
        if (grant.qos === 128) this.options.logger.warn(`[${this.deviceId}] subscription refused: ${grant.topic}`);
      }
      then?.();
    });
  }

  /** Subscribes to the command topics of areas it belongs to and drops those it left. */
  private syncAreas(): void {
    const client = this.client;
    if (!client || !this.isUp || !client.connected) return;
    this.followAreas(client);
  }

  /** Subscribes to the areas not followed yet and leaves the others; `granted` once the new ones are (at once when none). */
  private followAreas(client: MqttClient, granted?: () => void): void {
    const add = this.areaIds.filter((a) => !this.subscribedAreas.has(a));
    const remove = [...this.subscribedAreas].filter((a) => !this.areaIds.includes(a));
    for (const a of add) this.subscribedAreas.add(a);
    for (const a of remove) this.subscribedAreas.delete(a);
    if (remove.length > 0) client.unsubscribe(remove.map(topics.areaCmd));
    if (add.length === 0) granted?.();
    else this.subscribe(add.map(topics.areaCmd), granted);
  }

  private onError(error: Error): void {
    const code = refusalCode(error);
    if (code === null) {
      this.options.logger.debug?.(`[${this.deviceId}] ${error.message}`);
      return;
    }
    this.lastRefused = true;
    this.emit('refused', new ConnectionRefusedError(`sai mã thiết bị hoặc khoá bí mật / wrong device id or secret (${error.message})`, code));
  }

  private onClose(): void {
    const wasUp = this.isUp;
    this.isUp = false;
    this.connection += 1;
    this.clearConfigTimer();
    if (wasUp) {
      if (this.ended || this.restarting) this.options.logger.info(`[${this.deviceId}] đã ngắt kết nối / disconnected`);
      else this.options.logger.warn(`[${this.deviceId}] mất kết nối / connection lost`);
      this.emit('down');
    } else if (!this.ended) {
      this.emit('attemptFailed');
    }
    if (this.ended || this.restarting || this.reconnectTimer) return;
    // A refused secret is retried at the slowest pace (it may have been reset on purpose).
    const delay = this.lastRefused ? MAX_RECONNECT_DELAY_MS : reconnectDelay(this.attempts, this.options.reconnectBaseMs);
    this.attempts += 1;
    this.emit('reconnecting', delay);
    this.options.logger.debug?.(`[${this.deviceId}] reconnecting in ${delay} ms`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.reconnect();
    }, delay);
  }
}
