import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Fails the run when tests leave anything in the temporary directory (scripts/vitest-tmp-guard.ts).
const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

export default defineConfig({ test: { name: 'contract', include: ['src/**/*.test.ts'], environment: 'node', globalSetup: [tmpGuard] } });
