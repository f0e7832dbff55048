import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../infra/db';
import { knownMigrations, migrate, MigrationFailedError, SchemaNewerError } from './migrate';
import { SchemaWatch } from '../features/system/health';
import { isSchemaProblem } from '../features/system/standby';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { startTestServer, TestClient } from '../../test/helpers';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratchDatabase';
import { opsPostgresUrl } from '../../test/opsCommands';

// Upgrading a database made by the previous release (test/fixtures/previous-release: its server
// given data through its API, then dumped), on PGlite and on PostgreSQL: the current migrate()
// brings it to this release's schema, nothing is lost, and the server serves and writes it.
const fixture = fileURLToPath(new URL('../../test/fixtures/previous-release/', import.meta.url));
const previous = JSON.parse(fs.readFileSync(path.join(fixture, 'seeded.json'), 'utf8')) as {
  adminUser: string; adminPassword: string; communeName: string; deviceId: string; deviceName: string; mediaKey: string; scheduleId: string; scheduleTitle: string;
};
const TABLES = ['areas', 'users', 'devices', 'device_connections', 'media', 'schedules', 'programmes', 'broadcasts', 'notifications', 'system_log', 'login_devices'];
const serverUrl = opsPostgresUrl();
const scratch: ScratchDatabase[] = [];
afterAll(async () => {
  for (const db of scratch) await db.drop();
});

async function counts(db: Db): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) result[table] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  return result;
}

/** The previous release's database, as its server left it. */
async function previousRelease(db: Db): Promise<string[]> {
  await db.exec(fs.readFileSync(path.join(fixture, 'database.sql'), 'utf8'));
  return (await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
}

async function upgradeAndServe(db: Db): Promise<void> {
  const made = await previousRelease(db);
  expect(made.length).toBeGreaterThan(0);
  const before = await counts(db);
  expect(before.devices).toBe(1);

  // A migration that fails is rolled back whole, and the server does not start on it (standby).
  await db.exec('CREATE TABLE device_clock_notices (in_the_way int)');
  const failed = await migrate(db).catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(MigrationFailedError);
  expect((failed as MigrationFailedError).migration).toBe('021_device_clock.sql');
  expect(isSchemaProblem(failed)).toBe(true);
  expect((await db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version)).toEqual(made);
  await db.exec('DROP TABLE device_clock_notices');

  const applied = await migrate(db);
  expect(applied).toEqual(knownMigrations().filter((v) => !made.includes(v)));
  expect(applied).toContain('021_device_clock.sql');
  expect(await counts(db)).toEqual(before);
  expect(await migrate(db)).toEqual([]);

  const server = await startTestServer({}, db);
  try {
    const client = new TestClient(server.url);
    expect((await client.login({ tentaikhoan: previous.adminUser, password: previous.adminPassword })).status).toBe(200);
    const devices = await client.get(`/v1/client/thietbi/danhsachthietbi?q=${encodeURIComponent(previous.deviceName)}`);
    expect(devices.body.data.items).toMatchObject([{ _id: previous.deviceId, trangthai: { online: false } }]);
    expect(JSON.stringify((await client.get('/v1/client/diaban')).body.data)).toContain(previous.communeName);
    const schedules = await client.post('/v1/client/lichphat/danhsachlichphat', { data: { q: previous.scheduleTitle } });
    expect(schedules.body.data.map((s: { _id: string }) => s._id)).toEqual([previous.scheduleId]);
    expect((await client.get('/v1/client/thuvien')).body.data.map((m: { key: string }) => m.key)).toContain(previous.mediaKey);
    expect((await client.get('/v1/client/chuongtrinh/danhsach')).body.data.map((p: { ten: string }) => p.ten)).toContain('Chương trình sáng (bản trước)');
    const log = await client.get('/v1/client/nhatky');
    expect(log.status).toBe(200);
    expect(log.body.data.items.length).toBeGreaterThan(0);
    const [{ day }] = await db.query<{ day: string }>("SELECT to_char(started_at AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD') AS day FROM broadcasts LIMIT 1");
    const asRun = await client.get(`/v1/client/nhatkyphatsong?tu=${day}&den=${day}`);
    expect(asRun.status).toBe(200);
    expect(JSON.stringify(asRun.body)).toContain('Cảnh báo lũ (bản trước)');
    // And it writes: a new speaker in the old commune.
    const [commune] = await db.query<{ id: string }>('SELECT id FROM areas WHERE ten = $1', [previous.communeName]);
    const added = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa sau nâng cấp', diaban: commune.id, serial: `UP-${Date.now()}` });
    expect(added.status).toBe(200);
  } finally {
    await server.close();
  }

  // A newer release migrating the same database later: this build notices, on start and while running.
  await db.query("INSERT INTO schema_migrations (version) VALUES ('999_from_a_newer_release.sql')");
  const errors: unknown[] = [];
  const log = { error: (obj: unknown) => void errors.push(obj) } as unknown as ConstructorParameters<typeof SchemaWatch>[1];
  const watch = new SchemaWatch(db, log, 0);
  expect(await watch.unknown()).toEqual(['999_from_a_newer_release.sql']);
  expect(await watch.unknown()).toEqual(['999_from_a_newer_release.sql']);
  expect(errors).toHaveLength(1);
  await expect(migrate(db)).rejects.toBeInstanceOf(SchemaNewerError);
  const config = loadConfig({}, { inMemory: true, LOG_LEVEL: 'silent', PORT: 0, MQTT_PORT: 0, WEB_DIST: '/nonexistent-loa-web-dist' });
  await expect(buildApp({ config, db, logger: false })).rejects.toBeInstanceOf(SchemaNewerError);
}

describe('upgrading the previous release’s database', () => {
  it('on PGlite: migrates in one transaction, keeps every row, and the server reads and writes it', async () => {
    const db = await openDb({ inMemory: true });
    try {
      await upgradeAndServe(db);
    } finally {
      await db.close();
    }
  });

  it.skipIf(!serverUrl)('on PostgreSQL: the same', async () => {
    const database = await createScratchDatabase(serverUrl!, 'loa_ops');
    scratch.push(database);
    const db = await openDb({ databaseUrl: database.url });
    try {
      await upgradeAndServe(db);
    } finally {
      await db.close();
    }
  });
});
