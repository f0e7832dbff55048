import { z } from 'zod';
import { deviceLiveSchema } from './schemas/devices';
import { liveBroadcastSchema, liveSourceInfoSchema } from './schemas/broadcast';
import type { Notification } from './schemas/notifications';
import type { ReachEvent } from './schemas/reach';
import { LIVE_EVENTS, type LiveClientEvents, type LiveEnded } from './live';
import { EVENTS } from './eventNames';

export { EVENTS } from './eventNames';

/** Why an account changed: 'capnhat' (rights, type or area; the console reads the user again), 'khoa' (locked; the session ends). */
export const accountChangedEventSchema = z.object({ lydo: z.enum(['capnhat', 'khoa']) });
export type AccountChangedEvent = z.infer<typeof accountChangedEventSchema>;

export const stopImmediateEventSchema = z.object({ trangthai: z.boolean() });
/** Start (trangthai true, with the whole live entry) or end (false) of a running broadcast. */
export const playStateEventSchema = z.object({
  trangthai: z.boolean(),
  idlichphat: z.string(),
  nguonphat: liveSourceInfoSchema.nullable(),
  nguoncho: z.array(z.string()),
  file: z.string().nullable(),
  nguoitao: z.string(),
  type: z.enum(['phatngay', 'phatlich']),
  /** The full live entry when trangthai is true (ours: the spec leaves the card's data to the event). */
  lichphat: liveBroadcastSchema.nullable(),
});
export const waitingRepeatEventSchema = z.object({
  idlichphat: z.string(),
  chophatlai: z.boolean(),
  thoigianchophatlai: z.number().nullable(),
});

/** Which schedules changed (ids only: each console reads what it may see). */
export const schedulesChangedEventSchema = z.object({ ids: z.array(z.string()) });
export type SchedulesChangedEvent = z.infer<typeof schedulesChangedEventSchema>;

export const deviceStatusEventSchema = z.array(z.object({ _id: z.string(), trangthai: deviceLiveSchema }));
export type DeviceStatusEvent = z.infer<typeof deviceStatusEventSchema>;

/** Typed map of server-to-console events; the console and the server both use it. */
export interface ServerToClientEvents {
  [EVENTS.stopImmediate]: (payload: z.infer<typeof stopImmediateEventSchema>) => void;
  [EVENTS.playState]: (payload: z.infer<typeof playStateEventSchema>) => void;
  [EVENTS.waitingRepeat]: (payload: z.infer<typeof waitingRepeatEventSchema>) => void;
  /** Carries the id of the login device that was signed out. */
  [EVENTS.deviceLogout]: (deviceId: string) => void;
  [EVENTS.deviceStatus]: (payload: DeviceStatusEvent) => void;
  [EVENTS.newNotification]: (payload: Notification) => void;
  [EVENTS.reach]: (payload: ReachEvent) => void;
  [EVENTS.accountChanged]: (payload: AccountChangedEvent) => void;
  [EVENTS.schedulesChanged]: (payload: SchedulesChangedEvent) => void;
  /** Carries the id of the speaker added, edited, moved or deleted (by any console or API key). */
  [EVENTS.deviceRegistry]: (payload: { _id: string }) => void;
  [EVENTS.rolloutsChanged]: (payload: { _id: string }) => void;
  /** Ours (issue #12): the sender's live voice session ended, and why. */
  [LIVE_EVENTS.ended]: (payload: LiveEnded) => void;
}

/** What the console sends (spec §7 shows none): live voice (issue #12). */
export type ClientToServerEvents = LiveClientEvents;
