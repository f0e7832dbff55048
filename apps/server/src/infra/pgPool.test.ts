import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db';
import { DatabaseUnavailableError } from './dbFaults';

/** One PostgreSQL wire message: its type byte, its length, its body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}
const cstring = (s: string) => Buffer.from(`${s}\0`, 'utf8');
const int16 = (n: number) => { const b = Buffer.alloc(2); b.writeInt16BE(n); return b; };
const int32 = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };

const authenticationOk = message('R', int32(0));
const readyForQuery = message('Z', Buffer.from('I'));
/** What PostgreSQL sends a session it ends with pg_terminate_backend(). */
const terminated = message('E', Buffer.concat([cstring('SFATAL'), cstring('C57P01'), cstring('Mterminating connection due to administrator command'), Buffer.from([0])]));
/** The answer to `SELECT 1` in the simple query protocol: one int4 column, one row. */
const selectOne = Buffer.concat([
  message('T', Buffer.concat([int16(1), cstring('?column?'), int32(0), int16(0), int32(23), int16(4), int32(-1), int16(0)])),
  message('D', Buffer.concat([int16(1), int32(1), Buffer.from('1')])),
  message('C', cstring('SELECT 1')),
  readyForQuery,
]);

const commandComplete = (tag: string, status: 'I' | 'T') => Buffer.concat([message('C', cstring(tag)), message('Z', Buffer.from(status))]);

/**
 * A PostgreSQL server reduced to what the cases need: its sessions answer `SELECT 1`, BEGIN,
 * COMMIT and ROLLBACK. `endWhenReady`: every session after the first is ended by the administrator
 * the moment it is ready, "ready" and the end in one packet.
 */
async function fakePostgres(opts: { endWhenReady: boolean }) {
  let sessions = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const session = ++sessions;
    let started = false;
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          if (pending.length < 4) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          pending = pending.subarray(length);
          started = true;
          if (session === 1 || !opts.endWhenReady) socket.write(Buffer.concat([authenticationOk, readyForQuery]));
          else socket.end(Buffer.concat([authenticationOk, readyForQuery, terminated]));
          continue;
        }
        if (pending.length < 5) return;
        const type = String.fromCharCode(pending[0]);
        const length = pending.readInt32BE(1);
        if (pending.length < length + 1) return;
        const sql = pending.subarray(5, length + 1).toString('utf8').replace(/\0$/, '');
        pending = pending.subarray(length + 1);
        if (type === 'Q') {
          if (/^BEGIN/i.test(sql)) socket.write(commandComplete('BEGIN', 'T'));
          else if (/^(COMMIT|ROLLBACK)/i.test(sql)) socket.write(commandComplete(sql.toUpperCase(), 'I'));
          else socket.write(selectOne);
        }
        if (type === 'X') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://loa@127.0.0.1:${port}/loa`,
    sessions: () => sessions,
    /** Ends the sessions still open, as a restart of the server would. */
    dropAll: () => { for (const s of sockets) s.destroy(); },
    /** Ends the sessions still open as pg_terminate_backend() does: the error, then the end. */
    terminateAll: () => { for (const s of sockets) s.end(terminated); },
    close: () => new Promise<void>((resolve) => { for (const s of sockets) s.destroy(); server.close(() => resolve()); }),
  };
}

/** Runs fn with uncaught exceptions collected instead of ending the test run, and returns them. */
async function uncaughtDuring(fn: () => Promise<void>): Promise<unknown[]> {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', onUncaught);
  try {
    await fn();
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  return uncaught;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

/** The database layer opened on a fake PostgreSQL, with the warnings it logs; both closed after the test. */
async function openOnFake(opts: { endWhenReady: boolean }) {
  const fake = await fakePostgres(opts);
  cleanups.push(fake.close);
  const warnings: string[] = [];
  const log = { warn: (_: object, msg: string) => warnings.push(msg), error: (_: object, msg: string) => warnings.push(msg) };
  const db: Db = await openDb({ databaseUrl: fake.url, timeouts: { connectSeconds: 2 }, log });
  cleanups.push(() => db.close());
  return { fake, db, warnings };
}

describe('the PostgreSQL pool when a backend is ended just as it becomes ready', () => {
  it('answers "database unavailable" for that statement and the process goes on', async () => {
    const { fake, db, warnings } = await openOnFake({ endWhenReady: true });
    // The first session goes; the pool opens a new one for the next statement.
    fake.dropAll();
    await new Promise((r) => setTimeout(r, 50));
    const uncaught = await uncaughtDuring(async () => {
      for (let i = 0; i < 3; i += 1) {
        const failure = await db.query('SELECT 1').then(() => null, (error: unknown) => error);
        expect(failure).toBeInstanceOf(DatabaseUnavailableError);
      }
    });
    expect(uncaught).toEqual([]);
    // Each statement had a session of its own: a lost one is never handed out again.
    expect(fake.sessions()).toBe(4);
    expect(warnings).toContain('database connection lost while in use');
  });

  it('answers "database unavailable" for a transaction whose session is ended between two statements, on the first connection too', async () => {
    const { fake, db, warnings } = await openOnFake({ endWhenReady: false });
    let failure: unknown;
    const uncaught = await uncaughtDuring(async () => {
      failure = await db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        // Ended while the transaction waits on something else, with no statement of its own running.
        fake.terminateAll();
        await new Promise((r) => setTimeout(r, 100));
        await tx.query('SELECT 1');
      }).then(() => null, (error: unknown) => error);
    });
    expect(uncaught).toEqual([]);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    // It was the pool's first session, opened by the check at start; the next statement gets a new one.
    expect(fake.sessions()).toBe(1);
    expect(await db.query<{ '?column?': number }>('SELECT 1')).toEqual([{ '?column?': 1 }]);
    expect(fake.sessions()).toBe(2);
    expect(warnings).toContain('database connection lost while in use');
  });
});
