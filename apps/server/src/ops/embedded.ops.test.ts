import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { MSG } from '@loa/contract';
import { TestClient, eventually } from '../../test/helpers';
import { builtMainFile, cleanupServers, spawnServer, tempDataDir, type ServerProcess } from '../../test/serverProcess';
import { expectSeeded, seedDeployment, type SeededDeployment } from '../../test/deployment';
import { runOps, spawnBuiltAgent } from '../../test/opsCommands';

// One district on one machine, as docs/operations.md runs it: the production build on the embedded
// database, broker and media folder, backed up with the server stopped and restored after a wipe.
const admin = { tentaikhoan: 'admin', password: 'fault-admin-password' };
let dataDir: string;
let webDist: string;
let backupDir: string;
let seeded: SeededDeployment;
const env = () => ({ DATA_DIR: dataDir });

beforeAll(() => {
  dataDir = tempDataDir();
  backupDir = tempDataDir();
  webDist = tempDataDir();
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Loa</title><div id="root">bảng điều khiển</div>');
});
afterAll(() => cleanupServers());

async function signedIn(server: ServerProcess): Promise<TestClient> {
  const client = new TestClient(server.url);
  expect((await client.login(admin)).status).toBe(200);
  return client;
}

describe('the production build on one machine (embedded database)', () => {
  it('runs with node alone: the console, the API and the built speaker agent', async () => {
    // No TypeScript at run time: the bundle imports neither the loader nor the compiler.
    expect(fs.readFileSync(builtMainFile, 'utf8')).not.toMatch(/from\s*["'](tsx|typescript)|import\(["'](tsx|typescript)/);
    const server = await spawnServer({ dataDir, built: true, env: { WEB_DIST: webDist, NODE_ENV: 'production' } });
    expect(await (await fetch(`${server.url}/v1/health`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/lich-phat`)).text()).toContain('bảng điều khiển');
    const client = await signedIn(server);
    seeded = await seedDeployment(client);

    const agent = spawnBuiltAgent({ server: server.url, mqtt: `mqtt://127.0.0.1:${server.mqttPort}`, id: seeded.deviceId, secret: seeded.deviceSecret });
    try {
      await eventually(async () => {
        const res = await client.get(`/v1/client/thietbi/danhsachthietbi?q=${encodeURIComponent(seeded.deviceName)}`);
        return res.body.data.items[0]?.trangthai.online === true;
      }, 20_000, 200);
    } finally {
      agent.kill('SIGTERM');
    }

    // A backup of the embedded database while the server runs is refused: its files change under the copy.
    const refused = await runOps(['backup', '--out', path.join(backupDir, 'running.tar.gz')], env());
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Máy chủ Loa đang chạy');
    expect(fs.existsSync(path.join(backupDir, 'running.tar.gz'))).toBe(false);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'loa-server.pid'))).toBe(false);
  });

  it('backs up with the server stopped, and after a wipe restores areas, devices, schedules and media', async () => {
    const file = path.join(backupDir, 'district.tar.gz');
    const made = await runOps(['backup', '--out', file], env());
    expect(made.output).toContain('backup written');
    expect(made.code).toBe(0);

    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true });
    const restored = await runOps(['restore', file], env());
    expect(restored.output).toContain('restored');
    expect(restored.code).toBe(0);
    // Restoring over what is there needs --replace, and keeps the old data aside.
    const again = await runOps(['restore', file], env());
    expect(again.code).toBe(1);
    expect(again.output).toContain('--replace');

    const server = await spawnServer({ dataDir, built: true });
    await expectSeeded(await signedIn(server), seeded);
    const whileRunning = await runOps(['restore', file, '--replace'], env());
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.output).toContain('Máy chủ Loa đang chạy');

    // A power cut: the PID file names a process that is gone, and the database has a log to replay.
    await server.kill9();
    expect(fs.existsSync(path.join(dataDir, 'loa-server.pid'))).toBe(true);
    const afterCrash = await runOps(['backup', '--out', path.join(backupDir, 'after-crash.tar.gz')], env());
    expect(afterCrash.output).toContain('backup written');
    expect(afterCrash.code).toBe(0);
  });

  it('an older build on a database a newer release migrated stays up in standby, says why, and serves nothing', async () => {
    const db = new PGlite(path.join(dataDir, 'db'));
    await db.query("INSERT INTO schema_migrations (version) VALUES ('999_from_a_newer_release.sql')");
    await db.close();
    const server = await spawnServer({ dataDir, built: true });
    expect(server.output()).toContain('999_from_a_newer_release.sql');
    expect(server.output()).toContain('the database schema is newer than this build');
    const health = await fetch(`${server.url}/v1/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'schema_newer', message: MSG.schemaNewer });
    const login = await new TestClient(server.url).login(admin);
    expect(login).toMatchObject({ status: 503, body: { message: MSG.schemaNewer } });
    // No crash loop: still up a moment later, and the schema untouched.
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.alive()).toBe(true);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    // A backup of it is refused by this build's restore.
    const file = path.join(backupDir, 'newer.tar.gz');
    expect((await runOps(['backup', '--out', file], env())).code).toBe(0);
    const refused = await runOps(['restore', file, '--replace'], env());
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('phiên bản Loa mới hơn');
  });
});
