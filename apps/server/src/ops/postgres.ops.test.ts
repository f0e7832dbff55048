import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/helpers';
import { cleanupServers, spawnServer, tempDataDir } from '../../test/serverProcess';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratchDatabase';
import { expectSeeded, seedDeployment } from '../../test/deployment';
import { opsPostgresUrl, runOps } from '../../test/opsCommands';

// A province's database: dumped by pg_dump while the server keeps serving, restored by pg_restore
// into an empty database (its own loa_ops_* databases on the machine's PostgreSQL, dropped after).
const serverUrl = opsPostgresUrl();
const admin = { tentaikhoan: 'admin', password: 'fault-admin-password' };
const databases: ScratchDatabase[] = [];

beforeAll(async () => {
  if (!serverUrl) return;
  databases.push(await createScratchDatabase(serverUrl, 'loa_ops'), await createScratchDatabase(serverUrl, 'loa_ops'));
});
afterAll(async () => {
  await cleanupServers();
  for (const db of databases) await db.drop();
});

describe.skipIf(!serverUrl)('backup and restore on PostgreSQL', () => {
  it('backs up while the server runs, and restores into an empty database with the media', async () => {
    const [source, target] = databases;
    const mediaHere = tempDataDir();
    const server = await spawnServer({ dataDir: mediaHere, built: true, env: { DATABASE_URL: source.url } });
    const client = new TestClient(server.url);
    await client.login(admin);
    const seeded = await seedDeployment(client);
    const file = path.join(tempDataDir(), 'province.tar.gz');
    const made = await runOps(['backup', '--out', file], { DATABASE_URL: source.url, DATA_DIR: mediaHere });
    expect(made.output).toContain('backup written: ');
    expect(made.code).toBe(0);
    // pg_dump reads one snapshot while the server keeps serving.
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
    await server.stop();

    // A database that holds data is not overwritten without --replace.
    const refused = await runOps(['restore', file], { DATABASE_URL: source.url, DATA_DIR: tempDataDir() });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('--replace');

    const mediaThere = tempDataDir();
    const restored = await runOps(['restore', file], { DATABASE_URL: target.url, DATA_DIR: mediaThere });
    expect(restored.output).toContain('restored');
    expect(restored.code).toBe(0);
    const again = await spawnServer({ dataDir: mediaThere, built: true, env: { DATABASE_URL: target.url } });
    const other = new TestClient(again.url);
    expect((await other.login(admin)).status).toBe(200);
    await expectSeeded(other, seeded);
    await again.stop();

    // --replace empties the database first: the same backup again over the restored one.
    const replaced = await runOps(['restore', file, '--replace'], { DATABASE_URL: target.url, DATA_DIR: tempDataDir() });
    expect(replaced.code).toBe(0);
    expect(await target.query('SELECT count(*)::int AS n FROM devices WHERE id = $1', [seeded.deviceId])).toEqual([{ n: 1 }]);
  });
});
