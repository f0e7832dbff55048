import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; audio, images and fonts are compressed already (woff2) or barely shrink. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than its extra bytes on the wire. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The build manifest is for the tools (bench, e2e budgets), not for browsers.
      if (entry.name !== '.vite') yield* filesUnder(file);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield file;
    }
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` beside every text file of the build, once,
 * so the server sends them as they are (`@fastify/static`'s preCompressed) instead of compressing
 * on each request or not at all. A copy that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'loa:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const file of filesUnder(outDir)) {
        if ((await stat(file)).size < MIN_BYTES) continue;
        const content = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzip(content, { level: 9 }),
        ]);
        if (br.length < content.length) await writeFile(`${file}.br`, br);
        if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
      }
    },
  };
}
