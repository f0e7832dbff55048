import { defineConfig } from 'vitest/config';

// One command runs every unit and server test: `npm run test:unit` (end-to-end tests run with Playwright).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/speaker', 'apps/web', 'bench'],
  },
});
