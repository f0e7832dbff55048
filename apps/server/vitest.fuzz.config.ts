import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

// The fuzz tier (`npm run test:fuzz`): generated requests against every operation of the API, and
// generated device messages over the real broker (devices.fuzz.test.ts), with a fixed seed per run
// (FUZZ_SEED) and a budget that fits CI. Run by .ci/run after `npm test`.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'fuzz',
    include: ['src/**/*.fuzz.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    globalSetup: ['test/globalSetup.ts', tmpGuard],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
