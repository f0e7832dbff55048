import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { CLIENT_GRACE_MS, DatabaseUnavailableError, DB_TIMEOUT_DEFAULTS, isConnectionFault, type DbTimeouts } from './dbFaults';

/** The one database interface the features use: plain SQL with positional parameters. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; a thrown error rolls everything back. */
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
  /** Resolves when the database answers now (within the connect timeout); rejects with DatabaseUnavailableError otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Where the database layer reports connections lost and a stopped embedded database. */
export interface DbLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** No client-side limit (migrations may take long): the longest timer Node keeps. */
const NO_TIMEOUT = 2 ** 31 - 1;

function wrapPglite(client: PGlite | Parameters<Parameters<PGlite['transaction']>[0]>[0], owner?: PGlite): Db {
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query<T>(sql, params);
      return result.rows;
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
    async transaction<R>(fn: (tx: Db) => Promise<R>) {
      if (!owner) return fn(this);
      return owner.transaction((tx) => fn(wrapPglite(tx)));
    },
    async ping() {
      await client.query('SELECT 1');
    },
    async close() {
      if (owner && !owner.closed) await owner.close();
    },
  };
}

/** A database error rebuilt from the worker's plain data (message, code, constraint, …). */
function rebuildError(data: Record<string, unknown>): Error {
  return Object.assign(new Error(String(data.message)), data);
}

/**
 * PGlite on a worker thread (pgliteWorker.mjs): the main thread only passes messages, so a long
 * statement no longer stalls its event loop. Statements run in the order they are sent. A
 * transaction holds back every other statement until it ends, as PGlite's own transactions do.
 */
async function openPgliteWorker(dataDir: string | undefined, timeouts: DbTimeouts, log?: DbLog): Promise<Db> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
  let closing = false;
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  worker.on('message', (m: { id: number; rows?: unknown[]; error?: Record<string, unknown> }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.error) p.reject(rebuildError(m.error));
    else p.resolve(m.rows ?? []);
  });
  // The thread keeps the process alive only while a statement is under way.
  worker.unref();
  // A stopped database thread must not end the process, nor go unnoticed: every statement from
  // then on fails as unavailable (503) and the health endpoint reports it.
  const fail = (cause: Error) => {
    if (failure) return;
    failure = new DatabaseUnavailableError(`the embedded database stopped: ${cause.message}`, { cause });
    if (!closing) log?.error({ err: cause }, 'the embedded database thread stopped; restart the server');
    for (const p of pending.values()) p.reject(failure);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`database worker exited (${code})`)));

  /** A statement gets no answer after timeoutMs (a stalled database): it fails as unavailable. */
  const statementMs = timeouts.statementSeconds * 1000 + CLIENT_GRACE_MS;
  const call = (op: 'query' | 'exec' | 'close', sql = '', params: unknown[] = [], timeoutMs = statementMs): Promise<unknown[]> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      const timer = setTimeout(() => {
        if (!pending.delete(id)) return;
        if (pending.size === 0) worker.unref();
        reject(new DatabaseUnavailableError(`the embedded database did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      timer.unref();
      const done = <A>(settle: (a: A) => void) => (a: A) => {
        clearTimeout(timer);
        settle(a);
      };
      pending.set(id, { resolve: done(resolve), reject: done(reject) });
      worker.postMessage({ id, op, sql, params });
    });
  };
  /** Whether a transaction holds the database; statements from outside it wait until it ends. */
  let txOpen = false;
  let waiting: (() => void)[] = [];
  // The check and the send happen with no await between them, so nothing slips into a transaction.
  const untilNoTransaction = () => new Promise<void>((resolve) => waiting.push(resolve));

  const inTransaction: Db = {
    kind: 'pglite',
    query: async <T>(sql: string, params: unknown[] = []) => (await call('query', sql, params)) as T[],
    exec: async (sql: string) => void (await call('exec', sql, [], NO_TIMEOUT)),
    transaction: (fn) => fn(inTransaction),
    ping: () => ping(),
    close: async () => undefined,
  };
  // Straight to the thread, not queued behind an open transaction: it asks whether the thread answers.
  const ping = async () => void (await call('query', 'SELECT 1', [], timeouts.connectSeconds * 1000));
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      while (txOpen) await untilNoTransaction();
      return (await call('query', sql, params)) as T[];
    },
    async exec(sql: string) {
      while (txOpen) await untilNoTransaction();
      await call('exec', sql, [], NO_TIMEOUT);
    },
    async transaction<R>(fn: (tx: Db) => Promise<R>) {
      while (txOpen) await untilNoTransaction();
      txOpen = true;
      try {
        await call('query', 'BEGIN');
        const result = await fn(inTransaction);
        await call('query', 'COMMIT');
        return result;
      } catch (error) {
        await call('query', 'ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        txOpen = false;
        const woken = waiting;
        waiting = [];
        for (const wake of woken) wake();
      }
    },
    ping,
    async close() {
      if (failure) return;
      while (txOpen) await untilNoTransaction();
      closing = true;
      // A stalled thread never answers 'close': it is stopped all the same.
      await call('close', '', [], timeouts.connectSeconds * 1000).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** A statement with its own client-side time limit (node-postgres honours it; its type declarations leave it out). */
function timed(text: string, ms: number): pg.QueryConfig {
  const config: pg.QueryConfig & { query_timeout: number } = { text, query_timeout: ms };
  return config;
}

/** A lost connection as the one error the API answers 503 for; any other error as it is. */
function lost(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError) return error;
  return isConnectionFault(error) ? new DatabaseUnavailableError(error.message, { cause: error }) : error;
}

function wrapPgClient(client: pg.PoolClient, ping: () => Promise<void>): Db {
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params).catch((e: unknown) => { throw lost(e); })).rows as T[];
    },
    async exec(sql: string) {
      await client.query(timed(sql, NO_TIMEOUT)).catch((e: unknown) => { throw lost(e); });
    },
    transaction: (fn) => fn(wrapPgClient(client, ping)),
    ping,
    close: async () => undefined,
  };
}

function wrapPgPool(pool: pg.Pool, timeouts: DbTimeouts, log?: DbLog): Db {
  // A connection lost while idle in the pool (PostgreSQL restarted, the backend terminated, an idle
  // cut) is reported here and dropped by the pool, which opens a new one when next needed. Without
  // this listener the 'error' event would end the process.
  pool.on('error', (error) => log?.warn({ err: error }, 'database connection lost while idle; a new one is opened when needed'));

  // Every client of the pool listens for its own loss from its first moment to its last. The pool
  // listens only while a client is idle, and a caller of `await pool.connect()` only from its next
  // step: a backend ended just as it became ready sends "ready" and the error in one packet, so the
  // error came in between, with no listener, and ended the process (seen under terminated backends).
  const lostClients = new WeakMap<pg.Client, Error>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (!lostClients.has(client)) lostClients.set(client, error);
    });
  });

  /**
   * Runs fn on a client of the pool. Failing to get one (refused, not accepting connections, the
   * pool's wait timed out) is always 'unavailable'. A client whose connection was lost before or
   * while it was used is destroyed on release, never handed out again.
   */
  const withClient = async <R>(fn: (client: pg.PoolClient) => Promise<R>): Promise<R> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new DatabaseUnavailableError(`could not connect to the database: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    let broken: Error | undefined;
    try {
      return await fn(client);
    } catch (error) {
      if (isConnectionFault(error)) broken = error;
      throw lost(error);
    } finally {
      const gone = lostClients.get(client);
      if (gone) log?.warn({ err: gone }, 'database connection lost while in use');
      client.release(gone ?? broken);
    }
  };
  const ping = () => withClient(async (client) => void (await client.query(timed('SELECT 1', timeouts.connectSeconds * 1000))));
  return {
    kind: 'postgres',
    query: <T>(sql: string, params: unknown[] = []) => withClient(async (client) => (await client.query(sql, params)).rows as T[]),
    exec: (sql: string) => withClient(async (client) => void (await client.query(timed(sql, NO_TIMEOUT)))),
    transaction: <R>(fn: (tx: Db) => Promise<R>) => withClient(async (client) => {
      try {
        await client.query('BEGIN');
        const result = await fn(wrapPgClient(client, ping));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A broken connection rolls back by itself (PostgreSQL ends the transaction with the session).
        if (!isConnectionFault(error)) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }),
    ping,
    close: () => pool.end(),
  };
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite (in DATA_DIR or in memory), on a
 * worker thread by default (`thread: 'main'` keeps it on the calling thread).
 */
export async function openDb(opts: {
  databaseUrl?: string; dataDir?: string; inMemory?: boolean; thread?: 'worker' | 'main'; timeouts?: Partial<DbTimeouts>; log?: DbLog;
}): Promise<Db> {
  const timeouts: DbTimeouts = { ...DB_TIMEOUT_DEFAULTS, ...opts.timeouts };
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: timeouts.connectSeconds * 1000,
      // Enforced by PostgreSQL: a statement running or waiting for a lock too long is cancelled.
      statement_timeout: Math.round(timeouts.statementSeconds * 1000),
      lock_timeout: Math.round(timeouts.lockSeconds * 1000),
      // Enforced here: a database that stops answering altogether (a stalled server, a dead link).
      query_timeout: Math.round(timeouts.statementSeconds * 1000) + CLIENT_GRACE_MS,
      keepAlive: true,
    });
    // Wrapped first: the pool's first client, opened by this check, gets the same listeners as the rest.
    const db = wrapPgPool(pool, timeouts, opts.log);
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return db;
  }
  let dir: string | undefined;
  if (!opts.inMemory && opts.dataDir) {
    dir = path.join(opts.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
  }
  if (opts.thread === 'main') {
    const client = new PGlite(dir);
    await client.waitReady;
    return wrapPglite(client, client);
  }
  return openPgliteWorker(dir, timeouts, opts.log);
}
