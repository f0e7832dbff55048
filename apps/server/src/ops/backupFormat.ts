import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../config';

/**
 * A Loa backup is one .tar.gz holding, at its top:
 * - `loa-backup.json`, this manifest;
 * - `database/`, the embedded database's data directory (PGlite, copied while no server runs), or
 *   `database.dump`, pg_dump's custom format of the PostgreSQL database (taken while servers run);
 * - `media/`, the stored audio (when kept on disk; an S3 bucket is not copied);
 * - `outbox/`, the mail kept without SMTP, when there is any.
 */
export const MANIFEST_FILE = 'loa-backup.json';

export const manifestSchema = z.object({
  format: z.literal('loa-backup'),
  version: z.literal(1),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  /** schema_migrations of the database when it was copied: what release made it. */
  migrations: z.array(z.string()),
  media: z.enum(['included', 'none', 's3']),
  outbox: z.boolean(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Where the server keeps what a backup copies besides the database (as the server itself decides). */
export function backupPaths(config: Config) {
  return {
    database: path.join(config.DATA_DIR, 'db'),
    media: config.MEDIA_DIR ?? path.join(config.DATA_DIR, 'media'),
    outbox: config.OUTBOX_DIR ?? path.join(config.DATA_DIR, 'outbox'),
  };
}

/** Whether a folder exists and holds anything. */
export function hasContent(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/** A time stamp for file names: 20261125-021500. */
export function stamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, '').replace(/-/g, '').replace('T', '-').replace(/:/g, '');
}
