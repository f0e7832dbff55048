// `npm run sign:speaker`: the signing of agent packages for remote updates (issue #31,
// docs/operations.md "Updating boxes"). Ed25519 through node:crypto, detached signatures.
//   npm run sign:speaker -- --new-key DIR      makes a key pair: DIR/update-signing.key (private,
//                                              PEM, mode 0600: keep it off the server) and prints
//                                              the public key for LOA_UPDATE_PUBLIC_KEY
//   npm run sign:speaker -- --key FILE DEB...  writes DEB.sig (base64) beside each package
// `npm run package:speaker` signs what it builds when LOA_UPDATE_PRIVATE_KEY names the key file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The public key as LOA_UPDATE_PUBLIC_KEY and update_public_key take it: base64 of its SPKI DER. */
export function publicKeyText(privatePem) {
  return crypto.createPublicKey(privatePem).export({ format: 'der', type: 'spki' }).toString('base64');
}

/** Signs a file with the private key (PEM): writes `<file>.sig` (base64) and returns the signature. */
export function signFile(file, privatePem) {
  const signature = crypto.sign(null, fs.readFileSync(file), crypto.createPrivateKey(privatePem)).toString('base64');
  fs.writeFileSync(`${file}.sig`, `${signature}\n`);
  return signature;
}

/** Makes a key pair in `dir`; returns the private key's path and the public key's text. */
export function newKeyPair(dir) {
  const { privateKey } = crypto.generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'update-signing.key');
  fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
  return { file, publicKey: publicKeyText(pem) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'new-key': { type: 'string' }, key: { type: 'string' } } });
  if (values['new-key']) {
    const { file, publicKey } = newKeyPair(values['new-key']);
    console.log(`Khoá bí mật / private key: ${file} (giữ kín, không đặt trên máy chủ / keep it off the server)`);
    console.log(`LOA_UPDATE_PUBLIC_KEY=${publicKey}`);
  } else if (values.key && positionals.length > 0) {
    const pem = fs.readFileSync(values.key, 'utf8');
    for (const deb of positionals) {
      signFile(deb, pem);
      console.log(`Đã ký / signed: ${deb}.sig`);
    }
    console.log(`LOA_UPDATE_PUBLIC_KEY=${publicKeyText(pem)}`);
  } else {
    console.error('npm run sign:speaker -- --new-key DIR | --key FILE DEB...');
    process.exit(2);
  }
}
