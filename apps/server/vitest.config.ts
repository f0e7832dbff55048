import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Fails the run when tests leave anything in the temporary directory (scripts/vitest-tmp-guard.ts).
const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

// Server tests share one database per worker (a fresh PGlite costs seconds and memory), so files
// in a worker are not isolated; each test makes its own users and objects.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The fuzz, fault, cluster and operations tiers have their own configurations (vitest.{fuzz,fault,cluster,ops}.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.fuzz.test.ts', 'src/**/*.fault.test.ts', 'src/**/*.cluster.test.ts', 'src/**/*.ops.test.ts'],
    environment: 'node',
    isolate: false,
    pool: 'forks',
    // On a real PostgreSQL every worker would share one database, and each test server's scheduler
    // would fire the others' schedules on its own broker: one worker there, two on PGlite.
    maxWorkers: process.env.DATABASE_URL ? 1 : 2,
    sequence: { groupOrder: 1 },
    globalSetup: ['test/globalSetup.ts', tmpGuard],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
