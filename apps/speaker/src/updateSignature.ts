import crypto from 'node:crypto';

/** The Ed25519 public key packages are signed with: base64 of its SPKI DER (as `npm run sign:speaker -- --new-key` prints it), or PEM. */
export function updatePublicKey(text: string): crypto.KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith('-----')
    ? crypto.createPublicKey(trimmed)
    : crypto.createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
}

/** Whether `signature` (base64, detached Ed25519) signs `bytes` with `key`. */
export function signatureMatches(bytes: Buffer, signature: string, key: crypto.KeyObject): boolean {
  const raw = Buffer.from(signature.trim(), 'base64');
  if (raw.length !== 64) return false;
  try {
    return crypto.verify(null, bytes, key, raw);
  } catch {
    return false;
  }
}

/** The Debian architecture of this machine (the package a box installs). */
export function debianArchitecture(arch: string = process.arch): string {
  return arch === 'x64' ? 'amd64' : arch;
}
