import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

// The operations tier (`npm run test:ops`): the production build run with node alone, backup and
// restore round trips (embedded data directory, and PostgreSQL when LOA_OPS_PG names a server),
// and upgrades from the previous release's database. It builds first (test/buildServer.ts); each
// test starts its own server processes on port 0 with their own data. Run by .ci/run.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'ops',
    include: ['src/**/*.ops.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/buildServer.ts', tmpGuard],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
