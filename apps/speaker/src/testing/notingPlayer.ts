import { SilentPlayer } from '../silentPlayer';

/**
 * A silent player that notes, for the first item it is asked to play, the true instant it was asked
 * (Date.now, which in the tests is the server's clock) and the position it was to start from. What a
 * listener hears is `top`: the true instant at which its audio was at the item's start. Speakers in
 * step have the same top, however late each one's code ran (a late start begins further in): the
 * instants at which several agents in one test process run their starts are not it, as they run one
 * after another there, where each speaker has a CPU of its own.
 */
export class NotingPlayer extends SilentPlayer {
  first: { at: number; from: number } | null = null;

  override play(...args: Parameters<SilentPlayer['play']>): Promise<void> {
    this.first ??= { at: Date.now(), from: args[1] };
    return super.play(...args);
  }

  /** The true instant its first item's audio was at its start (ms), or null before it played. */
  get top(): number | null {
    return this.first ? this.first.at - this.first.from * 1000 : null;
  }
}

/** How the players started, for a failing assertion's message: ms after the first was asked, and from where. */
export function startsSeen(players: readonly NotingPlayer[]): string {
  const asked = players.map((p) => p.first?.at ?? NaN);
  const first = Math.min(...asked);
  return players.map((p) => (p.first ? `${p.first.at - first} ms, from ${p.first.from.toFixed(3)} s` : 'not started')).join(' | ');
}
