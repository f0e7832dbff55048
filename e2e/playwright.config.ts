import { defineConfig } from '@playwright/test';

// End-to-end tests drive the built console in Debian's Chromium (never a downloaded browser)
// against the real server, started by global-setup.ts on an ephemeral port.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 1,
  // No retries: a test that fails once is a flake to find, not to hide (issue #33).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report is what scripts/print-e2e-failures.mjs (CI, after a failure) and
  // scripts/test-repeat.mjs read; the server's log lands beside it (global-setup.ts).
  outputDir: 'test-results',
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // Kept only for a failed test, and printed as text by scripts/print-e2e-failures.mjs (its list of
    // actions). Without the screencast: a test on a loaded 2-core machine should not pay for frames
    // nobody reads in CI (the failure screenshot and the DOM snapshots stay).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
});
