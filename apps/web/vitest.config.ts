import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
// Fails the run when tests leave anything in the temporary directory (scripts/vitest-tmp-guard.ts).
const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

/** Unit tests of the console: jsdom, tests beside the code. */
export default defineConfig({
  plugins: [react()],
  root,
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    globalSetup: [tmpGuard],
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    css: false,
    restoreMocks: true,
    // Dialog-heavy tests take seconds on a loaded 2-core machine.
    testTimeout: 20_000,
    // Its own group, two files at a time: jsdom is all CPU, and vitest's default on two cores is one
    // worker, which ran these files one after another. Apart from the speaker's tests, which play
    // real audio in real time, and from the server suite (group 1, a database per worker).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { groupOrder: 2 },
  },
});
