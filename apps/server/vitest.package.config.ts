import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

// The speaker package tier (`npm run test:package`, run by .ci/run, not by `npm test`): builds the
// Debian packages of the speaker agent (npm run package:speaker), checks what they hold, installs
// the amd64 one with apt into a Debian bookworm root made by debootstrap (its own Node.js 18 and
// mpg123) and runs it there against a real server. Needs root (debootstrap, chroot) and Debian's mirror.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'package',
    include: ['src/**/*.package.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    globalSetup: [tmpGuard],
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
