import pg from 'pg';
import { SERVER_TEST_WORKERS, workerDatabaseName } from './workerDatabase';

/**
 * With DATABASE_URL the server suite runs against a real PostgreSQL: one database per worker
 * (DATABASE_URL's name with `_w1`, `_w2`…), each made if missing and started from an empty
 * schema, and dropped when the run ends. Without it every worker uses an in-memory PGlite.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const base = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  try {
    for (let worker = 1; worker <= SERVER_TEST_WORKERS; worker++) {
      const name = workerDatabaseName(base, worker);
      const exists = await adminClient.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount === 0) await adminClient.query(`CREATE DATABASE "${name}"`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const client = new pg.Client({ connectionString: target.toString() });
      await client.connect();
      await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
      await client.end();
    }
  } finally {
    await adminClient.end();
  }
  return async () => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      for (let worker = 1; worker <= SERVER_TEST_WORKERS; worker++) await client.query(`DROP DATABASE IF EXISTS "${workerDatabaseName(base, worker)}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
}
