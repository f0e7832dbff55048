import { EventEmitter } from 'node:events';
import type { BusyBroadcast, DeviceEvent, DeviceLive, Notification, ServerToClientEvents } from '@loa/contract';

/** Domain events raised by services; infrastructure (Socket.IO, notifications) listens. */
export interface DomainEvents {
  'login.revoked': { userId: string; deviceId: string };
  'user.signedOut': { userId: string; deviceId: string };
  /** Live status changes of speakers, grouped by the area they belong to. */
  'devices.changed': { byArea: Map<string, { _id: string; trangthai: DeviceLive }[]> };
  /** A speaker was added, edited, moved or deleted: the consoles of these areas (before and after a move) read their lists again. */
  'devices.registry': { deviceId: string; areaIds: string[] };
  /** A rollout of the speaker agent changed (made, paused, resumed, rolled back, a box sent it or reported): the consoles of its boxes' areas read it again (issue #31). */
  'rollouts.changed': { rolloutId: string; areaIds: string[] };
  /** A speaker came (back) online: running broadcasts for it are sent again. */
  'device.online': { deviceId: string };
  /** A broadcast changed: the hub sends `event` to the consoles of these areas and of this user. */
  'broadcast.changed': {
    areaIds: string[];
    userId: string;
    event: keyof ServerToClientEvents;
    payload: unknown;
  };
  /**
   * A new broadcast took speakers from running ones: ended those it took over (same priority,
   * explicitly), silenced those it pre-empted (lower priority) until it ends. Their creators are told.
   */
  'broadcast.cut': { by: BusyBroadcast; takenOver: BusyBroadcast[]; preempted: BusyBroadcast[] };
  /** A speaker's own report of a play item or an acknowledged command. */
  'device.event': { deviceId: string; event: DeviceEvent };
  /** A speaker kept sending invalid messages and was cut off for `minutes` (`field`: what it got wrong last); the console is told. */
  'device.cutOff': { deviceId: string; field: string; minutes: number };
  /**
   * The scheduler's word on a schedule not approved: its occurrence is 30 minutes away ('sapden'),
   * or came and was missed ('bolo'). Raised once per occurrence; notifications tell the approvers.
   */
  'schedule.alert': { kind: 'sapden' | 'bolo'; scheduleId: string; adminId: string; areaIds: string[]; title: string; createdByName: string; plannedAt: number };
  /**
   * Schedules changed (issue #32 items 8, 13): the consoles of their areas (and below) and of these
   * users read their lists again. Raised by the schedule routes and by a missed occurrence.
   */
  'schedules.changed': { ids: string[]; areaIds: string[]; userIds: string[] };
  /** An administrator changed an account's rights, type or area ('capnhat'), or locked it ('khoa'): its consoles are told and their rooms follow its new scope. */
  'account.changed': { userId: string; lydo: 'capnhat' | 'khoa' };
  /** Areas were added, moved or removed: open consoles join (or leave) the rooms of the areas their scope now covers. */
  'areas.changed': Record<string, never>;
  /** A notification was stored for a user: the hub sends it to that user's consoles. */
  'notification.created': { userId: string; notification: Notification };
}

/** A typed in-process event bus: services emit without knowing who listens. */
export class DomainBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
