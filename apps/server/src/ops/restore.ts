import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { knownMigrations } from '../db/migrate';
import { backupPaths, hasContent, MANIFEST_FILE, manifestSchema, stamp, type BackupManifest } from './backupFormat';
import { runningServer } from './serverLock';
import { mustRun, OpsError, postgresTarget, runTool } from './tools';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where what was there before went (`--replace` on the embedded database and media), to delete once satisfied. */
  keptAside: string[];
}

/** Reads the manifest of a backup file without unpacking the rest. */
export async function readManifest(file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new OpsError(`Không có tệp ${file} / no such file`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-restore-'));
  try {
    const { code } = await runTool('tar', ['-xzf', file, '-C', dir, MANIFEST_FILE]);
    const text = code === 0 ? fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8') : '';
    let parsed;
    try {
      parsed = manifestSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) throw new OpsError(`${file} không phải bản sao lưu Loa đọc được (thiếu hoặc hỏng ${MANIFEST_FILE}) / not a readable Loa backup`);
    return parsed.data;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Puts a backup back (backupFormat.ts), with every server of the deployment stopped. It checks
 * everything before it changes anything: the backup's kind against the configuration, its schema
 * against this build (a newer release's backup is refused), and that the database and media it
 * would fill are empty — unless `replace`, which keeps the embedded database and media aside and
 * empties the PostgreSQL database. A backup of an older release is upgraded by the server's next start.
 */
export async function restoreBackup(config: Config, file: string, opts: { replace?: boolean } = {}): Promise<RestoreResult> {
  const manifest = await readManifest(file);
  const paths = backupPaths(config);
  const unknown = manifest.migrations.filter((v) => !knownMigrations().includes(v));
  if (unknown.length > 0) {
    throw new OpsError(`Bản sao lưu được tạo bởi phiên bản Loa mới hơn bản này (có ${unknown.join(', ')}): hãy khôi phục bằng phiên bản đó / the backup comes from a newer release`);
  }
  if (manifest.database === 'postgres' && !config.DATABASE_URL) {
    throw new OpsError('Bản sao lưu là của PostgreSQL nhưng DATABASE_URL chưa đặt: đặt DATABASE_URL tới một cơ sở dữ liệu PostgreSQL trống / a PostgreSQL backup needs DATABASE_URL');
  }
  if (manifest.database === 'pglite' && config.DATABASE_URL) {
    throw new OpsError('Bản sao lưu là của cơ sở dữ liệu nhúng (PGlite) nhưng DATABASE_URL đang đặt: bỏ DATABASE_URL để khôi phục vào DATA_DIR / an embedded backup restores into DATA_DIR, without DATABASE_URL');
  }
  if (manifest.media === 'included' && config.S3_BUCKET) {
    throw new OpsError('Bản sao lưu có tệp âm thanh trên đĩa nhưng cấu hình đang dùng S3 (S3_BUCKET): khôi phục với MEDIA_DIR rồi chép tệp lên bucket / the backup has media on disk but S3_BUCKET is set');
  }
  const pid = runningServer(config.DATA_DIR);
  if (pid) throw new OpsError(`Máy chủ Loa đang chạy trên thư mục dữ liệu ${config.DATA_DIR} (PID ${pid}): hãy dừng máy chủ trước khi khôi phục / stop the server first`);

  const occupied = (dir: string, what: string) => {
    if (hasContent(dir) && !opts.replace) throw new OpsError(`${what} ${dir} đã có dữ liệu: thêm --replace để thay thế (dữ liệu cũ được giữ lại bên cạnh) / ${dir} is not empty: add --replace`);
  };
  if (manifest.database === 'pglite') occupied(paths.database, 'Thư mục cơ sở dữ liệu');
  if (manifest.media === 'included') occupied(paths.media, 'Thư mục âm thanh');
  if (manifest.database === 'postgres') {
    const tables = await publicTables(config.DATABASE_URL!);
    if (tables > 0 && !opts.replace) {
      throw new OpsError(`Cơ sở dữ liệu PostgreSQL đích đã có ${tables} bảng: khôi phục vào một cơ sở dữ liệu trống, hoặc thêm --replace để xoá dữ liệu hiện có / the target database is not empty: use an empty one, or add --replace`);
    }
  }

  // Unpacked next to DATA_DIR, so moving into place is a rename on the same file system.
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  const unpacked = fs.mkdtempSync(path.join(config.DATA_DIR, '.restore-'));
  const keptAside: string[] = [];
  const suffix = `before-restore-${stamp()}`;
  const putInPlace = (from: string, to: string) => {
    if (fs.existsSync(to)) {
      const aside = `${to}.${suffix}`;
      move(to, aside);
      keptAside.push(aside);
    }
    move(from, to);
  };
  try {
    await mustRun('tar', ['-xzf', file, '-C', unpacked], 'Không giải nén được bản sao lưu / could not unpack the backup');
    if (manifest.database === 'postgres') await restorePostgres(config.DATABASE_URL!, path.join(unpacked, 'database.dump'), Boolean(opts.replace));
    else putInPlace(path.join(unpacked, 'database'), paths.database);
    if (manifest.media === 'included') putInPlace(path.join(unpacked, 'media'), paths.media);
    if (manifest.outbox) {
      // Mail kept without SMTP: what the backup has is added to what is there.
      fs.mkdirSync(paths.outbox, { recursive: true });
      fs.cpSync(path.join(unpacked, 'outbox'), paths.outbox, { recursive: true, force: false });
    }
    return { manifest, keptAside };
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

/** Renames, or copies then removes when the target is on another file system (MEDIA_DIR elsewhere). */
function move(from: string, to: string): void {
  try {
    fs.renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });
  }
}

async function publicTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: Error) => {
    throw new OpsError(`Không kết nối được PostgreSQL / cannot connect to PostgreSQL: ${error.message}`);
  });
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** pg_restore in one transaction: a failure leaves the database as it was (emptied, with `replace`). */
async function restorePostgres(databaseUrl: string, dump: string, replace: boolean): Promise<void> {
  if (replace) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    } finally {
      await client.end();
    }
  }
  const target = postgresTarget(databaseUrl);
  await mustRun('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${target.url}`, dump], 'pg_restore thất bại / pg_restore failed', target.env);
}
