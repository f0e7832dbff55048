import { defineConfig } from 'vitest/config';

// Integration tests start an embedded aedes broker on an ephemeral port (never 1883: the test
// machines run Mosquitto there).
export default defineConfig({
  test: {
    name: 'speaker',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
