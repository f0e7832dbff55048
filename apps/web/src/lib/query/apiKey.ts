import type { QueryKey } from '@tanstack/react-query';

const API_PREFIX = /^\/v1\/client\/?/;

/**
 * The cache key of a read on the API, derived from its route: 'api', the path's segments after
 * /v1/client, then its query parameters as one object. A shorter path is a prefix of every key
 * below it, so invalidating `apiKey('/v1/client/thietbi')` reaches the device list, a device's
 * details and its history at once.
 */
export function apiKey(path: string): QueryKey {
  const [pathname = '', query] = path.split('?');
  const segments = pathname.replace(API_PREFIX, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (!query) return ['api', ...segments];
  return ['api', ...segments, Object.fromEntries(new URLSearchParams(query))];
}
