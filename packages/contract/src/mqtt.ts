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
  allState: 'pa/v1/dev/+/state',
  allEvent: 'pa/v1/dev/+/event',
} as const;

/** Parses a device topic into its id and kind, or null for anything else. */
export function parseDeviceTopic(topic: string): { deviceId: string; kind: 'state' | 'event' | 'cmd' | 'config' } | null {
  const m = /^pa\/v1\/dev\/([^/+#]+)\/(state|event|cmd|config)$/.exec(topic);
  return m ? { deviceId: m[1], kind: m[2] as 'state' | 'event' | 'cmd' | 'config' } : null;
}

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
    /** Wall-clock start of item 0, unix ms; a device joining late seeks to now - startAt. */
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
