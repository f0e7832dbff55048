import { z } from 'zod';

/**
 * The device protocol, version 1 (docs/device-protocol.md). MQTT 3.1.1, JSON payloads, QoS 1.
 * A device connects with username = its device id and password = its secret.
 */
export const PROTOCOL_VERSION = 'pa/v1';

export const topics = {
  /** device → server, retained; the last will publishes `{ online: false }` here. */
  state: (deviceId: string) => `pa/v1/dev/${deviceId}/state`,
  /** device → server: started / finished / error of a play item, and command acks. */
  event: (deviceId: string) => `pa/v1/dev/${deviceId}/event`,
  /** server → device: commands for this device alone. */
  deviceCmd: (deviceId: string) => `pa/v1/dev/${deviceId}/cmd`,
  /** server → device, retained: the device's configuration, including the areas it belongs to. */
  config: (deviceId: string) => `pa/v1/dev/${deviceId}/config`,
  /** server → devices: one publish reaches every device of an area. */
  areaCmd: (areaId: string) => `pa/v1/area/${areaId}/cmd`,
  /** device → server, QoS 0: a clock-synchronisation request (`t1`). */
  clock: (deviceId: string) => `pa/v1/dev/${deviceId}/clock`,
  /** server → device, QoS 0: the answer to a clock request (`t1`, `t2`, `t3`); only the server may publish here. */
  time: (deviceId: string) => `pa/v1/dev/${deviceId}/time`,
  allState: 'pa/v1/dev/+/state',
  allEvent: 'pa/v1/dev/+/event',
  allClock: 'pa/v1/dev/+/clock',
} as const;

export type DeviceTopicKind = 'state' | 'event' | 'cmd' | 'config' | 'clock' | 'time';

/** Parses a device topic into its id and kind, or null for anything else. */
export function parseDeviceTopic(topic: string): { deviceId: string; kind: DeviceTopicKind } | null {
  const m = /^pa\/v1\/dev\/([^/+#]+)\/(state|event|cmd|config|clock|time)$/.exec(topic);
  return m ? { deviceId: m[1], kind: m[2] as DeviceTopicKind } : null;
}

/**
 * Clock synchronisation (docs/device-protocol.md "Clock"): NTP's four timestamps over MQTT. The
 * device sends `t1` (its clock) on its clock topic; the server stamps `t2` when the request arrives
 * and `t3` when it answers on the device's time topic; the device notes `t4` on arrival. Then
 * offset = ((t2 − t1) + (t3 − t4)) / 2 and round trip = (t4 − t1) − (t3 − t2).
 */
export const clockRequestSchema = z.object({
  /** The device's request number: an answer is accepted once, for a request still outstanding. */
  n: z.number().int().min(0).max(2 ** 31),
  t1: z.number().finite(),
});
export type ClockRequest = z.infer<typeof clockRequestSchema>;

export const clockAnswerSchema = clockRequestSchema.extend({
  t2: z.number().finite(),
  t3: z.number().finite(),
});
export type ClockAnswer = z.infer<typeof clockAnswerSchema>;

/**
 * How far a device's clock can be trusted: `good`, `poor` (a slow or jittery link: usable, less
 * precise), `unsynced` (no answer yet since it connected), `untrusted` (a fault: no answer for
 * long, round trip too long, or the offset jumping).
 */
export const CLOCK_QUALITIES = ['good', 'poor', 'unsynced', 'untrusted'] as const;
export type ClockQuality = (typeof CLOCK_QUALITIES)[number];
export const CLOCK_FAULTS = ['noAnswer', 'slowRoundTrip', 'jumping'] as const;
export type ClockFault = (typeof CLOCK_FAULTS)[number];

/** The device's clock as it reports it in its state. */
export const clockStatusSchema = z.object({
  /** Milliseconds to add to the device's clock to get the server's. */
  offset: z.number().finite(),
  /** Round trip of the sample the offset comes from, ms. */
  rtt: z.number().finite().min(0),
  /** Spread of the recent good samples' offsets, ms. */
  jitter: z.number().finite().min(0),
  /** Rate of the device clock against the server's, parts per million. */
  drift: z.number().finite(),
  quality: z.enum(CLOCK_QUALITIES),
  fault: z.enum(CLOCK_FAULTS).optional(),
  /** Answers accepted since the device started. */
  samples: z.number().int().min(0),
});
export type ClockStatus = z.infer<typeof clockStatusSchema>;

/** Timing of the exchange (the agent's defaults; docs/device-protocol.md). */
export const CLOCK_SYNC = {
  /** Exchanges right after each connection, this far apart (the first at once). */
  burst: 8,
  burstGapMs: 250,
  /** Then one exchange every this often. */
  intervalMs: 60_000,
  /** Samples the filter keeps. */
  window: 8,
  /** A round trip above this makes the clock poor, above `untrustedRttMs` untrusted. */
  poorRttMs: 200,
  untrustedRttMs: 1_000,
  /** No answer for this long after connecting (or since the last one) makes the clock untrusted. */
  noAnswerMs: 30_000,
  /** An answer is forgotten if it has not come after this long. */
  answerTimeoutMs: 10_000,
  /** Requests a server answers per device and minute; the rest are ignored and counted. */
  serverPerMinute: 30,
} as const;

export const playingSchema = z.object({
  sessionId: z.string(),
  itemIndex: z.number().int().min(0),
  /** Seconds into the current item. */
  position: z.number().min(0),
  title: z.string().max(200).optional(),
});

/** Device state, published retained on connect, on every change and at least every 20 s. */
export const deviceStateSchema = z.object({
  online: z.boolean(),
  volume: z.number().int().min(0).max(100).optional(),
  playing: playingSchema.nullable().optional(),
  firmware: z.string().max(64).optional(),
  /** Signal strength in percent (4G/Wi-Fi); null on a wired link. */
  signal: z.number().min(0).max(100).nullable().optional(),
  ip: z.string().max(64).nullable().optional(),
  /** Device clock, unix milliseconds. */
  ts: z.number().optional(),
  /** The device's clock against the server's (devices that synchronise; older firmware leaves it out). */
  clock: clockStatusSchema.optional(),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const deviceEventSchema = z.object({
  type: z.enum(['started', 'finished', 'error', 'ack']),
  /** The command this event answers (ack, and play-item events). */
  cmdId: z.string().max(64).optional(),
  sessionId: z.string().max(64).optional(),
  itemIndex: z.number().int().min(0).optional(),
  url: z.string().max(2000).optional(),
  /** `started`: the item's title and the position (seconds) it starts from (a late joiner seeks). */
  title: z.string().max(200).optional(),
  position: z.number().min(0).optional(),
  message: z.string().max(500).optional(),
  at: z.number(),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

export const playItemSchema = z.object({
  url: z.string(),
  /** Seconds. */
  duration: z.number().min(0),
  title: z.string(),
  kind: z.enum(['file', 'relay', 'tts', 'recording', 'live']),
});
export type PlayItem = z.infer<typeof playItemSchema>;

const commandBase = {
  /** Unique id: a device ignores a command id it has already seen. */
  id: z.string().max(64),
  issuedAt: z.number(),
  /** A device that receives the command after this instant drops it (no stale emergency). */
  expiresAt: z.number(),
};

export const deviceCommandSchema = z.discriminatedUnion('type', [
  z.object({
    ...commandBase,
    type: z.literal('play'),
    sessionId: z.string(),
    priority: z.number().int(),
    title: z.string(),
    items: z.array(playItemSchema).min(1),
    /**
     * Start of item 0 in server time, unix ms. The server sets it a little ahead (PLAY_LEAD_MS) so
     * every speaker has the command before it; each starts on its synchronised clock, and a device
     * joining late seeks to now − startAt.
     */
    startAt: z.number(),
    /**
     * Replaces a session of the same priority (an officer's explicit takeover, or the server
     * sending a device the session that holds it). Without it a device keeps what it plays at the
     * same priority: only a higher priority pre-empts.
     */
    takeover: z.boolean().optional(),
  }),
  z.object({ ...commandBase, type: z.literal('stop'), sessionId: z.string().optional() }),
  z.object({ ...commandBase, type: z.literal('volume'), volume: z.number().int().min(0).max(100) }),
  z.object({ ...commandBase, type: z.literal('reboot') }),
]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;

/** Retained configuration of one device. */
export const deviceConfigSchema = z.object({
  /** The area ids whose command topics the device subscribes to (its area and its ancestors). */
  areas: z.array(z.string()),
  /** Seconds between state reports. */
  reportInterval: z.number().int().min(5).max(3600),
  /** MQTT keep-alive in seconds. */
  keepalive: z.number().int().min(5).max(600),
  volume: z.number().int().min(0).max(100),
  defaultRelayUrl: z.string().nullable(),
  /** Quiet hours "HH:mm"–"HH:mm" local time: only emergency priority plays then. */
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;
