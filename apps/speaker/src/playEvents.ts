import type { ClockSync } from './clockSync';
import type { Logger } from './logger';
import type { PlayoutHooks } from './playout';
import type { PlayCommand } from './session';
import type { StateReporter } from './stateReporter';

/** An item's title as the speaker reports it (in `started` and in its state): the session's when it has none. */
export function shownTitle(command: PlayCommand, index: number): string {
  return (command.items[index].title || command.title).slice(0, 200);
}

/** A position in seconds to a tenth, as reported. */
export function tenths(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}

export interface PlayEventDeps {
  deviceId: string;
  clock: ClockSync;
  log: Logger;
  reporter: StateReporter;
  /** A state report within a few seconds (after an item starts). */
  reportSoon: () => void;
  /** A state report now (after a session ends). */
  reportNow: () => void;
  onPlayed: (sessionId: string) => void;
}

/**
 * What the playing session tells the server: `started` when an item starts (with its command id, so
 * it also acknowledges the play), `finished` or `error` when it ends, a state when the session ends.
 */
export function playEventHooks(deps: PlayEventDeps): PlayoutHooks {
  const { deviceId, clock, log, reporter } = deps;
  return {
    onItemStart(session, index, position) {
      const { command } = session;
      log.info(`[${deviceId}] đang phát / playing "${command.items[index].title || command.title}" (${index + 1}/${command.items.length}) từ / from ${position.toFixed(1)} s`);
      // `started` tells the server what plays now; the retained state follows a moment later (with
      // jitter), so a bulletin to a whole province is not answered by two messages per speaker at once.
      reporter.publishEvent({
        type: 'started', cmdId: command.id, sessionId: session.sessionId, itemIndex: index, url: command.items[index].url,
        title: shownTitle(command, index), position: tenths(position), at: Math.round(clock.now()),
      });
      deps.reportSoon();
    },
    onItemEnd(session, index, outcome) {
      const base = { cmdId: session.command.id, sessionId: session.sessionId, itemIndex: index, url: session.command.items[index].url, at: Math.round(clock.now()) };
      if (outcome.kind === 'error') {
        log.warn(`[${deviceId}] lỗi phát / play error: ${outcome.message}`);
        reporter.publishEvent({ ...base, type: 'error', message: outcome.message.slice(0, 500) });
      } else {
        reporter.publishEvent({ ...base, type: 'finished', ...(outcome.kind === 'interrupted' ? { message: outcome.reason } : {}) });
      }
    },
    onGap(session, index, from, to, reason) {
      const lost = tenths(to - from);
      log.warn(`[${deviceId}] gián đoạn / gap of ${lost} s in "${shownTitle(session.command, index)}" (${reason})${to >= session.command.items[index].duration ? ' — không phát lại được / never came back' : ''}`);
      reporter.publishEvent({
        type: 'gap', cmdId: session.command.id, sessionId: session.sessionId, itemIndex: index, url: session.command.items[index].url,
        position: tenths(to), gap: lost, message: reason.slice(0, 500), at: Math.round(clock.now()),
      });
    },
    onLateSound(session, index, asked, at) {
      const { command } = session;
      log.info(`[${deviceId}] mở âm thanh mất / opening the audio took ${(at - asked).toFixed(1)} s: "${command.items[index].title || command.title}" (${index + 1}/${command.items.length}) phát từ / sounds from ${at.toFixed(1)} s`);
    },
    onSessionEnd(session) {
      log.info(`[${deviceId}] phát xong / finished session ${session.sessionId}`);
      deps.reportNow();
      deps.onPlayed(session.sessionId);
    },
  };
}
