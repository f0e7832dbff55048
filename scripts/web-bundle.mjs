// What the console's build makes a browser download: the first load (the entry and the chunks it
// imports statically, as the build manifest lists them), gzipped, and the largest chunk. Used by
// `npm run bench -- web` and by the end-to-end check that keeps the budgets (docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Budgets of issue #16: first-load JavaScript, gzipped, and any one chunk (minified, not gzipped). */
export const INITIAL_JS_BUDGET_BYTES = 200 * 1024;
export const CHUNK_BUDGET_BYTES = 400 * 1024;

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Reads `dist/.vite/manifest.json` of a built console and measures its JavaScript. */
export function measureWebBuild(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`no build manifest at ${manifestFile} (build the console first)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const initial = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  const chunks = [...new Set(Object.values(manifest).map((c) => c.file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: fs.statSync(path.join(distDir, file)).size }))
    .sort((a, b) => b.bytes - a.bytes);
  const initialFiles = [...initial].filter((file) => file.endsWith('.js'));
  const initialGzipBytes = initialFiles.reduce((sum, file) => sum + gzipSize(path.join(distDir, file)), 0);
  return { initialFiles, initialGzipBytes, largestChunk: chunks[0] ?? null, chunks };
}

/** The budgets a measurement breaks, as sentences (none: an empty list). */
export function budgetProblems(m) {
  const problems = [];
  if (m.initialGzipBytes > INITIAL_JS_BUDGET_BYTES) problems.push(`first-load JavaScript is ${kb(m.initialGzipBytes)} gzipped (budget ${kb(INITIAL_JS_BUDGET_BYTES)})`);
  for (const c of m.chunks.filter((c) => c.bytes > CHUNK_BUDGET_BYTES)) problems.push(`${c.file} is ${kb(c.bytes)} (budget ${kb(CHUNK_BUDGET_BYTES)} a chunk)`);
  return problems;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
