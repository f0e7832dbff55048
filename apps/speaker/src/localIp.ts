import { networkInterfaces } from 'node:os';

let cached: string | null | undefined;

/** The first non-internal IPv4 address of this machine (looked up once), or null. */
export function localIp(): string | null {
  if (cached !== undefined) return cached;
  cached = null;
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) {
      cached = found.address;
      break;
    }
  }
  return cached;
}
