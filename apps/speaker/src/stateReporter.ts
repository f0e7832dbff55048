import { deviceStateSchema, topics, type DeviceEvent, type DeviceState } from '@loa/contract';
import type { ClockSync } from './clockSync';
import type { DeviceLink } from './deviceLink';
import { localIp } from './localIp';
import type { Logger } from './logger';

const EVENT_PUBLISH = { qos: 1 } as const;
/** Longest a state report waits for the events sent before it to be acknowledged, ms. */
const STATE_WAIT_MS = 2_000;

/** The state a speaker reports: what it plays, its volume, firmware, address and clock. */
export function deviceState(volume: number, playing: DeviceState['playing'], firmware: string, clock: ClockSync): DeviceState {
  return {
    online: true,
    volume,
    playing,
    firmware,
    signal: null,
    ip: localIp(),
    ts: Math.round(clock.localNow()),
    clock: clock.status(),
  };
}

export interface StateReporterDeps {
  deviceId: string;
  link: DeviceLink;
  clock: ClockSync;
  log: Logger;
  /** The state to report now. */
  state: () => DeviceState;
  /** A killed agent sends nothing more (its last will speaks for it). */
  isDead: () => boolean;
  /** Reports again through the agent, which also reschedules its periodic report. */
  reportAgain: () => void;
  onState: (state: DeviceState) => void;
  onEvent: (event: DeviceEvent) => void;
}

/**
 * What the speaker tells the server: its retained state (QoS 0) and its play events (QoS 1), kept in
 * order so that a state never overtakes the events it follows.
 */
export class StateReporter {
  /** Events sent at QoS 1 and not yet acknowledged: a state report waits for them (below). */
  private eventsInFlight = 0;
  private stateWaiting: NodeJS.Timeout | null = null;
  /** The clock's quality and fault as last reported: a change is worth a report of its own. */
  private reportedClock = '';

  constructor(private readonly deps: StateReporterDeps) {}

  /** Sends the state unless events are still in flight (it then follows them). */
  send(): void {
    const { deps } = this;
    // mqtt.js writes a QoS 0 message at once but a QoS 1 one only after storing it: a state sent
    // right after an item's `started` would overtake it, and the server, reading `started` last,
    // would think the item still plays. The state waits until the events before it are acknowledged.
    if (this.eventsInFlight > 0) {
      this.stateWaiting ??= setTimeout(() => {
        this.stateWaiting = null;
        this.eventsInFlight = 0;
        deps.reportAgain();
      }, STATE_WAIT_MS);
      return;
    }
    this.reportedClock = this.clockSignature();
    const parsed = deviceStateSchema.safeParse(deps.state());
    if (!parsed.success) {
      deps.log.error(`[${deps.deviceId}] invalid state not sent: ${parsed.error.message}`);
      return;
    }
    // QoS 0: a state is the whole picture and is sent again after every reconnect. At QoS 1 a state
    // still unacknowledged when the link dropped would be replayed from the session store ahead of
    // the new subscriptions, and the server, taking it for "subscribed and online", would send the
    // running bulletin to a speaker not yet listening.
    deps.link.publish(topics.state(deps.deviceId), JSON.stringify(parsed.data), { qos: 0, retain: true });
    deps.onState(parsed.data);
  }

  /** Events are built from typed values (the tests check them against the contract), so they go out without a schema pass. */
  publishEvent(event: DeviceEvent): void {
    const { deps } = this;
    if (deps.isDead()) return;
    this.eventsInFlight += 1;
    deps.link.publish(topics.event(deps.deviceId), JSON.stringify(event), EVENT_PUBLISH, (error) => {
      if (error) deps.log.debug?.(`[${deps.deviceId}] event not sent: ${error.message}`);
      this.eventsInFlight = Math.max(0, this.eventsInFlight - 1);
      if (this.eventsInFlight === 0 && this.stateWaiting) {
        clearTimeout(this.stateWaiting);
        this.stateWaiting = null;
        deps.reportAgain();
      }
    });
    deps.onEvent(event);
  }

  /** Acknowledges a command (a play that starts is acknowledged by its `started` event instead). */
  ack(cmdId: string): void {
    this.publishEvent({ type: 'ack', cmdId, at: Math.round(this.deps.clock.now()) });
  }

  /** Whether the clock's quality or fault changed since the last state sent. */
  clockChanged(): boolean {
    return this.clockSignature() !== this.reportedClock;
  }

  /** Drops a state waiting for its events (the agent stops). */
  cancel(): void {
    if (this.stateWaiting) clearTimeout(this.stateWaiting);
    this.stateWaiting = null;
  }

  private clockSignature(): string {
    const { quality, fault } = this.deps.clock.status();
    return `${quality}|${fault ?? ''}`;
  }
}
