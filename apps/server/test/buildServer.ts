import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Global setup of the operations tier: `npm run build:server`, once, so every test runs today's build. */
export default function setup(): void {
  const script = fileURLToPath(new URL('../../../scripts/build-server.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:server failed');
}
