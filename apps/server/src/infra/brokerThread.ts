/**
 * The embedded broker's thread and the server's main thread talk in these messages
 * (brokerWorker.ts, startEmbeddedBroker in broker.ts). Devices' sockets, MQTT parsing, QoS
 * acknowledgements and the fan-out of a command to thousands of subscribers happen on the broker's
 * thread; the main thread gets what devices publish in batches, and answers the two questions that
 * need the device registry (is this the device's secret, may it subscribe to this topic).
 */
import { topics } from '@loa/contract';

/** What a device may publish: its own state, events and clock requests (no registry needed). */
export function deviceMayPublish(deviceId: string, topic: string): boolean {
  return topic === topics.state(deviceId) || topic === topics.event(deviceId) || topic === topics.clock(deviceId);
}

/** A Buffer over bytes that crossed the thread boundary (structured clone gives a Uint8Array), without a copy. */
export const asBuffer = (u8: Uint8Array): Buffer => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);

export interface BrokerWorkerData {
  mqttPort: number;
  maxPacketBytes: number;
  eventsPerMinute: number;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One thing the broker's thread reports, in a batch sent once per turn of its event loop. */
export type BrokerReport =
  /** A device's message on its state, event or clock topic, with when the broker read it (ms). */
  | { kind: 'message'; topic: string; payload: Uint8Array; receivedAt: number }
  | { kind: 'presence'; deviceId: string; online: boolean; ip: string | null }
  | { kind: 'log'; level: LogLevel; fields: Record<string, unknown>; msg: string }
  /** A question for the registry: answered with `answer` and the same id. */
  | { kind: 'verify'; id: number; deviceId: string; secret: string }
  | { kind: 'maySubscribe'; id: number; deviceId: string; topic: string }
  /** Bytes for a device connected over the console's WebSocket (/mqtt), which the main thread holds. */
  | { kind: 'wsOut'; conn: number; chunk: Uint8Array }
  | { kind: 'wsClose'; conn: number };

export type FromBroker =
  | { op: 'ready'; tcpPort: number | null }
  | { op: 'reports'; reports: BrokerReport[] }
  | { op: 'done'; id: number; error?: string };

export type ToBroker =
  | { op: 'publish'; id: number; topic: string; payload: Uint8Array; qos: 0 | 1; retain: boolean }
  | { op: 'answer'; id: number; ok: boolean }
  | { op: 'disconnect'; deviceId: string }
  | { op: 'wsOpen'; conn: number; ip: string | null }
  | { op: 'wsData'; conn: number; chunk: Uint8Array }
  | { op: 'wsEnd'; conn: number }
  | { op: 'close'; id: number };
