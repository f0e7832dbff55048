/** Workers of the server suite (vitest's maxWorkers), on PGlite and on PostgreSQL alike. */
export const SERVER_TEST_WORKERS = 2;

/** The database of one worker: the base name with `_w<worker>` (only letters, digits and _ kept). */
export function workerDatabaseName(base: string, worker: number): string {
  return `${base.replace(/[^A-Za-z0-9_]/g, '')}_w${worker}`;
}

/**
 * DATABASE_URL as this test worker uses it: its own database, so that the two workers' servers
 * (and their schedulers, which lead through the database) never see each other's rows.
 */
export function workerDatabaseUrl(url = process.env.DATABASE_URL): string | undefined {
  if (!url) return undefined;
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  if (!Number.isInteger(worker) || worker < 1 || worker > SERVER_TEST_WORKERS) {
    throw new Error(`VITEST_POOL_ID ${process.env.VITEST_POOL_ID} is outside 1..${SERVER_TEST_WORKERS}: raise SERVER_TEST_WORKERS with maxWorkers`);
  }
  const target = new URL(url);
  target.pathname = `/${workerDatabaseName(target.pathname.slice(1), worker)}`;
  return target.toString();
}
