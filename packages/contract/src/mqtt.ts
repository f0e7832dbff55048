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
  /** server → device, retained: the device's plan of scheduled occurrences for the next hours (issue #30). */
  plan: (deviceId: string) => `pa/v1/dev/${deviceId}/plan`,
  /** server → device, QoS 0: the answer to a clock request (`t1`, `t2`, `t3`); only the server may publish here. */
  time: (deviceId: string) => `pa/v1/dev/${deviceId}/time`,
  allState: 'pa/v1/dev/+/state',
  allEvent: 'pa/v1/dev/+/event',
  allClock: 'pa/v1/dev/+/clock',
  /** Every device's plan (retained): the instances that do not publish plans hear what the leader published. */
  allPlan: 'pa/v1/dev/+/plan',
} as const;

export type DeviceTopicKind = 'state' | 'event' | 'cmd' | 'config' | 'plan' | 'clock' | 'time';

/** Parses a device topic into its id and kind, or null for anything else. */
export function parseDeviceTopic(topic: string): { deviceId: string; kind: DeviceTopicKind } | null {
  const m = /^pa\/v1\/dev\/([^/+#]+)\/(state|event|cmd|config|plan|clock|time)$/.exec(topic);
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
  /**
   * Settling: while the estimate is still uncertain by more than `settleTargetMs` (the width of the
   * bounds its exchanges leave, docs/device-protocol.md "Clock"), the next exchange comes after
   * `settleGapMs` (plus up to as much again at random, so a fleet reconnecting at once spreads out)
   * instead of a minute, at most `settleMax` times after each connection. A burst taken while the
   * link or the server was busy is refined within a minute instead of standing for one.
   */
  settleTargetMs: 10,
  settleGapMs: 2_000,
  settleMax: 15,
  /** Samples the filter keeps. */
  window: 16,
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

/**
 * What a device sends is checked against these before anything of it is kept (docs/device-protocol.md
 * "What the server refuses"): a device is a machine in the field that anyone holding its secret can
 * speak for, and one bad value (a NUL, a date out of range) used to fail the write of every device's
 * history with it.
 */
export const DEVICE_LIMITS = {
  /**
   * An event's `at` (server time by the device's synchronised clock) may be this far in the past: a
   * report a device kept while its link was down (QoS 1) arrives late, a week covers a long outage.
   */
  pastMs: 7 * 86_400_000,
  /**
   * …and this far ahead: a synchronising device is within milliseconds of the server, one not yet
   * synchronised within its RTC's drift. An hour is far beyond both, and keeps a clock set to local
   * time as if it were UTC (7 h ahead here) from putting rows above every real one in the history.
   */
  futureMs: 3_600_000,
  /** Item numbers fit the history's int column with room to spare (a session has far fewer items). */
  maxItemIndex: 100_000,
  /** Seconds into an item: a year, far beyond any relay. */
  maxPosition: 366 * 86_400,
  /** Ids the server hands out are UUIDs or short codes. */
  idLength: 64,
} as const;

/** Latest instant a JavaScript Date (and so the history's timestamp) can hold, ms. */
const DATE_LIMIT_MS = 8.64e15;

/**
 * NUL and other control characters (C0, DEL, C1) and lone surrogates: PostgreSQL refuses a NUL in
 * text and JSON, and the rest have no place in a name, id or address (they forge log lines).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
/** An error text may span lines: tab, line feed and carriage return are allowed there, nothing else. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARS_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;
const NO_CONTROL = 'control character';

/** A string a device sends: bounded, without control characters (`multiline`: line breaks and tabs allowed). */
const deviceText = (max: number, multiline = false) =>
  z.string().max(max).refine((s) => !(multiline ? CONTROL_CHARS_IN_TEXT : CONTROL_CHARS).test(s), NO_CONTROL);

const deviceId = () => deviceText(DEVICE_LIMITS.idLength);

export const playingSchema = z.object({
  sessionId: deviceId(),
  itemIndex: z.number().int().min(0).max(DEVICE_LIMITS.maxItemIndex),
  /** Seconds into the current item. */
  position: z.number().min(0).max(DEVICE_LIMITS.maxPosition),
  title: deviceText(200).optional(),
});

/** A percentage a device reports, kept to a tenth (stored as JSON, shown as is). */
const percent = () => z.number().min(0).max(100).transform((v) => Math.round(v * 10) / 10);

/**
 * The box's health (issue #31 item 4; docs/device-protocol.md "Health"), read every minute and sent
 * with its state. Each field is left out where the box cannot read it (no thermal zone, no modem).
 */
export const deviceHealthSchema = z.object({
  /** CPU temperature, °C (the hottest thermal zone). */
  cpuTemp: z.number().min(-60).max(200).transform((v) => Math.round(v * 10) / 10).optional(),
  /** Free space of the disk holding the agent's data, percent and bytes. */
  diskFreePercent: percent().optional(),
  diskFreeBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Memory available (MemAvailable), percent and bytes. */
  memFreePercent: percent().optional(),
  memFreeBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Seconds since the box booted. */
  uptime: z.number().min(0).max(DATE_LIMIT_MS / 1000).transform((v) => Math.floor(v)).optional(),
  /** The agent's version (its Debian package's). */
  agentVersion: deviceText(64).optional(),
  /** The modem through ModemManager (mmcli), where one is present. */
  modem: z.object({ signal: percent().optional(), operator: deviceText(64).optional(), technology: deviceText(32).optional() }).optional(),
});
export type DeviceHealth = z.infer<typeof deviceHealthSchema>;

/** Device state, published retained on connect, on every change and at least every 20 s. */
export const deviceStateSchema = z.object({
  online: z.boolean(),
  volume: z.number().int().min(0).max(100).optional(),
  playing: playingSchema.nullable().optional(),
  firmware: deviceText(64).optional(),
  /**
   * Signal strength in percent (4G/Wi-Fi); null on a wired link. Kept to a tenth: the column is a
   * 4-byte float, and a value like 1e-123 (found by the device fuzz) is out of its range.
   */
  signal: z.number().min(0).max(100).transform((v) => Math.round(v * 10) / 10).nullable().optional(),
  ip: deviceText(64).nullable().optional(),
  /**
   * Device clock, unix milliseconds: the device's own clock, unsynchronised, for diagnosis only and
   * never stored; any date is accepted (a device whose clock is wrong must still be seen online).
   */
  ts: z.number().min(-DATE_LIMIT_MS).max(DATE_LIMIT_MS).optional(),
  /** The device's clock against the server's (devices that synchronise; older firmware leaves it out). */
  clock: clockStatusSchema.optional(),
  /** With `online: false`, the device leaving by itself ('shutdown'); its last will carries none (an abrupt drop). */
  reason: z.enum(['shutdown']).optional(),
  /** The plan it holds (issue #30): its version, and how many of its files are not in the cache yet. */
  plan: z.object({ version: z.number().int().min(0).max(DATE_LIMIT_MS), missing: z.number().int().min(0).max(DEVICE_LIMITS.maxItemIndex) }).nullable().optional(),
  /** The box's health (issue #31): boxes that read it (the packaged agent) send it with every state. */
  health: deviceHealthSchema.optional(),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

/** How an update ended on a box (docs/device-protocol.md "Updates"). */
export const UPDATE_OUTCOMES = ['installed', 'rolledBack', 'refused', 'failed'] as const;
export type UpdateOutcome = (typeof UPDATE_OUTCOMES)[number];

export const deviceEventSchema = z.object({
  /** `gap` (issue #30): a streamed item dropped; `position` is where it resumed, `gap` the seconds lost (to its end when it never came back). */
  type: z.enum(['started', 'finished', 'error', 'ack', 'update', 'gap']),
  /** The command this event answers (ack, and play-item events). */
  cmdId: deviceId().optional(),
  sessionId: deviceId().optional(),
  itemIndex: z.number().int().min(0).max(DEVICE_LIMITS.maxItemIndex).optional(),
  url: deviceText(2000).optional(),
  /** `started`: the item's title and the position (seconds) it starts from (a late joiner seeks). */
  title: deviceText(200).optional(),
  position: z.number().min(0).max(DEVICE_LIMITS.maxPosition).optional(),
  /** `gap`: seconds of the item lost. */
  gap: z.number().min(0).max(DEVICE_LIMITS.maxPosition).optional(),
  message: deviceText(500, true).optional(),
  /** `update`: the rollout it answers, the version the box now runs, and how the update ended. */
  rolloutId: deviceId().optional(),
  version: deviceText(64).optional(),
  outcome: z.enum(UPDATE_OUTCOMES).optional(),
  /** Server time by the device's synchronised clock, unix ms; within DEVICE_LIMITS of the server's now. */
  at: z.number().min(-DATE_LIMIT_MS).max(DATE_LIMIT_MS),
});
export type DeviceEvent = z.infer<typeof deviceEventSchema>;

/** Why a device message was refused: the field (dotted path, or '' for the whole message) and what is wrong. */
export interface DeviceMessageProblem { field: string; reason: string }

export type DeviceMessageCheck<T> = { success: true; data: T } | { success: false; problem: DeviceMessageProblem };

const problemOf = (error: z.ZodError): DeviceMessageProblem => {
  const issue = error.issues[0];
  return { field: issue?.path.join('.') ?? '', reason: issue?.message ?? 'invalid' };
};

/** A device's state report, checked (see DEVICE_LIMITS). */
export function checkDeviceState(json: unknown): DeviceMessageCheck<DeviceState> {
  const parsed = deviceStateSchema.safeParse(json);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, problem: problemOf(parsed.error) };
}

/** A device's event, checked, with its `at` within DEVICE_LIMITS of the server's `now`. */
export function checkDeviceEvent(json: unknown, now: number): DeviceMessageCheck<DeviceEvent> {
  const parsed = deviceEventSchema.safeParse(json);
  if (!parsed.success) return { success: false, problem: problemOf(parsed.error) };
  const { at } = parsed.data;
  if (at < now - DEVICE_LIMITS.pastMs) return { success: false, problem: { field: 'at', reason: 'too far in the past' } };
  if (at > now + DEVICE_LIMITS.futureMs) return { success: false, problem: { field: 'at', reason: 'too far in the future' } };
  return { success: true, data: parsed.data };
}

export const playItemSchema = z.object({
  url: z.string(),
  /** Seconds. */
  duration: z.number().min(0),
  title: z.string(),
  kind: z.enum(['file', 'relay', 'tts', 'recording', 'live']),
});
export type PlayItem = z.infer<typeof playItemSchema>;

/**
 * An agent package a box may download (`url`, relative to the server, with its device id and secret
 * as Basic credentials): its bytes' sha256 and their Ed25519 signature (base64), checked against the
 * signing key the box was installed with before anything is installed.
 */
export const updatePackageSchema = z.object({
  architecture: z.string().max(16),
  url: z.string().max(500),
  size: z.number().int().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  signature: z.string().max(200),
});
export type UpdatePackage = z.infer<typeof updatePackageSchema>;

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
  z.object({
    ...commandBase,
    type: z.literal('update'),
    rolloutId: z.string().max(64),
    /** The version to install; older than the running one only with `rollback`. */
    version: z.string().max(64),
    rollback: z.boolean().optional(),
    /** The version's package for each architecture the server holds. */
    packages: z.array(updatePackageSchema).min(1),
    /** The package of the version the box runs now, to keep on disk and go back to (when the server holds it). */
    previous: z.array(updatePackageSchema).optional(),
  }),
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
