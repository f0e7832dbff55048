import { defineConfig } from 'vitest/config';

// The fault tier (`npm run test:fault`): the server killed with -9 mid-bulletin and mid-write,
// database connections terminated, the broker flooded. Each test starts its own server
// processes on port 0 and its own data directory. Run by .ci/run after `npm test`.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'fault',
    include: ['src/**/*.fault.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
