import crypto from 'node:crypto';

/** Access token claims: user, login device, expiry (unix seconds). */
export interface AccessClaims {
  u: string;
  d: string;
  e: number;
}

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

/** Signs and verifies short-lived tokens (access tokens, upload addresses) with an HMAC secret kept in the database. */
export class TokenSigner {
  constructor(private readonly secret: string) {}

  sign(claims: AccessClaims): string {
    return this.signPayload(claims);
  }

  /** Returns the claims when the signature holds, whatever the expiry; null when forged or malformed. */
  verify(token: string | undefined): AccessClaims | null {
    const claims = this.verifyPayload(token) as Partial<AccessClaims> | null;
    return claims && typeof claims.u === 'string' && typeof claims.d === 'string' && typeof claims.e === 'number' ? (claims as AccessClaims) : null;
  }

  /** Signs any JSON payload; `purpose` keeps a token of one kind from being used as another. */
  signPayload(payload: object, purpose = 'access'): string {
    const body = b64(JSON.stringify(payload));
    return `${body}.${this.mac(`${purpose}:${body}`)}`;
  }

  verifyPayload(token: string | undefined, purpose = 'access'): Record<string, unknown> | null {
    if (!token) return null;
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.mac(`${purpose}:${body}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
      return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  private mac(text: string): string {
    return crypto.createHmac('sha256', this.secret).update(text).digest('base64url');
  }
}

/** A refresh token names its login device and carries a random part stored only as a hash. */
export function newRefreshToken(deviceId: string): { token: string; hash: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { token: `${deviceId}.${secret}`, hash: sha256(secret) };
}

export function parseRefreshToken(token: string | undefined): { deviceId: string; hash: string } | null {
  if (!token) return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  return { deviceId: token.slice(0, dot), hash: sha256(token.slice(dot + 1)) };
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * Whether `proof` is a device's signature of `text` (an audio address it asks for): HMAC-SHA256
 * keyed by `secretHash`, the sha256 of its secret, which the server keeps, so the secret itself
 * never travels in an address (docs/device-protocol.md "Audio addresses").
 */
export function deviceProofHolds(secretHash: string, text: string, proof: string): boolean {
  return constantTimeEqual(crypto.createHmac('sha256', secretHash).update(text).digest('base64url'), proof);
}
