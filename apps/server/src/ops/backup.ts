import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { openDb } from '../infra/db';
import { backupPaths, hasContent, MANIFEST_FILE, type BackupManifest } from './backupFormat';
import { runningServer } from './serverLock';
import { mustRun, OpsError, postgresTarget, runTool } from './tools';

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  warnings: string[];
}

/**
 * Writes a backup of this deployment to `outFile` (see backupFormat.ts). The embedded database is
 * copied only while no server runs on DATA_DIR (a running PGlite changes its files under the copy);
 * PostgreSQL is dumped by pg_dump from one snapshot while servers keep running. Media are copied
 * after the database, so every file the database names is in the backup.
 */
export async function createBackup(config: Config, outFile: string): Promise<BackupResult> {
  const paths = backupPaths(config);
  const out = path.resolve(outFile);
  if (fs.existsSync(out)) throw new OpsError(`Tệp ${out} đã có: hãy chọn tên khác / ${out} exists`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-backup-'));
  const warnings: string[] = [];
  try {
    const members: string[] = [MANIFEST_FILE];
    let migrations: string[];
    if (config.DATABASE_URL) {
      migrations = await dumpPostgres(config.DATABASE_URL, path.join(staging, 'database.dump'));
      members.push('database.dump');
    } else {
      migrations = await checkpointEmbedded(config.DATA_DIR, paths.database);
      fs.symlinkSync(paths.database, path.join(staging, 'database'));
      members.push('database');
    }
    let media: BackupManifest['media'] = 'none';
    if (config.S3_BUCKET) {
      media = 's3';
      warnings.push(`Tệp âm thanh nằm trong bucket S3 "${config.S3_BUCKET}", không có trong bản sao lưu: hãy bật phiên bản hoá (versioning) hoặc sao chép bucket / media in the S3 bucket are not in this backup`);
    } else if (hasContent(paths.media)) {
      media = 'included';
      fs.symlinkSync(paths.media, path.join(staging, 'media'));
      members.push('media');
    }
    const outbox = hasContent(paths.outbox);
    if (outbox) {
      fs.symlinkSync(paths.outbox, path.join(staging, 'outbox'));
      members.push('outbox');
    }
    const manifest: BackupManifest = { format: 'loa-backup', version: 1, database: config.DATABASE_URL ? 'postgres' : 'pglite', createdAt: new Date().toISOString(), migrations, media, outbox };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);

    // -h follows the links above into the real folders. Written under a temporary name, so a
    // backup cut short never looks complete.
    const partial = `${out}.part`;
    const { code, stderr } = await runTool('tar', ['-czhf', partial, '-C', staging, ...members]);
    // 1: a file changed or went away while read (media deleted on a running PostgreSQL deployment).
    if (code === 1) warnings.push(`tar: ${stderr}`);
    else if (code !== 0) {
      fs.rmSync(partial, { force: true });
      throw new OpsError(`Không ghi được bản sao lưu / could not write the backup: tar ${code}\n${stderr}`);
    }
    fs.renameSync(partial, out);
    return { file: out, manifest, warnings };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The embedded database, checked and shut down cleanly (a checkpoint), ready to be copied as files. */
async function checkpointEmbedded(dataDir: string, databaseDir: string): Promise<string[]> {
  const pid = runningServer(dataDir);
  if (pid) {
    throw new OpsError(`Máy chủ Loa đang chạy trên thư mục dữ liệu ${dataDir} (PID ${pid}): hãy dừng máy chủ trước khi sao lưu cơ sở dữ liệu nhúng (systemctl stop loa-server) / the server is running on this DATA_DIR: stop it first`);
  }
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new OpsError(`Không có cơ sở dữ liệu nhúng trong ${databaseDir}: kiểm tra DATA_DIR (hay máy chủ dùng PostgreSQL qua DATABASE_URL?) / no embedded database there`);
  }
  // Opening replays what a server killed without a clean stop left in the write-ahead log; closing checkpoints.
  const db = await openDb({ dataDir, thread: 'main' });
  try {
    return await migrationsOf((sql) => db.query<{ version: string }>(sql));
  } finally {
    await db.close();
  }
}

async function dumpPostgres(databaseUrl: string, file: string): Promise<string[]> {
  const target = postgresTarget(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: Error) => {
    throw new OpsError(`Không kết nối được PostgreSQL / cannot connect to PostgreSQL: ${error.message}`);
  });
  let migrations: string[];
  try {
    migrations = await migrationsOf(async (sql) => (await client.query<{ version: string }>(sql)).rows);
  } finally {
    await client.end();
  }
  await mustRun('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.url}`], 'pg_dump thất bại / pg_dump failed', target.env);
  return migrations;
}

async function migrationsOf(query: (sql: string) => Promise<{ version: string }[]>): Promise<string[]> {
  const rows = await query('SELECT version FROM schema_migrations ORDER BY version').catch((error: { code?: string }) => {
    if (error.code === '42P01') throw new OpsError('Cơ sở dữ liệu chưa có dữ liệu của Loa (không có bảng schema_migrations) / not a Loa database');
    throw error;
  });
  return rows.map((r) => r.version);
}
