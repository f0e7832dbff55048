import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One command runs every unit and server test: `npm run test:unit` (end-to-end tests run with Playwright).
// The server suite runs after the others (its own sequence.groupOrder, two workers with a database
// each). The others run two at a time as well: vitest's default on a 2-core machine is one, which
// ran the console's and the speaker's 110 files one after another (about 10 of CI's minutes).
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['packages/contract', 'apps/server', 'apps/speaker', 'apps/web', 'bench'],
  },
});
