/**
 * System log paging over 1,000,000 rows in PGlite: inserts the rows (10 administrators, 50 users,
 * 12 actions, 30 areas, a year of timestamps), then times filtered keyset pages, first and deep.
 * Run: npx tsx bench/systemLogPaging.ts [rows]
 */
import { openDb } from '../apps/server/src/infra/db';
import { migrate } from '../apps/server/src/db/migrate';
import { selectLogPage, type LogFilter } from '../apps/server/src/features/system-log/systemLog.queries';

const rows = Number(process.argv[2] ?? 1_000_000);
const db = await openDb({ inMemory: true });
await migrate(db);
let t = performance.now();
for (let start = 0; start < rows; start += 200_000) {
  const n = Math.min(200_000, rows - start);
  await db.query(
    `INSERT INTO system_log (at, user_id, tentaikhoan, admin_id, action, target_type, target_id, ip, outcome, area_id)
     SELECT now() - make_interval(secs => (g * 31.5)::int), 'user-' || (g / 10 % 50), 'u' || (g / 10 % 50), 'admin-' || (g % 10),
            (ARRAY['dang-nhap','dang-xuat','them-thiet-bi','sua-thiet-bi','xoa-thiet-bi','phat-ngay','dung-phat','them-dia-ban','sua-dia-ban','them-tai-khoan','sua-tai-khoan','doi-mat-khau'])[1 + g / 10 % 12],
            'thietbi', 'dev-' || (g % 1000), '10.0.0.' || (g % 250), 'ok', 'area-' || (g / 70 % 30)
       FROM generate_series($1::int, $2::int) AS g`,
    [start, start + n - 1],
  );
}
await db.query('ANALYZE system_log');
console.log(`inserted ${rows.toLocaleString('en')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);

async function time(label: string, filter: Omit<LogFilter, 'limit'>) {
  const runs: number[] = [];
  let page = await selectLogPage(db, { ...filter, limit: 51 });
  for (let i = 0; i < 5; i += 1) {
    t = performance.now();
    page = await selectLogPage(db, { ...filter, limit: 51 });
    runs.push(performance.now() - t);
  }
  // A deep page: follow the cursor 20 pages in, then time the next one.
  let after: string | undefined = page[page.length - 1]?.id;
  for (let i = 0; i < 20 && after; i += 1) {
    const next: string | undefined = (await selectLogPage(db, { ...filter, after, limit: 51 })).at(-1)?.id;
    after = next;
  }
  t = performance.now();
  const deep = after ? await selectLogPage(db, { ...filter, after, limit: 51 }) : [];
  const deepMs = performance.now() - t;
  runs.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} first page median ${runs[2].toFixed(1)} ms (${page.length} rows), page 22 ${deepMs.toFixed(1)} ms (${deep.length} rows)`);
}

const yearAgo = new Date(Date.now() - 200 * 24 * 3600 * 1000);
await time('administrator only', { adminId: 'admin-3' });
await time('administrator + user', { adminId: 'admin-3', userId: 'user-13' });
await time('administrator + action', { adminId: 'admin-3', action: 'them-thiet-bi' });
await time('administrator + area', { adminId: 'admin-3', areaIds: ['area-3'] });
await time('administrator + 5 areas (a subtree)', { adminId: 'admin-3', areaIds: ['area-3', 'area-13', 'area-23', 'area-1', 'area-2'] });
await time('administrator + date range (a month, 200 days ago)', { adminId: 'admin-3', from: new Date(yearAgo.getTime() - 30 * 24 * 3600 * 1000), to: yearAgo });
await time('administrator + action + area + date range', { adminId: 'admin-3', action: 'sua-dia-ban', areaIds: ['area-3'], from: new Date(yearAgo.getTime() - 90 * 24 * 3600 * 1000), to: yearAgo });
await time('administrator + user search, accents aside (no match)', { adminId: 'admin-3', userSearch: 'khong co' });
await db.close();
