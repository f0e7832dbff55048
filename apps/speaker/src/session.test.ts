import { describe, expect, it } from 'vitest';
import type { PlayItem } from '@loa/contract';
import { SilentPlayer, type Player } from './player';
import { ALIGN_CHECK_MS, PlaybackSession, type PlayCommand } from './session';
import type { StopSignal } from './stopSignal';

/** The silent player, noting where each stretch of an item was started from. */
class NotingPlayer implements Player {
  readonly name = 'noting';
  readonly starts: { url: string; from: number; at: number }[] = [];
  private readonly silent = new SilentPlayer();

  play(url: string, from: number, duration: number, signal: StopSignal, kind?: PlayItem['kind']): Promise<void> {
    this.starts.push({ url, from, at: Date.now() });
    return this.silent.play(url, from, duration, signal, kind);
  }

  setVolume(): void {}
}

const command = (startAt: number, items: PlayCommand['items']): PlayCommand => ({
  type: 'play', id: 'c-1', issuedAt: startAt, expiresAt: startAt + 60_000, sessionId: 's-1', priority: 1, title: 'Bản tin', items, startAt,
});
const item = (url: string, duration: number): PlayCommand['items'][number] => ({ url, duration, title: url, kind: 'relay' });

describe('PlaybackSession on the synchronised clock', () => {
  it('waits for startAt on its clock, then plays each item at its instant', async () => {
    const player = new NotingPlayer();
    const startAt = Date.now() + 300;
    const session = new PlaybackSession(command(startAt, [item('a', 0.3), item('b', 0.3)]), player, { onItemStart: () => undefined, onItemEnd: () => undefined, onEnd: () => undefined });
    await session.run();
    expect(player.starts.map((s) => s.url)).toEqual(['a', 'b']);
    // At their instants, within a timer's lateness on a loaded machine (21 ms seen in a full run here;
    // an item chained after the last one's end, or started a step late, is off by far more).
    expect(Math.abs(player.starts[0].at - startAt)).toBeLessThanOrEqual(50);
    expect(Math.abs(player.starts[1].at - (startAt + 300))).toBeLessThanOrEqual(50);
    // From their tops (give or take the few ms the first item's end took).
    for (const s of player.starts) expect(s.from).toBeLessThan(0.02);
  });

  it('has the player open each item before its instant, and close what it did not play when the session ends', async () => {
    const events: string[] = [];
    const signals: StopSignal[] = [];
    class PreparingPlayer extends NotingPlayer {
      prepare(url: string, _kind: PlayItem['kind'], signal: StopSignal): void {
        events.push(`open ${url}`);
        signals.push(signal);
      }

      override play(url: string, from: number, duration: number, signal: StopSignal, kind?: PlayItem['kind']): Promise<void> {
        events.push(`play ${url}`);
        return super.play(url, from, duration, signal, kind);
      }
    }
    const player = new PreparingPlayer();
    const session = new PlaybackSession(command(Date.now() + 200, [item('a', 0.3), item('b', 0.3)]), player, { onItemStart: () => undefined, onItemEnd: () => undefined, onEnd: () => undefined }, (u) => `http://loa/${u}`);
    await session.run();
    expect(events).toEqual(['open http://loa/a', 'play http://loa/a', 'open http://loa/b', 'play http://loa/b']);
    expect(signals.every((s) => s.aborted)).toBe(true);
  });

  it('moves its start when the clock is corrected while it waits', async () => {
    const player = new NotingPlayer();
    let correction = 0;
    const startAt = Date.now() + 1_500;
    const session = new PlaybackSession(command(startAt, [item('a', 0.2)]), player, { onItemStart: () => undefined, onItemEnd: () => undefined, onEnd: () => undefined }, (u) => u, () => Date.now() + correction);
    const running = session.run();
    // The first clock answer arrives: the device's clock was 1 s slow, so "now" is 1 s later than it thought.
    setTimeout(() => (correction = 1_000), 100);
    await running;
    expect(Math.abs(player.starts[0].at - (startAt - 1_000))).toBeLessThanOrEqual(30);
  });

  it('puts a long item back in place when the clock moves under it by more than a quarter second, and leaves a small error alone', async () => {
    const player = new NotingPlayer();
    let correction = 0;
    const startAt = Date.now();
    const starts: number[] = [];
    const session = new PlaybackSession(command(startAt, [item('relay', 30)]), player, { onItemStart: (_i, p) => starts.push(p), onItemEnd: () => undefined, onEnd: () => undefined }, (u) => u, () => Date.now() + correction);
    void session.run();
    // 100 ms off: within the tolerance, nothing happens at the next check.
    setTimeout(() => (correction = 100), 200);
    await new Promise((r) => setTimeout(r, ALIGN_CHECK_MS + 300));
    expect(session.realigned).toBe(0);
    // 2 s off: the next check restarts the item 2 s further on.
    correction = 2_000;
    await new Promise((r) => setTimeout(r, ALIGN_CHECK_MS + 300));
    session.abort('stopped');
    expect(session.realigned).toBe(1);
    expect(player.starts).toHaveLength(2);
    const restart = player.starts[1];
    const expected = (restart.at + 2_000 - startAt) / 1000;
    expect(Math.abs(restart.from - expected)).toBeLessThan(0.05);
    // The listener heard one item start (no second "started"): the restart is a seek within it. The
    // session began at startAt, so the item started at its beginning (a loaded machine may take a ms or two).
    expect(starts).toHaveLength(1);
    expect(starts[0]).toBeLessThan(0.05);
  }, 20_000);
});
