import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { budgetProblems, measureWebBuild } from '../scripts/web-bundle.mjs';

// The first-load budgets of docs/performance.md ("Console first load"), read from the build this
// tier runs against (ensure-web-build makes it before the tier): cheap, no browser needed.
test('the console’s first load stays within 200 kB of gzipped JavaScript and no chunk passes 400 kB', () => {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  const measure = measureWebBuild(dist);
  expect(measure.initialFiles.length).toBeGreaterThan(0);
  expect(measure.initialGzipBytes).toBeGreaterThan(50 * 1024); // a real console, not an empty build
  expect(budgetProblems(measure)).toEqual([]);
});
