import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The one database interface the features use: plain SQL with positional parameters. */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn inside one transaction; a thrown error rolls everything back. */
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

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
async function openPgliteWorker(dataDir: string | undefined): Promise<Db> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | null = null;
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
  const fail = (error: Error) => {
    failure = error;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`database worker exited (${code})`)));

  const call = (op: 'query' | 'exec' | 'close', sql = '', params: unknown[] = []): Promise<unknown[]> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
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
    exec: async (sql: string) => void (await call('exec', sql)),
    transaction: (fn) => fn(inTransaction),
    close: async () => undefined,
  };
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      while (txOpen) await untilNoTransaction();
      return (await call('query', sql, params)) as T[];
    },
    async exec(sql: string) {
      while (txOpen) await untilNoTransaction();
      await call('exec', sql);
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
    async close() {
      if (failure) return;
      while (txOpen) await untilNoTransaction();
      await call('close');
      await worker.terminate();
    },
  };
}

function wrapPgClient(client: pg.PoolClient): Db {
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await client.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    transaction: (fn) => fn(wrapPgClient(client)),
    close: async () => undefined,
  };
}

function wrapPgPool(pool: pg.Pool): Db {
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<R>(fn: (tx: Db) => Promise<R>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrapPgClient(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite (in DATA_DIR or in memory), on a
 * worker thread by default (`thread: 'main'` keeps it on the calling thread).
 */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string; inMemory?: boolean; thread?: 'worker' | 'main' }): Promise<Db> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    await pool.query('SELECT 1');
    return wrapPgPool(pool);
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
  return openPgliteWorker(dir);
}
