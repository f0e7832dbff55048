import { describe, expect, it } from 'vitest';
import { RecentKeys, SentSessions } from './sentSessions';

const district = 'huyen-1';
const commune = 'xa-1';
const chain = new Set([district, commune]);
const timing = { retriesMs: [50, 150], missKeepMs: 1_000 };

describe('the sessions a device may report', () => {
  it('believes the reports of a session another server sent, when its row is stored a moment after they came, reading it once for them all', async () => {
    // The other server's first play went out before it stored the session: the first reading finds nothing.
    let stored = false;
    let reads = 0;
    const sessions = new SentSessions(async () => {
      reads += 1;
      return stored ? { areaIds: [district], deviceIds: [] } : null;
    }, timing);
    setTimeout(() => (stored = true), 80);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => sessions.allows('phien-1', `loa-${i}`, chain)));
    expect(answers.every((a) => a === true)).toBe(true);
    // One reading for the 200 reports, then once more after each wait until the row was there.
    expect(reads).toBeLessThanOrEqual(3);
    expect(reads).toBeGreaterThanOrEqual(2);
    // Remembered from then on: no more readings.
    expect(sessions.allows('phien-1', 'loa-500', chain)).toBe(true);
    expect(reads).toBeLessThanOrEqual(3);
    // A device outside the session's areas is still refused.
    expect(await sessions.allows('phien-1', 'loa-khac', new Set(['huyen-2']))).toBe(false);
  });

  it('refuses a session that is never stored, after the waits, and then without reading again for a while', async () => {
    let reads = 0;
    let clock = 0;
    const sessions = new SentSessions(async () => {
      reads += 1;
      return null;
    }, { ...timing, now: () => clock });
    expect(await sessions.allows('phien-bia', 'loa-1', chain)).toBe(false);
    expect(reads).toBe(3);
    // A device repeating it is refused at once, with no reading.
    expect(sessions.allows('phien-bia', 'loa-1', chain)).toBe(false);
    expect(reads).toBe(3);
    // Later it is read again (a session can be stored late).
    clock += 1_001;
    expect(await sessions.allows('phien-bia', 'loa-1', chain)).toBe(false);
    expect(reads).toBe(6);
  });

  it('believes at once a session sent from here, and refuses it to a device it was not sent to once the database says so', async () => {
    let reads = 0;
    const sessions = new SentSessions(async () => {
      reads += 1;
      return { areaIds: [commune], deviceIds: [] };
    }, timing);
    sessions.sent('phien-2', { areaIds: [commune] });
    expect(sessions.allows('phien-2', 'loa-1', chain)).toBe(true);
    expect(reads).toBe(0);
    expect(await sessions.allows('phien-2', 'loa-2', new Set(['huyen-2', 'xa-9']))).toBe(false);
    expect(reads).toBe(1);
  });
});

describe('the play reports already told (RecentKeys)', () => {
  it('knows a key seen before, and forgets the oldest once as many others have come as it keeps', () => {
    const recent = new RecentKeys(3);
    expect(recent.seen('a')).toBe(false);
    expect(recent.seen('a')).toBe(true);
    for (const key of ['b', 'c']) expect(recent.seen(key)).toBe(false);
    expect([recent.seen('a'), recent.seen('b'), recent.seen('c')]).toEqual([true, true, true]);
    // A fourth key pushes out the first; a key seen again does not count as new.
    expect(recent.seen('d')).toBe(false);
    expect(recent.seen('a')).toBe(false);
    expect([recent.seen('c'), recent.seen('d'), recent.seen('a')]).toEqual([true, true, true]);
    expect(recent.seen('b')).toBe(false);
    // Round after round, it keeps exactly the last three.
    for (let i = 0; i < 1000; i += 1) recent.seen(`k${i}`);
    expect(['k997', 'k998', 'k999'].map((k) => recent.seen(k))).toEqual([true, true, true]);
    expect(recent.seen('k996')).toBe(false);
  });
});
