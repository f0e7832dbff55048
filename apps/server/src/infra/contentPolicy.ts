import type { Config } from '../config';

/** The origin of a configured address (`{s}`-style placeholders in a tile host become `*`), or null. */
export function originOf(address: string | undefined): string | null {
  if (!address) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(address.trim());
  if (!match) return null;
  const host = match[2].replace(/\{[^}]*\}/g, '*');
  // A wildcard is only valid as the whole left-most label in CSP.
  return /^(\*\.)?[^*]+$/.test(host) ? `${match[1].toLowerCase()}://${host}` : null;
}

/**
 * The Content-Security-Policy of every answer (issue #27): scripts only from the server's own files,
 * never inline, never from an attribute, never from a stored upload (media is audio/mpeg with nosniff
 * besides); styles inline as MUI writes them; map tiles from MAP_TILE_URL; audio and uploads from
 * the S3 store when one is configured. The API documentation (/docs) sets its own (app.ts).
 */
export function contentSecurityPolicy(config: Pick<Config, 'MAP_TILE_URL' | 'S3_ENDPOINT' | 'S3_PUBLIC_URL' | 'S3_BUCKET'>): string {
  const tiles = originOf(config.MAP_TILE_URL);
  const store = config.S3_BUCKET ? [originOf(config.S3_ENDPOINT) ?? 'https://*.amazonaws.com', originOf(config.S3_PUBLIC_URL)] : [];
  const list = (...items: (string | null)[]) => [...new Set(items.filter((i): i is string => !!i))].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", 'data:', 'blob:', tiles)}`,
    `media-src ${list("'self'", 'blob:', ...store)}`,
    `connect-src ${list("'self'", ...store)}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
