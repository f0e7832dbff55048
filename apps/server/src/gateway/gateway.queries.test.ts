import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAreas, createTestUser, startTestServer, type TestServer } from '../../test/helpers';
import { setSecretHashes } from '../features/devices/devices.queries';
import { saveLiveStates } from './gateway.queries';
import type { LiveEntry } from './liveStore';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

const live = (n: number): LiveEntry => ({
  online: true, volume: n % 100, playing: null, signal: 80, firmware: 'loa-speaker/1.0.0', ip: '10.0.0.9', lastSeen: Date.now(), clock: null, health: null,
});

describe('saveLiveStates', () => {
  it('writes the same speakers from two servers at once, and their new secrets, without a deadlock (PostgreSQL), in any order', async () => {
    const admin = await createTestUser(server.db, { admin: true });
    const areas = await createTestAreas(server.db, admin.id);
    const ids = Array.from({ length: 400 }, (_, i) => `dl-${admin.id.slice(0, 8)}-${String(i).padStart(4, '0')}`);
    await server.db.query(
      `INSERT INTO devices (id, admin_id, area_id, name, serial, secret_hash)
       SELECT id, $2, $3, id, id, 'x' FROM unnest($1::text[]) AS id`, [ids, admin.id, areas.communeA],
    );
    // Two servers on one external broker both flush the district's speakers, in the order each heard them.
    const shuffled = (seed: number) => [...ids].sort((a, b) => ((a.charCodeAt(a.length - 1) * seed + a.length) % 7) - ((b.charCodeAt(b.length - 1) * seed + b.length) % 7) || (seed % 2 ? a.localeCompare(b) : b.localeCompare(a)));
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([1, 2, 3, 4].map((seed) => saveLiveStates(server.db, shuffled(seed + round).map((id, n) => ({ id, e: live(n + seed) })))));
    }
    const [row] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices WHERE id = ANY($1) AND online AND firmware = 'loa-speaker/1.0.0'`, [ids]);
    expect(row.n).toBe(400);
    // An officer issuing the district's speakers new secrets while both servers write their states.
    for (let round = 0; round < 10; round += 1) {
      await Promise.all([
        ...[1, 2].map((seed) => saveLiveStates(server.db, shuffled(seed + round).map((id, n) => ({ id, e: live(n + seed) })))),
        setSecretHashes(server.db, shuffled(round + 3).map((id) => ({ id, hash: `h-${round}` }))),
      ]);
    }
    const [issued] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM devices WHERE id = ANY($1) AND secret_hash = 'h-9'`, [ids]);
    expect(issued.n).toBe(400);
  }, 60_000);
});
