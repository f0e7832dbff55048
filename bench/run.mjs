// Runs one benchmark: `npm run bench -- <name> [options]` → `node --import tsx bench/<name>.ts [options]`.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
  .map((f) => f.slice(0, -3))
  .sort();

const [name, ...args] = process.argv.slice(2);
if (!name || name === '--help' || name === '-h' || !available.includes(name)) {
  if (name && !['--help', '-h'].includes(name)) console.error(`Unknown benchmark "${name}".\n`);
  console.log('Usage: npm run bench -- <name> [options]\n\nBenchmarks:');
  for (const b of available) console.log(`  ${b}`);
  console.log('\nEach one prints its own options with --help.');
  process.exit(name && !['--help', '-h'].includes(name) ? 1 : 0);
}

// Run from the repository root so the server child and tsx resolve the same way as `npm start`.
const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.ts`), ...args], {
  cwd: path.resolve(here, '..'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
