import { spawn } from 'node:child_process';
import type { PlayItem } from '@loa/contract';
import type { SpeakerAgent } from './agent';
import type { Logger } from './logger';
import type { ItemRef, Player } from './player';
import { sleep } from './sleep';
import type { StopSignal } from './stopSignal';

/** A hook that did not finish within this is a failure (it is killed). */
const HOOK_TIMEOUT_MS = 10_000;

export interface AmplifierOptions {
  /** Shell command that switches the amplifier on (e.g. `gpioset gpiochip0 17=1`); none: nothing is switched. */
  on?: string;
  off?: string;
  /** How long the amplifier needs between on and sound (default 1500 ms). */
  leadMs?: number;
  /** How long it stays on after the last item (default 30 000 ms). */
  offDelayMs?: number;
  log: Logger;
  /** A hook failed (exit code, timeout, not found): reported, and playback goes on. */
  onFault?: (message: string) => void;
}

/**
 * The amplifier's power (issue #31): switched on through a hook `leadMs` before a session's first
 * item and off `offDelayMs` after its last. A failing hook is reported and changes nothing else:
 * the box plays whatever the amplifier's state.
 */
export class Amplifier {
  readonly leadMs: number;
  readonly offDelayMs: number;
  private powered = false;
  private onAt = 0;
  private active = 0;
  private offTimer: NodeJS.Timeout | null = null;
  private switching: Promise<void> = Promise.resolve();

  constructor(private readonly options: AmplifierOptions) {
    this.leadMs = options.leadMs ?? 1500;
    this.offDelayMs = options.offDelayMs ?? 30_000;
  }

  get on(): boolean {
    return this.powered;
  }

  /**
   * A play command arrived, starting in `untilStartMs`: switch on now, so the lead has passed by its
   * start time; off again the delay after that start if nothing plays by then (an ignored command).
   */
  prepare(untilStartMs = 0): void {
    this.cancelOff();
    void this.switchOn().then(() => {
      if (this.active === 0) this.scheduleOff(Math.max(this.leadMs, untilStartMs) + this.offDelayMs);
    });
  }

  /** An item is about to play: on, and resolves once the lead has passed since it was switched on; the ms waited. */
  async acquire(): Promise<number> {
    this.active += 1;
    this.cancelOff();
    const asked = Date.now();
    await this.switchOn();
    const ready = this.onAt + this.leadMs;
    if (Date.now() < ready) await sleep(ready - Date.now());
    return Date.now() - asked;
  }

  /** An item ended: off after offDelayMs unless another starts. */
  release(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active === 0) this.scheduleOff(this.offDelayMs);
  }

  /** The agent stops: off now. */
  async shutdown(): Promise<void> {
    this.cancelOff();
    await this.switchOff();
  }

  private switchOn(): Promise<void> {
    this.switching = this.switching.then(async () => {
      if (this.powered) return;
      this.powered = true;
      if (this.options.on) await this.runHook('on', this.options.on);
      // The lead counts from when the hook has switched it (gpioset has returned).
      this.onAt = Date.now();
    });
    return this.switching;
  }

  private switchOff(): Promise<void> {
    this.switching = this.switching.then(async () => {
      if (!this.powered || this.active > 0) return;
      this.powered = false;
      if (this.options.off) await this.runHook('off', this.options.off);
    });
    return this.switching;
  }

  private scheduleOff(delayMs: number): void {
    this.cancelOff();
    this.offTimer = setTimeout(() => {
      this.offTimer = null;
      void this.switchOff();
    }, delayMs);
  }

  private cancelOff(): void {
    if (this.offTimer) clearTimeout(this.offTimer);
    this.offTimer = null;
  }

  private runHook(which: 'on' | 'off', command: string): Promise<void> {
    return new Promise((resolve) => {
      const child = spawn('/bin/sh', ['-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-500)));
      const timer = setTimeout(() => child.kill('SIGKILL'), HOOK_TIMEOUT_MS);
      const failed = (why: string) => {
        const message = `Lệnh ${which === 'on' ? 'bật' : 'tắt'} bộ khuếch đại lỗi / amplifier ${which} hook failed (${why}): ${command}${stderr ? ` — ${stderr.trim()}` : ''}`;
        this.options.log.error(message);
        this.options.onFault?.(message);
      };
      child.once('error', (error) => {
        clearTimeout(timer);
        failed(error.message);
        resolve();
      });
      child.once('close', (code, signal) => {
        clearTimeout(timer);
        if (code !== 0) failed(signal ? `dừng bởi / killed by ${signal}` : `mã thoát / exit code ${code}`);
        resolve();
      });
    });
  }
}

/**
 * A player behind the amplifier: each item waits for the amplifier's lead (already passed when the
 * command came PLAY_LEAD_MS ≥ lead ahead) and starts that much further in, so the box stays in step
 * with the others; the amplifier goes off offDelayMs after the last item.
 */
export class AmplifiedPlayer implements Player {
  readonly name: string;

  constructor(private readonly inner: Player, private readonly amplifier: Amplifier) {
    this.name = `${inner.name} + bộ khuếch đại / amplifier`;
  }

  async play(url: string, fromSeconds: number, durationSeconds: number, signal: StopSignal, kind?: PlayItem['kind'], item?: ItemRef): Promise<void> {
    const waitedMs = await this.amplifier.acquire();
    try {
      if (signal.aborted) return;
      await this.inner.play(url, fromSeconds + waitedMs / 1000, durationSeconds, signal, kind, item);
    } finally {
      this.amplifier.release();
    }
  }

  prepare(url: string, kind: PlayItem['kind'], signal: StopSignal): void {
    this.inner.prepare?.(url, kind, signal);
  }

  setVolume(volume: number): void {
    this.inner.setVolume(volume);
  }
}

/** Switches the amplifier on when a play command arrives (before its start time) and off when the agent stops. */
export function attachAmplifier(agent: SpeakerAgent, amplifier: Amplifier): void {
  agent.on('command', (command) => {
    if (command.type === 'play') amplifier.prepare(command.startAt - agent.clock.now());
  });
}
