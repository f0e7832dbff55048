import { describe, expect, it } from 'vitest';
import { CLOCK_SYNC, clockStatusSchema } from '@loa/contract';
import { ClockExchange } from './clockExchange';
import { ClockSync, skewedClock } from './clockSync';

/**
 * A simulated world: true time advances by hand; the device's clock is `error` ms off (and
 * `driftPpm` fast); each leg of an exchange takes the delay the test says.
 */
function world(error: number, driftPpm = 0) {
  let trueNow = 1_800_000_000_000;
  const t0 = trueNow;
  const device = () => trueNow + error + ((trueNow - t0) * driftPpm) / 1e6;
  const sync = new ClockSync(device);
  return {
    sync,
    advance: (ms: number) => void (trueNow += ms),
    get trueNow() {
      return trueNow;
    },
    /** One exchange with `up` ms to the server, `hold` ms there and `down` ms back; answers the verdict. */
    exchange(up: number, down: number, hold = 0.2) {
      const req = sync.request();
      trueNow += up;
      const t2 = trueNow;
      trueNow += hold;
      const t3 = trueNow;
      trueNow += down;
      return sync.answer({ ...req, t2, t3 });
    },
  };
}

describe('ClockSync: settling while uncertain', () => {
  it('says how uncertain the estimate is: the width of the bounds its exchanges leave', () => {
    const w = world(7_000);
    expect(w.sync.uncertainty()).toBeNull();
    w.exchange(20, 30); // bounds: − 30 … + 20 around the truth
    expect(w.sync.uncertainty()).toBeCloseTo(50, 0);
    w.advance(250);
    w.exchange(40, 4); // a fast return leg narrows the low side to − 4
    expect(w.sync.uncertainty()).toBeCloseTo(24, 0);
    w.advance(250);
    w.exchange(3, 60); // and a fast outward leg the high side to + 3
    expect(w.sync.uncertainty()).toBeCloseTo(7, 0);
    expect(Math.abs(w.sync.now() - w.trueNow)).toBeLessThanOrEqual(3.5);
  });

  it('asks again within seconds after the burst while uncertain, at most settleMax times, then once a minute', () => {
    const w = world(-3_000);
    const exchange = new ClockExchange({ deviceId: 'd', link: { publish: () => undefined } as never, clock: w.sync, log: console, onVerdict: () => undefined, onFirstSync: () => undefined, onAnswered: () => undefined });
    exchange.startBurst(() => undefined);
    exchange.stopBurst();
    // The burst's own exchanges: their timers set the next one.
    for (let i = 0; i < CLOCK_SYNC.burst - 1; i += 1) expect(exchange.nextGapMs(() => 0)).toBe(CLOCK_SYNC.intervalMs);
    // A burst on a busy link: every exchange slow on both legs, so the estimate stays uncertain.
    for (let i = 0; i < CLOCK_SYNC.burst; i += 1) w.exchange(40, 45);
    const gaps: number[] = [];
    for (let i = 0; i < CLOCK_SYNC.settleMax + 2; i += 1) gaps.push(exchange.nextGapMs(() => 0.5));
    expect(gaps.slice(0, CLOCK_SYNC.settleMax)).toEqual(Array(CLOCK_SYNC.settleMax).fill(CLOCK_SYNC.settleGapMs * 1.5));
    expect(gaps.slice(CLOCK_SYNC.settleMax)).toEqual([CLOCK_SYNC.intervalMs, CLOCK_SYNC.intervalMs]);
  });

  it('takes no drift from a minute of settling exchanges whose legs vary: the corrected clock stays right', () => {
    const w = world(9_000); // no drift at all
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 30; i += 1) {
      w.exchange(5 + random() * 20, 5 + random() * 20);
      w.advance(2_000);
    }
    expect(w.sync.status().drift).toBe(0);
    w.advance(60_000);
    expect(Math.abs(w.sync.now() - w.trueNow)).toBeLessThan(10);
  });

  it('stops settling as soon as the estimate is good enough', () => {
    const w = world(12_000);
    const exchange = new ClockExchange({ deviceId: 'd', link: { publish: () => undefined } as never, clock: w.sync, log: console, onVerdict: () => undefined, onFirstSync: () => undefined, onAnswered: () => undefined });
    exchange.startBurst(() => undefined);
    exchange.stopBurst();
    for (let i = 0; i < CLOCK_SYNC.burst - 1; i += 1) exchange.nextGapMs();
    w.exchange(30, 30);
    expect(exchange.nextGapMs(() => 0)).toBe(CLOCK_SYNC.settleGapMs);
    w.advance(2_000);
    w.exchange(3, 4); // a quiet moment: bounds 7 ms wide
    expect(exchange.nextGapMs(() => 0)).toBe(CLOCK_SYNC.intervalMs);
  });
});

describe('ClockSync: the offset filter', () => {
  it('finds a device clock 30 s fast from one symmetric exchange', () => {
    const w = world(30_000);
    expect(w.exchange(10, 10)).toBe('accepted');
    expect(w.sync.now() - w.trueNow).toBeCloseTo(0, 0);
    expect(w.sync.status()).toMatchObject({ offset: -30_000, rtt: 20, quality: 'good' });
  });

  it('uses the exchange with the smallest round trip, so queueing on one leg does not bias it', () => {
    const w = world(-12_345);
    // Asymmetric queueing: the return leg is slow in most exchanges (a busy server, a loaded link).
    const legs: [number, number][] = [[5, 180], [6, 95], [4, 5], [5, 240], [7, 60], [5, 130]];
    for (const [up, down] of legs) {
      expect(w.exchange(up, down)).toBe('accepted');
      w.advance(250);
    }
    // The 4 ms + 5 ms exchange bounds the error by half its asymmetry; the mean of all would be ~50 ms off.
    expect(Math.abs(w.sync.now() - w.trueNow)).toBeLessThanOrEqual(1);
    const naive = legs.reduce((a, [up, down]) => a + (up - down) / 2, 0) / legs.length;
    expect(Math.abs(naive)).toBeGreaterThan(40);
  });

  it('intersects the exchanges\' bounds: a fast outward leg of one and a fast return leg of another pin the offset', () => {
    const w = world(4_000);
    // Neither exchange is symmetric: each alone is 4 ms off, in opposite directions.
    w.exchange(2, 10);
    w.advance(250);
    w.exchange(10, 2);
    expect(Math.abs(w.sync.now() - w.trueNow)).toBeLessThan(0.5);
  });

  it('forgets old samples: the window keeps the last sixteen', () => {
    const w = world(1_000);
    w.exchange(1, 1); // a very good sample, then sixteen mediocre ones push it out
    for (let i = 0; i < 16; i += 1) {
      w.advance(1_000);
      w.exchange(20, 20);
    }
    expect(w.sync.status().rtt).toBe(40);
  });

  it('measures drift between exchanges and carries the offset forward with it', () => {
    const w = world(2_000, 200); // 200 ppm fast: 12 ms a minute
    for (let i = 0; i < 12; i += 1) {
      w.exchange(3, 3);
      w.advance(60_000);
    }
    expect(w.sync.status().drift).toBeCloseTo(-200, 0);
    // Ten minutes without an exchange: the drift (2 ms/10 min per ppm) is still accounted for.
    w.advance(600_000);
    expect(Math.abs(w.sync.now() - w.trueNow)).toBeLessThan(2);
  });

  it('holds back one far sample, and steps after three that agree (a stepped clock)', () => {
    const w = world(0);
    w.exchange(5, 5);
    w.advance(1_000);
    // A fast, far sample: could be a forged or glitched answer. One alone changes nothing.
    const req = w.sync.request();
    w.advance(5);
    expect(w.sync.answer({ ...req, t2: w.trueNow + 5_000, t3: w.trueNow + 5_000 })).toBe('accepted');
    w.advance(5);
    expect(Math.abs(w.sync.now() - w.trueNow)).toBeLessThan(2);
    // The server's clock really moved 5 s: three agreeing samples make the estimate follow.
    for (let i = 0; i < 3; i += 1) {
      const r = w.sync.request();
      w.advance(5);
      w.sync.answer({ ...r, t2: w.trueNow + 5_000, t3: w.trueNow + 5_000 });
      w.advance(5);
    }
    expect(w.sync.now() - w.trueNow).toBeGreaterThan(4_990);
    expect(w.sync.status().quality).toBe('good');
  });

  it('calls a clock that keeps jumping untrusted', () => {
    const w = world(0);
    w.exchange(5, 5);
    for (let jump = 1; jump <= 3; jump += 1) {
      for (let i = 0; i < 3; i += 1) {
        const r = w.sync.request();
        w.advance(5);
        w.sync.answer({ ...r, t2: w.trueNow + jump * 2_000, t3: w.trueNow + jump * 2_000 });
        w.advance(5);
      }
    }
    expect(w.sync.status()).toMatchObject({ quality: 'untrusted', fault: 'jumping' });
  });

  it('grades the link: poor above 200 ms of round trip, untrusted above a second', () => {
    const slow = world(0);
    slow.exchange(150, 150);
    expect(slow.sync.status().quality).toBe('poor');
    const worse = world(0);
    worse.exchange(700, 700);
    expect(worse.sync.status()).toMatchObject({ quality: 'untrusted', fault: 'slowRoundTrip' });
  });

  it('is unsynced at first, and untrusted when no answer comes for 30 s', () => {
    const w = world(500);
    w.sync.request();
    expect(w.sync.synced).toBe(false);
    expect(w.sync.status().quality).toBe('unsynced');
    // Until the first answer the device uses its own clock.
    expect(w.sync.now() - w.trueNow).toBe(500);
    w.advance(31_000);
    expect(w.sync.status()).toMatchObject({ quality: 'untrusted', fault: 'noAnswer' });
  });

  it('reports a status the contract accepts', () => {
    const w = world(-3_000);
    w.exchange(8, 12);
    expect(clockStatusSchema.safeParse(w.sync.status()).success).toBe(true);
  });
});

describe('ClockSync: answers it must not believe', () => {
  it('ignores a replayed answer: each request is answered once', () => {
    const w = world(0);
    const req = w.sync.request();
    w.advance(5);
    const answer = { ...req, t2: w.trueNow, t3: w.trueNow };
    w.advance(5);
    expect(w.sync.answer(answer)).toBe('accepted');
    expect(w.sync.answer(answer)).toBe('unknown');
    expect(w.sync.ignored.unknown).toBe(1);
  });

  it('ignores answers to requests it never sent, or with another t1', () => {
    const w = world(0);
    const req = w.sync.request();
    expect(w.sync.answer({ n: req.n + 7, t1: req.t1, t2: w.trueNow, t3: w.trueNow })).toBe('unknown');
    expect(w.sync.answer({ n: req.n, t1: req.t1 - 1, t2: w.trueNow, t3: w.trueNow })).toBe('unknown');
    expect(w.sync.synced).toBe(false);
  });

  it('ignores absurd timestamps and malformed answers', () => {
    const w = world(0);
    const cases: unknown[] = [
      null, 'x', { n: 1 }, { n: 1, t1: 1, t2: 'a', t3: 1 }, { n: 1, t1: 1, t2: Infinity, t3: 1 },
    ];
    for (const c of cases) expect(w.sync.answer(c)).toBe('malformed');
    // t3 before t2; a server "holding" it for an hour; a round trip shorter than the server's hold.
    const a = w.sync.request();
    expect(w.sync.answer({ ...a, t2: w.trueNow + 10, t3: w.trueNow })).toBe('absurd');
    const b = w.sync.request();
    expect(w.sync.answer({ ...b, t2: w.trueNow, t3: w.trueNow + 3_600_000 })).toBe('absurd');
    const c = w.sync.request();
    w.advance(10);
    expect(w.sync.answer({ ...c, t2: 0, t3: 50 })).toBe('absurd');
    expect(w.sync.synced).toBe(false);
    // A round trip a hair below zero is the server's whole-millisecond stamps on a fast link: taken, as 0.
    const d = w.sync.request();
    w.advance(0.4);
    expect(w.sync.answer({ ...d, t2: w.trueNow, t3: w.trueNow + 1 })).toBe('accepted');
    expect(w.sync.status().rtt).toBe(0);
    expect(w.sync.ignored).toEqual({ malformed: 5, unknown: 0, absurd: 3 });
  });

  it('forgets requests not answered within ten seconds', () => {
    const w = world(0);
    const late = w.sync.request();
    w.advance(11_000);
    w.sync.request(); // sweeps the old one
    expect(w.sync.answer({ ...late, t2: w.trueNow, t3: w.trueNow })).toBe('unknown');
  });
});

describe('skewedClock', () => {
  it('is off by the error and runs fast by the drift', () => {
    let t = 1_000_000;
    const clock = skewedClock(30_000, 1_000, () => t);
    expect(clock()).toBe(1_030_000);
    t += 1_000_000;
    expect(clock()).toBe(2_031_000);
  });
});
