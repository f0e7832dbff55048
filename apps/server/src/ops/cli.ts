// Operator commands of a deployment, built to apps/server/dist/ops.js (`npm run build:server`):
// backup, restore and migrate, on the configuration the server reads (the same environment, e.g.
// `node --env-file=/etc/loa/loa.env apps/server/dist/ops.js backup --out FILE`). See docs/operations.md.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb } from '../infra/db';
import { migrate } from '../db/migrate';
import { createBackup } from './backup';
import { restoreBackup } from './restore';
import { stamp } from './backupFormat';
import { OpsError } from './tools';
import { runningServer } from './serverLock';
import { resetAdminPassword } from './resetAdminPassword';

const USAGE = `Loa — sao lưu, khôi phục, nâng cấp / backup, restore, migrate

  npm run backup -- [--out FILE]         sao lưu / writes a backup (default loa-backup-<UTC time>.tar.gz)
  npm run restore -- FILE [--replace]    khôi phục (máy chủ phải dừng) / restores it, with the server stopped
  npm run migrate                        nâng cấp cơ sở dữ liệu / applies this release's migrations
  npm run reset-admin-password -- [--user NAME]
                                         đặt lại mật khẩu quản trị (ADMIN_PASSWORD hoặc mật khẩu sinh ngẫu nhiên) /
                                         recovers a lost administrator password (default ADMIN_USER)

  Đọc cấu hình như máy chủ (DATA_DIR, DATABASE_URL, MEDIA_DIR…) / reads the server's environment,
  e.g. node --env-file=/etc/loa/loa.env apps/server/dist/ops.js backup --out /var/backups/loa/x.tar.gz`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, replace: { type: 'boolean' }, user: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`Tuỳ chọn không hợp lệ / invalid option: ${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  const config = loadConfig();
  // `npm run backup` runs in the repository's folder; a relative path means the caller's folder.
  const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup' && rest.length === 0) {
    const result = await createBackup(config, fromCaller(values.out ?? `loa-backup-${stamp()}.tar.gz`));
    for (const warning of result.warnings) console.warn(warning);
    console.log(`Đã sao lưu / backup written: ${result.file} (${result.manifest.database}, ${result.manifest.migrations.length} migrations, media: ${result.manifest.media})`);
    return 0;
  }
  if (command === 'restore' && rest.length === 1) {
    const result = await restoreBackup(config, fromCaller(rest[0]), { replace: values.replace });
    for (const dir of result.keptAside) console.log(`Dữ liệu cũ được giữ tại / what was there is kept at: ${dir}`);
    console.log(`Đã khôi phục / restored: ${rest[0]} (${result.manifest.database}, tạo lúc / made ${result.manifest.createdAt}). Khởi động máy chủ; nó nâng cấp cơ sở dữ liệu nếu bản sao lưu cũ hơn / start the server: it migrates an older backup.`);
    return 0;
  }
  if (command === 'migrate' && rest.length === 0) {
    const pid = config.DATABASE_URL ? null : runningServer(config.DATA_DIR);
    if (pid) throw new OpsError(`Máy chủ Loa đang chạy trên thư mục dữ liệu này (PID ${pid}); nó đã tự nâng cấp khi khởi động / the server is running: it migrated at its start`);
    const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, thread: 'main' });
    try {
      const applied = await migrate(db);
      console.log(applied.length ? `Đã áp dụng / applied: ${applied.join(', ')}` : 'Cơ sở dữ liệu đã ở phiên bản này / already up to date');
    } finally {
      await db.close();
    }
    return 0;
  }
  if (command === 'reset-admin-password' && rest.length === 0) {
    // The embedded database is the running server's alone: stop it first (PostgreSQL is shared).
    const pid = config.DATABASE_URL ? null : runningServer(config.DATA_DIR);
    if (pid) throw new OpsError(`Máy chủ Loa đang chạy trên thư mục dữ liệu này (PID ${pid}): hãy dừng nó trước / stop the server first`);
    const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, thread: 'main' });
    try {
      const loginName = values.user ?? config.ADMIN_USER;
      const result = await resetAdminPassword(db, loginName, config.ADMIN_PASSWORD);
      console.log(`Đã đặt lại mật khẩu của / password reset for: ${loginName}${result.generated ? `\n  Mật khẩu mới / new password: ${result.password}\n  (chỉ hiện một lần — shown only once)` : ' (ADMIN_PASSWORD)'}\n  Đổi mật khẩu ở lần đăng nhập tới / change it at the next sign-in.`);
    } finally {
      await db.close();
    }
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof OpsError ? message : `Lỗi / error: ${message}`);
    process.exit(1);
  },
);
