import crypto from 'node:crypto';

/**
 * Signs an audio address the speaker asks its server for (docs/device-protocol.md "Audio
 * addresses"): `d` its id, `p` the HMAC-SHA256 of the address's token (or, for a file of its plan,
 * of the file's key) keyed by the sha256 of its secret. The secret never appears in an address
 * (which mpg123 and any proxy may show), and a proof is good for that one address only.
 * Addresses elsewhere (a relay, another host) and live voice are left as they are.
 */
export function withDeviceProof(url: string, server: string | undefined, deviceId: string, secret: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!server || parsed.origin !== new URL(server).origin) return url;
  if (!parsed.pathname.startsWith('/media/') || parsed.pathname.startsWith('/media/live/')) return url;
  const token = parsed.searchParams.get('t');
  const signed = token ?? decodeURIComponent(parsed.pathname.slice('/media/'.length));
  const key = crypto.createHash('sha256').update(secret).digest('hex');
  parsed.searchParams.set('d', deviceId);
  parsed.searchParams.set('p', crypto.createHmac('sha256', key).update(signed).digest('base64url'));
  return parsed.toString();
}

/** An item address without its query (a signed address names the same file as the plan's plain one). */
export const withoutQuery = (url: string): string => url.split('?')[0];
