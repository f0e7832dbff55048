import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../infra/db';
import { databaseFault } from '../infra/dbFaults';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_042_001;

/** The numbered SQL migrations of this build, in the order they apply. */
export function knownMigrations(): string[] {
  return fs.readdirSync(migrationsDir).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
}

/**
 * The database was migrated by a newer release: it holds migrations this build does not have. This
 * build must not write to it (its queries do not know the newer schema), nor "migrate" it.
 */
export class SchemaNewerError extends Error {
  constructor(readonly unknown: string[], readonly latestKnown: string) {
    super(`the database schema is newer than this build: it has ${unknown.join(', ')}, which this build does not know (its newest is ${latestKnown})`);
    this.name = 'SchemaNewerError';
  }
}

/** A migration this build has failed on the database (rolled back: the database is as it was). */
export class MigrationFailedError extends Error {
  constructor(readonly migration: string, cause: unknown) {
    super(`migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationFailedError';
  }
}

/** Migrations recorded in the database that this build does not have (a newer release made them). */
export async function unknownMigrations(db: Db): Promise<string[]> {
  const known = new Set(knownMigrations());
  const rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations').catch((error: unknown) => {
    // No table yet: a database no release has migrated.
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  });
  return rows.map((r) => r.version).filter((v) => !known.has(v));
}

/**
 * Applies the committed numbered SQL migrations that this database has not seen yet, all in one
 * transaction. Refuses (SchemaNewerError, nothing applied) a database that a newer release migrated.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = knownMigrations();
  return db.transaction(async (tx) => {
    // Several server instances may start together on one PostgreSQL: only one migrates.
    // Migrations and the wait for another instance's may take longer than a request's statement and lock timeouts.
    if (tx.kind === 'postgres') await tx.exec(`SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0; SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const known = new Set(files);
    const unknown = [...done].filter((v) => !known.has(v)).sort();
    if (unknown.length > 0) throw new SchemaNewerError(unknown, files.at(-1) ?? '(none)');
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      try {
        await tx.exec(fs.readFileSync(path.join(migrationsDir, file), 'utf8'));
        await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      } catch (error) {
        // A lost connection is an outage (retried at the next start), not a fault of the migration.
        throw databaseFault(error) ? error : new MigrationFailedError(file, error);
      }
      applied.push(file);
    }
    return applied;
  });
}
