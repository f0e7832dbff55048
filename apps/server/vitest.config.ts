import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SERVER_TEST_WORKERS } from './test/workerDatabase';

// Fails the run when tests leave anything in the temporary directory (scripts/vitest-tmp-guard.ts).
const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

// Server tests share one database per worker (a fresh PGlite costs seconds and memory), so files
// in a worker are not isolated; each test makes its own users and objects.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The fuzz, fault, cluster and operations tiers have their own configurations (vitest.{fuzz,fault,cluster,ops,package,network}.config.ts).
    exclude: ['**/node_modules/**', 'src/**/*.fuzz.test.ts', 'src/**/*.fault.test.ts', 'src/**/*.cluster.test.ts', 'src/**/*.ops.test.ts', 'src/**/*.package.test.ts', 'src/**/*.network.test.ts'],
    environment: 'node',
    isolate: false,
    pool: 'forks',
    // On PostgreSQL each worker has its own database (test/workerDatabase.ts), so that one worker's
    // scheduler never fires the other's schedules on its own broker.
    maxWorkers: SERVER_TEST_WORKERS,
    sequence: { groupOrder: 1 },
    globalSetup: ['test/globalSetup.ts', tmpGuard],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
