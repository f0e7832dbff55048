// `npm run build:server`: the server and the speaker agent as plain JavaScript, so production runs
// `node` alone (no TypeScript loader). esbuild bundles each entry with the workspace packages
// (@loa/contract and @loa/speaker export their TypeScript sources); every other package stays an
// import of node_modules. Files the server opens next to its own module at run time (the database
// and speech worker threads, the SQL migrations) are copied beside the bundle, where
// `new URL('./…', import.meta.url)` finds them as it finds them beside the sources.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './web-build.mjs';

const server = path.join(root, 'apps/server');
const speaker = path.join(root, 'apps/speaker');

/** Bare imports stay imports, except the workspace's own packages, which are TypeScript and bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@loa/') || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
};

function copy(from, to) {
  fs.cpSync(from, to, { recursive: true });
}

fs.rmSync(path.join(server, 'dist'), { recursive: true, force: true });
fs.rmSync(path.join(speaker, 'dist'), { recursive: true, force: true });

await build({
  ...common,
  entryPoints: { main: path.join(server, 'src/main.ts'), ops: path.join(server, 'src/ops/cli.ts'), brokerWorker: path.join(server, 'src/infra/brokerWorker.ts'), capWorker: path.join(server, 'src/features/cap/capWorker.ts'), mediaCheckWorker: path.join(server, 'src/features/media/mediaCheckWorker.ts') },
  outdir: path.join(server, 'dist'),
});
copy(path.join(server, 'src/db/migrations'), path.join(server, 'dist/migrations'));
copy(path.join(server, 'src/infra/pgliteWorker.mjs'), path.join(server, 'dist/pgliteWorker.mjs'));
copy(path.join(server, 'src/infra/workerBoot.mjs'), path.join(server, 'dist/workerBoot.mjs'));
copy(path.join(server, 'src/features/tts/engines/espeakWorker.mjs'), path.join(server, 'dist/espeakWorker.mjs'));

await build({
  ...common,
  entryPoints: { cli: path.join(speaker, 'src/cli.ts') },
  outdir: path.join(speaker, 'dist'),
});

console.log('Đã build máy chủ và phần mềm loa / built apps/server/dist (main.js, ops.js) and apps/speaker/dist/cli.js');
