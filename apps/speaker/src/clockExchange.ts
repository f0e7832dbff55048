import { CLOCK_SYNC, topics } from '@loa/contract';
import { parseJson, type SpeakerAgentEvents } from './agentTypes';
import type { ClockSync } from './clockSync';
import type { DeviceLink } from './deviceLink';
import type { Logger } from './logger';

export interface ClockExchangeDeps {
  deviceId: string;
  link: DeviceLink;
  clock: ClockSync;
  log: Logger;
  onVerdict: (...args: SpeakerAgentEvents['clockAnswer']) => void;
  /** The first accepted answer since the agent started: commands held for the clock may go. */
  onFirstSync: () => void;
  /** An accepted answer that may have changed the clock's quality or fault (worth a state report). */
  onAnswered: () => void;
}

/**
 * The device's side of the clock exchange over MQTT (docs/device-protocol.md "Clock"): requests on
 * its clock topic, a burst of them after each connect, answers on its time topic fed to ClockSync.
 */
export class ClockExchange {
  private burstTimers: NodeJS.Timeout[] = [];
  /** The burst's exchanges still to come, and the settling ones left since the last connection (CLOCK_SYNC.settleMax). */
  private burstLeft = 0;
  private settleLeft = 0;

  constructor(private readonly deps: ClockExchangeDeps) {}

  /** Publishes one request; its answer comes on the time topic. */
  request(): void {
    const { deps } = this;
    deps.link.publish(topics.clock(deps.deviceId), JSON.stringify(deps.clock.request()), { qos: 0 });
  }

  /**
   * After a connect: the estimate starts afresh and `sync` runs now and a few times more, so the
   * clock is known before the running bulletin the state brings.
   */
  startBurst(sync: () => void): void {
    this.deps.clock.reconnected();
    this.burstLeft = CLOCK_SYNC.burst;
    this.settleLeft = CLOCK_SYNC.settleMax;
    this.stopBurst();
    sync();
    for (let i = 1; i < CLOCK_SYNC.burst; i += 1) {
      const timer = setTimeout(sync, i * CLOCK_SYNC.burstGapMs);
      timer.unref();
      this.burstTimers.push(timer);
    }
  }

  /**
   * How long until the next exchange after this one: a minute, or a couple of seconds while the
   * estimate is still uncertain by more than CLOCK_SYNC.settleTargetMs (settling, a few times after
   * each connection).
   */
  nextGapMs(random = Math.random): number {
    // Within the burst the next exchange is already set (its timer): whatever is answered here is overridden.
    if (this.burstLeft > 0) this.burstLeft -= 1;
    if (this.burstLeft > 0) return CLOCK_SYNC.intervalMs;
    const uncertainty = this.deps.clock.uncertainty();
    if (this.settleLeft > 0 && (uncertainty === null || uncertainty > CLOCK_SYNC.settleTargetMs)) {
      this.settleLeft -= 1;
      return CLOCK_SYNC.settleGapMs * (1 + random());
    }
    return CLOCK_SYNC.intervalMs;
  }

  stopBurst(): void {
    for (const t of this.burstTimers) clearTimeout(t);
    this.burstTimers = [];
  }

  /** Takes an answer from the time topic, received at local time t4. */
  answer(payload: Buffer, t4: number): void {
    const { deps } = this;
    const wasSynced = deps.clock.synced;
    // Not JSON is counted as malformed by ClockSync.
    const verdict = deps.clock.answer(parseJson(payload) ?? null, t4);
    deps.onVerdict(verdict);
    if (verdict !== 'accepted') {
      deps.log.debug?.(`[${deps.deviceId}] bỏ qua trả lời đồng hồ / clock answer ignored (${verdict})`);
      return;
    }
    if (!wasSynced) {
      const { offset, rtt } = deps.clock.status();
      deps.log.info(`[${deps.deviceId}] đồng bộ đồng hồ / clock synchronised: ${offset >= 0 ? '+' : ''}${offset} ms (khứ hồi / round trip ${rtt} ms)`);
      deps.onFirstSync();
    }
    deps.onAnswered();
  }
}
