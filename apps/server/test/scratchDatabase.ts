import crypto from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database of its own for a test that cuts connections, created and dropped by it. */
export interface ScratchDatabase {
  name: string;
  url: string;
  /** Ends every connection to it (the server's pool and leader connection included). */
  terminateBackends(): Promise<number>;
  /** Refuses (false) or allows new connections, as a database that is down or back. */
  allowConnections(allow: boolean): Promise<void>;
  /** Runs one statement on a connection of its own to the scratch database. */
  query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<random>` (loa_fault_… by default) on the server of `serverUrl` (any database of it). */
export async function createScratchDatabase(serverUrl: string, prefix = 'loa_fault'): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const onAdmin = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = [], target = adminUrl.toString()): Promise<T[]> => {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  await onAdmin(`CREATE DATABASE ${name}`);
  return {
    name,
    url: url.toString(),
    async terminateBackends() {
      const rows = await onAdmin<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      return rows.length;
    },
    async allowConnections(allow) {
      await onAdmin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allow}`);
    },
    query: (sql, params) => onAdmin(sql, params, url.toString()),
    async drop() {
      await onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
