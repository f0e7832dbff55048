import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const tmpGuard = fileURLToPath(new URL('../../scripts/vitest-tmp-guard.ts', import.meta.url));

// The network tier (`npm run test:network`, run by .ci/run, not by `npm test`; issue #30): real speaker
// agents as processes in network namespaces the test makes (ip netns, veth pairs), behind token-bucket
// bandwidth (tc tbf), nftables packet loss, outages (ip link down) and a delaying TCP relay, against
// a real server. Needs root, iproute2, nftables and mpg123; under CI=true their absence fails the run.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'network',
    include: ['src/**/*.network.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    // Its cases run at once (each with its own namespace and speaker): the tier lasts as long as its longest.
    maxConcurrency: 8,
    globalSetup: [tmpGuard],
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
