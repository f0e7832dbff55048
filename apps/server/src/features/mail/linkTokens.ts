import crypto from 'node:crypto';

/** A one-time token for a link in a mail; only its hash is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
