import { describe, expect, it } from 'vitest';
import { TokenSigner, newRefreshToken, parseRefreshToken } from './tokens';
import { hashPassword, verifyPassword } from './password';
import { deviceNameFromUserAgent } from './userAgent';

describe('access tokens', () => {
  const signer = new TokenSigner('secret-one');
  it('verifies what it signed and refuses a forged or tampered token', () => {
    const token = signer.sign({ u: 'user', d: 'device', e: 123 });
    expect(signer.verify(token)).toEqual({ u: 'user', d: 'device', e: 123 });
    expect(new TokenSigner('secret-two').verify(token)).toBeNull();
    const [body, mac] = token.split('.');
    const tampered = Buffer.from(JSON.stringify({ u: 'admin', d: 'device', e: 123 })).toString('base64url');
    expect(signer.verify(`${tampered}.${mac}`)).toBeNull();
    expect(signer.verify(`${body}`)).toBeNull();
    expect(signer.verify(undefined)).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('carry their login device and are stored only as a hash', () => {
    const { token, hash } = newRefreshToken('dev-1');
    expect(token.startsWith('dev-1.')).toBe(true);
    expect(token).not.toContain(hash);
    expect(parseRefreshToken(token)).toEqual({ deviceId: 'dev-1', hash });
    expect(parseRefreshToken('garbage')).toBeNull();
  });
});

describe('password hashing', () => {
  it('accepts the right password and refuses another, with a fresh salt each time', async () => {
    const a = await hashPassword('mật khẩu đúng');
    const b = await hashPassword('mật khẩu đúng');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$/);
    expect(await verifyPassword('mật khẩu đúng', a)).toBe(true);
    expect(await verifyPassword('mat khau sai', a)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});

describe('login device names', () => {
  it('reads browser and system from the user agent', () => {
    expect(deviceNameFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36')).toBe('Chrome 139 trên Windows 10');
    expect(deviceNameFromUserAgent(undefined)).toBe('Thiết bị không xác định');
  });
});
