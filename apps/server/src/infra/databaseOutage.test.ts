import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, SOURCE_KINDS, type Schedule, vnClock } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import type { SpeakerAgent } from '@loa/speaker';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { Scheduler } from '../features/schedules/scheduler';
import { localDate } from '../features/schedules/recurrence';
import { createTestAreas, createTestUser, eventually, startSpeakers, TestClient, type TestServer } from '../../test/helpers';
import { createScratchDatabase, type ScratchDatabase } from '../../test/scratchDatabase';
import { openDb, type Db } from './db';
import { databaseFault } from './dbFaults';

const onPostgres = !!process.env.DATABASE_URL;

/** A server of its own (own pool, own scheduler leader connection) on a database of its own. */
async function startServer(overrides: Partial<Config>, db?: Db): Promise<TestServer> {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-media-'));
  const config = loadConfig({}, {
    PORT: 0, MQTT_PORT: 0, HOST: '127.0.0.1', inMemory: true, LOG_LEVEL: 'silent', DEMO: false,
    ADMIN_PASSWORD: 'admin-test-password', WEB_DIST: '/nonexistent-loa-web-dist', MEDIA_DIR: mediaDir,
    // The test relay is on 127.0.0.1: allowed, as in startTestServer.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1', ...overrides,
  });
  const app: FastifyInstance = await buildApp({ config, db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app, db: app.db, url: `http://127.0.0.1:${port}`, dataDir: mediaDir,
    close: async () => {
      await app.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}


describe.runIf(onPostgres)('the server when PostgreSQL drops its connections', () => {
  let scratch: ScratchDatabase;
  let server: TestServer;
  const agents: SpeakerAgent[] = [];
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    server = await startServer({ DATABASE_URL: scratch.url, DB_LOCK_TIMEOUT_SECONDS: 1, DB_STATEMENT_TIMEOUT_SECONDS: 3, DB_CONNECT_TIMEOUT_SECONDS: 2 });
  }, 300_000);
  afterAll(async () => {
    await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
    await server?.close();
    await scratch?.drop();
  });

  it('stays up, says the database is unreachable while it is, and answers again once it is back', async () => {
    const admin = await createTestUser(server.db, { admin: true });
    await createTestAreas(server.db, admin.id);
    const client = new TestClient(server.url);
    await client.login(admin);
    expect((await client.get('/v1/client/diaban')).status).toBe(200);
    await eventually(() => server.app.scheduler.isLeader, 5000);

    // The database goes away: every connection ended (idle ones in the pool, the leader's) and new ones refused.
    await scratch.allowConnections(false);
    try {
      expect(await scratch.terminateBackends()).toBeGreaterThan(0);
      const health = await new TestClient(server.url).get('/v1/health');
      expect(health).toMatchObject({ status: 503, body: { status: 'database_unreachable', message: MSG.databaseUnavailable } });
      expect(await client.get('/v1/client/diaban')).toMatchObject({ status: 503, body: { message: MSG.databaseUnavailable } });
      // Without the lock's connection this instance must not go on firing schedules.
      await eventually(() => !server.app.scheduler.isLeader, 3000);
    } finally {
      await scratch.allowConnections(true);
    }

    // Back: the same process answers, health is ok, and the scheduler leads again.
    await eventually(async () => (await new TestClient(server.url).get('/v1/health')).status === 200, 5000, 200);
    expect(await client.get('/v1/client/diaban')).toMatchObject({ status: 200 });
    await eventually(() => server.app.scheduler.isLeader, 6000);
  });

  it('answers a statement blocked by another connection\'s lock with a Vietnamese 503 within the lock timeout', async () => {
    const admin = await createTestUser(server.db, { admin: true });
    const client = new TestClient(server.url);
    await client.login(admin);
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE areas IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const res = await client.get('/v1/client/diaban');
      expect(res).toMatchObject({ status: 503, body: { message: MSG.databaseBusy } });
      // DB_LOCK_TIMEOUT_SECONDS is 1 here.
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    expect((await client.get('/v1/client/diaban')).status).toBe(200);
  });

  it('hands the lead over when the leader connection is cut, and a schedule still fires exactly once', async () => {
    const admin = await createTestUser(server.db, { admin: true });
    const areas = await createTestAreas(server.db, admin.id);
    const client = new TestClient(server.url);
    await client.login(admin);
    agents.push(...(await startSpeakers(server, client, areas.communeA, 1)));
    // A second instance's scheduler on the same database, waiting for the lead.
    const second = new Scheduler(server.db, server.app.engine, server.app.log, { databaseUrl: scratch.url });
    await second.start();
    try {
      const first = server.app.scheduler;
      await eventually(() => first.isLeader, 5000);
      expect(second.isLeader).toBe(false);
      const planned = Math.ceil((Date.now() + 7000) / 1000) * 1000;
      const created = await client.post('/v1/client/lichphat/taolichphat', {
        tieude: 'Bản tin chuyển giao', nguonphat: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 5, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 5 }],
        diabanchon: [areas.communeA], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangtuan', thutrongtuan: [0, 1, 2, 3, 4, 5, 6],
        ngaybatdau: localDate(planned), ngayketthuc: localDate(planned + 86_400_000), giophat: [vnClock(planned)],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const s = created.body.data as Schedule;
      if (s.trangthai !== 'daduyet') expect((await client.post('/v1/client/lichphat/duyetlichphat', { id: s._id })).status).toBe(200);
      await server.app.scheduler.reload();
      await second.reload();

      // Only the connection holding the leader's advisory lock is ended.
      const cut = await scratch.query<{ ok: boolean }>(`SELECT pg_terminate_backend(pid) AS ok FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = 7042010`);
      expect(cut).toEqual([{ ok: true }]);
      await eventually(() => !first.isLeader, 3000);
      await eventually(() => first.isLeader || second.isLeader, 6000);
      expect(first.isLeader && second.isLeader).toBe(false);

      const runs = () => server.db.query<{ status: string }>('SELECT status FROM schedule_runs WHERE schedule_id = $1', [s._id]);
      await eventually(async () => (await runs())[0]?.status === 'fired', planned - Date.now() + 5000, 100);
      // Past its second and a little more: still one run and one broadcast.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await runs()).toEqual([{ status: 'fired' }]);
      expect(await server.db.query('SELECT id FROM broadcasts WHERE schedule_id = $1', [s._id])).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});

describe.runIf(!onPostgres)('the embedded database when a statement never answers', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb({ inMemory: true, timeouts: { statementSeconds: 1, connectSeconds: 1 } });
  }, 300_000);
  afterAll(async () => {
    await db?.close();
  });

  it('gives up after the statement timeout with the error the API answers 503 for, instead of hanging', async () => {
    const started = Date.now();
    // Longer than the statement timeout and its grace: the database seems stalled.
    const stuck = await db.query('SELECT pg_sleep(10)').then(() => 'answered', (e: unknown) => e);
    expect(stuck).toMatchObject({ code: 'LOA_DB_UNAVAILABLE' });
    expect(databaseFault(stuck)).toBe('unavailable');
    // The statement timeout (1 s here) plus the client's grace of 5 s.
    expect(Date.now() - started).toBeLessThan(9500);
  });
});
