import fs from 'node:fs';
import path from 'node:path';
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

/** Opens PostgreSQL when a URL is given, else the embedded PGlite (in DATA_DIR or in memory). */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string; inMemory?: boolean }): Promise<Db> {
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
  const client = new PGlite(dir);
  await client.waitReady;
  return wrapPglite(client, client);
}
