import { describe, expect, it } from 'vitest';
import type { PlayItem } from '@loa/contract';
import { SilentPlayer, type Player } from './player';
import { PlaybackSession, type PlayCommand } from './session';
import { sleep } from './sleep';
import type { StopSignal } from './stopSignal';
import { RESUME_WAIT_MS, shouldResume } from './streamResume';

/**
 * A player whose stream drops: each planned outcome is used by one stretch ('drop after N ms': it
 * ends early as mpg123 does when its connection goes; 'fail': it fails at once, as a link still down
 * does); later stretches play normally (in real time, silently).
 */
class DroppingPlayer implements Player {
  readonly name = 'dropping';
  readonly starts: { url: string; from: number; at: number }[] = [];
  private readonly silent = new SilentPlayer();

  constructor(private readonly plan: ({ dropAfterMs: number } | 'fail')[]) {}

  async play(url: string, from: number, duration: number, signal: StopSignal, kind?: PlayItem['kind']): Promise<void> {
    this.starts.push({ url, from, at: Date.now() });
    const next = this.plan.shift();
    if (next === 'fail') throw new Error('cannot connect: ENETUNREACH');
    if (next) return sleep(next.dropAfterMs, signal);
    return this.silent.play(url, from, duration, signal, kind);
  }

  setVolume(): void {}
}

const command = (startAt: number, item: PlayCommand['items'][number]): PlayCommand => ({
  type: 'play', id: 'c-1', issuedAt: startAt, expiresAt: startAt + 60_000, sessionId: 's-1', priority: 1, title: 'Bản tin', items: [item], startAt,
});

function run(player: Player, item: PlayCommand['items'][number], resolve: (url: string) => string = (u) => u) {
  const gaps: { from: number; to: number; reason: string }[] = [];
  const ends: string[] = [];
  const startAt = Date.now();
  const session = new PlaybackSession(command(startAt, item), player, {
    onItemStart: () => undefined,
    onItemEnd: (_i, outcome) => ends.push(outcome.kind),
    onEnd: () => undefined,
    onGap: (_i, from, to, reason) => gaps.push({ from, to, reason }),
  }, resolve);
  return { session, gaps, ends, startAt };
}

describe('a streamed item that drops (issue #30, item 4)', () => {
  it('is played again from where the clock is, through a link still down, and the time lost is reported once it plays', async () => {
    // Drops after 1.2 s, then two attempts fail at once (the link is still down), then it holds.
    const player = new DroppingPlayer([{ dropAfterMs: 1200 }, 'fail', 'fail']);
    const { session, gaps, ends, startAt } = run(player, { url: 'http://server/tin.mp3', duration: 8, title: 'Tin', kind: 'file' });
    await session.run();
    expect(player.starts).toHaveLength(4);
    const resumed = player.starts[3];
    // From the clock's position, not from where it stopped.
    expect(Math.abs(resumed.from - (resumed.at - startAt) / 1000)).toBeLessThan(0.1);
    expect(resumed.from).toBeGreaterThan(1.2 + 2 * RESUME_WAIT_MS / 1000 - 0.2);
    expect(gaps).toHaveLength(1);
    expect(gaps[0].from).toBeCloseTo(1.2, 0);
    expect(gaps[0].to).toBeCloseTo(resumed.from, 1);
    expect(gaps[0].reason).toBe('stream ended');
    // The item played to its end.
    expect(ends).toEqual(['finished']);
    expect(session.gaps).toBe(1);
  }, 20_000);

  it('reports a gap to the item\'s end and the error when the stream never comes back', async () => {
    const player = new DroppingPlayer([{ dropAfterMs: 500 }, 'fail', 'fail', 'fail', 'fail', 'fail', 'fail']);
    const { session, gaps, ends } = run(player, { url: 'http://server/kenh', duration: 4, title: 'Kênh', kind: 'relay' });
    await session.run();
    expect(gaps).toHaveLength(1);
    expect(gaps[0].to).toBe(4);
    expect(ends).toEqual(['error']);
  }, 20_000);

  it('is not resumed when the audio is the cache\'s file, when it failed at once, or when it ended within its last seconds', () => {
    const base = { kind: 'file' as const, played: 5, left: 20, failed: false, resuming: false };
    expect(shouldResume({ ...base, url: 'http://server/a.mp3' })).toBe(true);
    expect(shouldResume({ ...base, url: '/var/lib/loa-speaker/cache/ab/abcdef' })).toBe(false);
    expect(shouldResume({ ...base, url: 'http://server/a.mp3', failed: true, played: 0.1 })).toBe(false);
    expect(shouldResume({ ...base, url: 'http://server/a.mp3', failed: true, played: 0.1, resuming: true })).toBe(true);
    expect(shouldResume({ ...base, url: 'http://server/a.mp3', left: 1 })).toBe(false);
  });

  it('plays from the cache when the plan\'s copy arrived while it was down', async () => {
    const player = new DroppingPlayer([{ dropAfterMs: 600 }]);
    let cached = false;
    const { session, gaps } = run(player, { url: '/media/tin.mp3', duration: 4, title: 'Tin', kind: 'file' },
      (url) => (cached ? `/cache/${url.split('/').pop()}` : `http://server${url}`));
    setTimeout(() => (cached = true), 800);
    await session.run();
    expect(player.starts.map((s) => s.url)).toEqual(['http://server/media/tin.mp3', '/cache/tin.mp3']);
    expect(gaps).toHaveLength(1);
  }, 20_000);
});
