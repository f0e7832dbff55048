import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Fails the run when tests leave anything in the temporary directory (scripts/vitest-tmp-guard.ts).
const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

// Integration tests start an embedded aedes broker on an ephemeral port (never 1883: the test
// machines run Mosquitto there).
export default defineConfig({
  test: {
    name: 'speaker',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: [tmpGuard],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
