import pg from 'pg';

/**
 * With DATABASE_URL the server suite runs against a real PostgreSQL: make sure the database
 * exists and start from an empty schema. Without it every worker uses an in-memory PGlite.
 */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const adminClient = new pg.Client({ connectionString: admin.toString() });
  await adminClient.connect();
  const exists = await adminClient.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (exists.rowCount === 0) await adminClient.query(`CREATE DATABASE "${dbName.replace(/"/g, '')}"`);
  await adminClient.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public');
  await client.end();
}
