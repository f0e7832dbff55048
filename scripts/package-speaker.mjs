// `npm run package:speaker [-- --out DIR]`: the speaker agent as Debian packages,
// loa-speaker_<version>_amd64.deb and loa-speaker_<version>_arm64.deb (in dist/packages by default),
// built with dpkg-deb. Each holds:
//   /usr/lib/loa-speaker/loa-speaker.cjs   the agent and the `loa-speaker` command, bundled by esbuild
//                                          with every dependency (mqtt, ws, zod, @loa/contract) into one
//                                          CommonJS file for Debian's Node.js (bookworm: 18)
//   /usr/bin/loa-speaker                   runs it with /usr/bin/node
//   /lib/systemd/system/loa-speaker.service
//   /lib/systemd/system/loa-speaker-update.{path,service}   installs a signed update the agent asked for (root)
//   /usr/share/loa-speaker/update-key      the Ed25519 public key updates must be signed with
//                                          (LOA_UPDATE_PUBLIC_KEY when building; docs/operations.md)
//   /etc/loa/speaker.conf                  a conffile: an upgrade keeps the technician's changes
//   /usr/share/loa-speaker/test-sound.mp3  `loa-speaker test-sound`
//   /usr/share/doc/loa-speaker/copyright   Loa's and the bundled packages' licences
// The members are gzip-compressed: the server reads an uploaded package's control file with Node
// alone (features/updates/debPackage.ts). With LOA_UPDATE_PRIVATE_KEY (a PEM file) each package
// is also signed: <package>.deb.sig beside it (scripts/sign-speaker.mjs).
// The two packages hold the same JavaScript (nothing native is bundled); each names its
// architecture, as a box's apt expects. docs/architecture.md says why a .deb.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { Mp3Encoder } from '@breezystack/lamejs';
import { root } from './web-build.mjs';
import { signFile } from './sign-speaker.mjs';

/** The oldest Node.js the bundle runs on: Debian bookworm's (checked by the package tier). */
export const MIN_NODE = '18.19';
export const ARCHITECTURES = ['amd64', 'arm64'];
const speaker = path.join(root, 'apps/speaker');
const templates = path.join(root, 'deploy/debian');

/** A two-tone chime, 2 s (TEST_SOUND_SECONDS of boxCli.ts), mono 44.1 kHz, encoded by LAME. */
function testSound() {
  const rate = 44_100;
  const samples = new Int16Array(2 * rate);
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / rate;
    const frequency = t < 0.5 || (t >= 1 && t < 1.5) ? 880 : 660;
    const fade = Math.min(1, t * 20, (2 - t) * 20);
    samples[i] = Math.round(Math.sin(2 * Math.PI * frequency * t) * 9000 * fade);
  }
  const encoder = new Mp3Encoder(1, rate, 96);
  const chunks = [];
  for (let i = 0; i < samples.length; i += 1152) chunks.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  chunks.push(encoder.flush());
  return Buffer.concat(chunks.map((c) => Buffer.from(c)));
}

/** Loa's licence line and, for each npm package in the bundle, its name, version and licence. */
function copyright(metafile) {
  const packages = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (!match || packages.has(match[1])) continue;
    const manifest = JSON.parse(fs.readFileSync(path.join(root, input.slice(0, input.indexOf(match[1]) + match[1].length), 'package.json'), 'utf8'));
    packages.set(match[1], `${manifest.name} ${manifest.version}: ${manifest.license ?? 'see its package'}`);
  }
  return [
    'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
    'Upstream-Name: loa-speaker',
    '',
    'Files: *',
    'Copyright: the Loa authors',
    'License: see the Loa repository',
    '',
    'Bundled into /usr/lib/loa-speaker/loa-speaker.cjs (npm packages):',
    ...[...packages.values()].sort().map((line) => ` ${line}`),
    '',
  ].join('\n');
}

function write(file, content, mode = 0o644) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.chmodSync(file, mode);
}

function sizeKiB(dir) {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return Math.ceil(bytes / 1024);
}

function control(version, architecture, installedSize) {
  return [
    'Package: loa-speaker',
    `Version: ${version}`,
    `Architecture: ${architecture}`,
    'Maintainer: Loa <loa@example.vn>',
    `Installed-Size: ${installedSize}`,
    `Depends: nodejs (>= ${MIN_NODE}), mpg123, ca-certificates, passwd`,
    'Suggests: gpiod, modemmanager',
    'Section: sound',
    'Priority: optional',
    'Description: Loa speaker agent (cụm loa truyền thanh)',
    ' The speaker box of a Loa public-address system: connects to the Loa server over MQTT,',
    ' plays the bulletins it is sent through mpg123, switches the amplifier and reports its state.',
    ' `loa-speaker enrol --server URL --code XXXX-XXXX` registers the box with the server.',
    '',
  ].join('\n');
}

/** Builds the packages into `out`; returns their paths. */
export async function packageSpeaker(out = path.join(root, 'dist/packages'), { version: wanted, publicKey = process.env.LOA_UPDATE_PUBLIC_KEY, privateKey = process.env.LOA_UPDATE_PRIVATE_KEY } = {}) {
  // `version`: another version than package.json's (the package tier builds a newer one to update to).
  const version = wanted ?? JSON.parse(fs.readFileSync(path.join(speaker, 'package.json'), 'utf8')).version;
  const work = fs.mkdtempSync(path.join(out, '.build-'));
  try {
    const bundleDir = path.join(work, 'bundle');
    const result = await build({
      entryPoints: { 'loa-speaker': path.join(speaker, 'src/boxCli.ts') },
      // LOA_BUILT_AT: the earliest time the box believes a server's clock (apps/speaker/src/serverTls.ts).
      define: { __LOA_AGENT_VERSION__: JSON.stringify(version), LOA_BUILT_AT: String(Date.now()) },
      outdir: bundleDir,
      outExtension: { '.js': '.cjs' },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: `node${MIN_NODE}`,
      sourcemap: true,
      legalComments: 'none',
      logLevel: 'warning',
      metafile: true,
      // ws loads these native speed-ups only when present (inside a try): the box does without them.
      external: ['bufferutil', 'utf-8-validate'],
    });
    const tone = testSound();
    const built = [];
    for (const architecture of ARCHITECTURES) {
      const tree = path.join(work, architecture);
      write(path.join(tree, 'usr/lib/loa-speaker/loa-speaker.cjs'), fs.readFileSync(path.join(bundleDir, 'loa-speaker.cjs')));
      write(path.join(tree, 'usr/lib/loa-speaker/loa-speaker.cjs.map'), fs.readFileSync(path.join(bundleDir, 'loa-speaker.cjs.map')));
      write(path.join(tree, 'usr/bin/loa-speaker'), fs.readFileSync(path.join(templates, 'loa-speaker.sh')), 0o755);
      for (const unit of ['loa-speaker.service', 'loa-speaker-update.path', 'loa-speaker-update.service']) {
        write(path.join(tree, 'lib/systemd/system', unit), fs.readFileSync(path.join(templates, unit)));
      }
      if (publicKey) write(path.join(tree, 'usr/share/loa-speaker/update-key'), `${publicKey}\n`);
      write(path.join(tree, 'etc/loa/speaker.conf'), fs.readFileSync(path.join(templates, 'speaker.conf')));
      write(path.join(tree, 'usr/share/loa-speaker/test-sound.mp3'), tone);
      write(path.join(tree, 'usr/share/doc/loa-speaker/copyright'), copyright(result.metafile));
      const debian = path.join(tree, 'DEBIAN');
      write(path.join(debian, 'conffiles'), '/etc/loa/speaker.conf\n');
      for (const script of ['postinst', 'prerm', 'postrm']) write(path.join(debian, script), fs.readFileSync(path.join(templates, script)), 0o755);
      write(path.join(debian, 'control'), control(version, architecture, sizeKiB(tree)));
      const deb = path.join(out, `loa-speaker_${version}_${architecture}.deb`);
      const dpkg = spawnSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '--build', tree, deb], { encoding: 'utf8' });
      if (dpkg.status !== 0) throw new Error(`dpkg-deb failed for ${architecture}: ${dpkg.stderr || dpkg.error?.message}`);
      if (privateKey) signFile(deb, fs.readFileSync(privateKey, 'utf8'));
      built.push(deb);
    }
    return built;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, version: { type: 'string' } } });
  const out = path.resolve(values.out ?? path.join(root, 'dist/packages'));
  fs.mkdirSync(out, { recursive: true });
  const debs = await packageSpeaker(out, { version: values.version });
  console.log(`Đã đóng gói / built:\n${debs.map((d) => `  ${path.relative(process.cwd(), d)}`).join('\n')}`);
}
