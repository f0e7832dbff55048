// Builds the console (apps/web/dist) when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', 'packages/contract/src'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

/** Runs `vite build` for apps/web unless an up-to-date build is there. */
export function ensureWebBuild() {
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt > changedAt) return;
  console.log('Đang build giao diện (apps/web)… / building the console…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/web'), stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Build giao diện thất bại / console build failed');
}
