import { defineConfig } from 'vitest/config';

// Server tests share one database per worker (a fresh PGlite costs seconds and memory), so files
// in a worker are not isolated; each test makes its own users and objects.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    isolate: false,
    pool: 'forks',
    // On a real PostgreSQL every worker would share one database, and each test server's scheduler
    // would fire the others' schedules on its own broker: one worker there, two on PGlite.
    maxWorkers: process.env.DATABASE_URL ? 1 : 2,
    sequence: { groupOrder: 1 },
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
