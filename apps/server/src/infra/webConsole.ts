import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The build's hashed files (`assets/name-HASH.js`): a new build gives new names, so browsers keep them a year. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files (favicon, sounds, guide): revalidated on every use, so a redeploy shows at once. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * The built console (`WEB_DIST`): the `.br`/`.gz` copies the build writes beside each text file
 * (apps/web/build/precompress.ts) go to browsers that accept them, hashed assets are cached for a
 * year, everything else revalidates. Client-side routes fall back to index.html through
 * `sendWebConsole` (infra/errorHandling.ts).
 */
export async function serveWebConsole(app: FastifyInstance, root: string): Promise<void> {
  if (!fs.existsSync(root)) return;
  const assets = path.join(path.resolve(root), 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', path.resolve(filePath).startsWith(assets) ? HASHED_ASSET_CACHE : REVALIDATE_CACHE);
    },
  });
}

/** The console's index.html for a client-side route (compressed when the browser accepts it, never cached unchecked). */
export function sendWebConsole(reply: FastifyReply): FastifyReply {
  return reply.sendFile('index.html');
}
