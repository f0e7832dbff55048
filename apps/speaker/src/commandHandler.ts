import { deviceCommandSchema, type DeviceCommand } from '@loa/contract';
import type { DropReason } from './agentTypes';
import type { ClockSync } from './clockSync';
import { CommandFilter } from './commandFilter';
import type { Logger } from './logger';
import type { Playout } from './playout';
import type { InterruptReason, PlayCommand } from './session';
import type { StateReporter } from './stateReporter';

/** Commands that arrive before the first clock answer wait for it this long at most, ms. */
const UNSYNCED_HOLD_MS = 2_000;
/** Most commands held for the clock; the oldest goes first. */
const MAX_HELD = 100;

export interface CommandHandlerDeps {
  deviceId: string;
  clock: ClockSync;
  log: Logger;
  playout: Playout;
  reporter: StateReporter;
  drop: (reason: DropReason, detail: string) => void;
  onCommand: (command: DeviceCommand) => void;
  /** A play ignored: outranked by what plays, or the very run it already plays. */
  onIgnored: (command: PlayCommand) => void;
  stopSession: (reason: InterruptReason) => void;
  setVolume: (volume: number) => void;
  reboot: () => void;
  /** An `update` command (remote updates, updater.ts). */
  update: (command: Extract<DeviceCommand, { type: 'update' }>) => void;
}

/**
 * The commands of the device's and its areas' topics: checked against the contract, filtered
 * (duplicates, expired), acknowledged and carried out. Commands carry server times, so those that
 * come before the clock's first answer wait for it a moment.
 */
export class CommandHandler {
  private readonly filter = new CommandFilter(1000);
  /** Commands received before the clock's first answer (they are timed in server time). */
  private held: { json: unknown; topic: string }[] = [];
  private holdTimer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: CommandHandlerDeps) {}

  /** A command as received (already JSON): carried out now, or held until the clock is known. */
  receive(json: unknown, topic: string): void {
    if (this.deps.clock.synced) this.handle(json, topic);
    else this.hold(json, topic);
  }

  /** Carries out the commands that waited for the clock (or for the hold to run out). */
  releaseHeld(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    const held = this.held;
    this.held = [];
    for (const h of held) this.handle(h.json, h.topic);
  }

  /** Forgets the held commands (the agent stops). */
  clear(): void {
    if (this.holdTimer) clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.held = [];
  }

  private hold(json: unknown, topic: string): void {
    this.held.push({ json, topic });
    if (this.held.length > MAX_HELD) this.held.shift();
    if (!this.holdTimer) {
      this.holdTimer = setTimeout(() => this.releaseHeld(), UNSYNCED_HOLD_MS);
      this.holdTimer.unref();
    }
  }

  private handle(json: unknown, topic: string): void {
    const { deps } = this;
    const parsed = deviceCommandSchema.safeParse(json);
    if (!parsed.success) {
      deps.drop('malformed', `${topic}: ${parsed.error.message}`);
      return;
    }
    const command = parsed.data;
    const verdict = this.filter.check(command, deps.clock.now());
    if (verdict !== 'accept') {
      deps.drop(verdict, `${command.type} ${command.id}`);
      return;
    }
    deps.onCommand(command);
    // A play that starts is confirmed by its `started` event (it carries the command id): one
    // message instead of two per speaker when a bulletin reaches thousands at once.
    if (command.type === 'play') {
      if (!this.play(command)) deps.reporter.ack(command.id);
      return;
    }
    deps.reporter.ack(command.id);
    switch (command.type) {
      case 'stop':
        if (!command.sessionId || command.sessionId === deps.playout.current?.sessionId) deps.stopSession('stopped');
        break;
      case 'volume':
        deps.setVolume(command.volume);
        break;
      case 'reboot':
        deps.reboot();
        break;
      case 'update':
        deps.update(command);
        break;
    }
  }

  /** Starts a session; answers false when the command is ignored (already playing it, outranked by what plays, or already over). */
  private play(command: PlayCommand): boolean {
    const { deps } = this;
    const verdict = deps.playout.play(command);
    if (verdict === 'outranked') deps.log.info(`[${deps.deviceId}] giữ phiên đang phát, bỏ qua phiên ${command.sessionId} (ưu tiên không cao hơn) / kept the playing session, ignored ${command.sessionId}`);
    if (verdict === 'over') deps.log.info(`[${deps.deviceId}] phiên đã kết thúc / session already over: ${command.sessionId}`);
    if (verdict === 'sameRun' || verdict === 'outranked') deps.onIgnored(command);
    return verdict === 'started';
  }
}
