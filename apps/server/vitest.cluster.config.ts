import { defineConfig } from 'vitest/config';

// The cluster tier (`npm run test:cluster`): a fresh PostgreSQL database on the machine's server,
// a private Redis and a Mosquitto with dynamic security, several Loa servers as child processes on
// free ports, real agents through the broker; instances killed with -9. Run by .ci/run.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'cluster',
    include: ['src/**/*.cluster.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
