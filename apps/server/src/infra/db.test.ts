import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDb } from '../../test/helpers';
import type { Db } from './db';

let db: Db;
const table = `scratch_${process.pid}_${Date.now()}`;
beforeAll(async () => {
  db = await sharedDb();
  await db.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, note text)`);
});
afterAll(async () => {
  await db.exec(`DROP TABLE IF EXISTS ${table}`);
});

describe('the database (the embedded one runs on its own thread)', () => {
  it('keeps the server responsive while a long statement runs', async () => {
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 10);
    const started = performance.now();
    const [row] = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM generate_series(1, 3000000) g WHERE g % 7 = 0');
    const took = performance.now() - started;
    clearInterval(timer);
    expect(row.n).toBe('428571');
    // The statement takes a good while; the event loop keeps ticking through it.
    expect(took).toBeGreaterThan(200);
    expect(longestGap).toBeLessThan(took / 2);
    expect(ticks).toBeGreaterThan(took / 40);
  });

  it('keeps statements sent during a transaction out of it: a rollback undoes only its own', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} (id, note) VALUES (1, 'trong giao dịch')`);
      await held;
      throw new Error('hủy');
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = db.query(`INSERT INTO ${table} (id, note) VALUES (2, 'ngoài giao dịch')`);
    release();
    await expect(failing).rejects.toThrow('hủy');
    await outside;
    expect(await db.query(`SELECT id, note FROM ${table} ORDER BY id`)).toEqual([{ id: 2, note: 'ngoài giao dịch' }]);
  });

  it('reports database errors with their SQLSTATE code and message', async () => {
    await db.query(`INSERT INTO ${table} (id, note) VALUES (3, 'một')`);
    const error: unknown = await db.query(`INSERT INTO ${table} (id, note) VALUES (3, 'hai')`).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', message: expect.stringMatching(/duplicate key/) });
    // The connection is still usable afterwards.
    expect(await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE id = 3`)).toEqual([{ n: 1 }]);
  });
});
