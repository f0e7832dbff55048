import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A certificate authority made with Debian's openssl, and server certificates it signs (tests only). */
export interface TestCa {
  /** The authority's certificate (PEM). */
  cert: string;
  /** A key and certificate for `names` (DNS names or IP addresses), valid from `from` to `to`. */
  issue(names: string[], from: Date, to: Date): { key: string; cert: string };
  remove(): void;
}

const asn1 = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/** A new authority valid from `from` to `to` (its own validity, besides the certificates'). */
export function makeTestCa(name = 'Loa Test CA', days = 3650): TestCa {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-ca-'));
  const file = (f: string) => path.join(dir, f);
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  fs.writeFileSync(file('index.txt'), '');
  fs.writeFileSync(file('serial'), '1000\n');
  // `openssl ca` rather than `x509 -req`: only it takes a start date (a certificate not valid yet).
  fs.writeFileSync(file('ca.cnf'), [
    '[ca]', 'default_ca = own', '[own]', `dir = ${dir}`, `database = ${file('index.txt')}`, `new_certs_dir = ${dir}`,
    `serial = ${file('serial')}`, 'default_md = sha256', 'policy = any', 'copy_extensions = copy', 'unique_subject = no',
    '[any]', 'commonName = supplied', '',
  ].join('\n'));
  openssl(['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt',
    '-subj', `/CN=${name}`, '-days', String(days), '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  let n = 0;
  return {
    cert: fs.readFileSync(file('ca.crt'), 'utf8'),
    issue(names, from, to) {
      n += 1;
      const san = names.map((x) => (/^[\d.]+$|:/.test(x) ? `IP:${x}` : `DNS:${x}`)).join(',');
      openssl(['req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `s${n}.key`, '-out', `s${n}.csr`,
        '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${san}`]);
      openssl(['ca', '-batch', '-config', 'ca.cnf', '-cert', 'ca.crt', '-keyfile', 'ca.key', '-in', `s${n}.csr`, '-out', `s${n}.crt`,
        '-startdate', asn1(from), '-enddate', asn1(to), '-notext']);
      return { key: fs.readFileSync(file(`s${n}.key`), 'utf8'), cert: fs.readFileSync(file(`s${n}.crt`), 'utf8') };
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
