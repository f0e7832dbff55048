import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLMENT_MESSAGES, SOURCE_KINDS } from '@loa/contract';
import { compareAudio, decodeMp3, durationOf, endAsLongAs, readWav } from '../../../speaker/src/testing/audioCheck';
import { makeTestCa } from '../../../speaker/src/testing/testCertificates';
import { makeMp3 } from '../../test/audio';
import { makeDebianRoot, type DebianRoot } from '../../test/debianRoot';
import { broadcastForm, eventually, signedInAdmin, startTestServer, type TestClient, type TestServer } from '../../test/helpers';
import { uploadPackage } from '../../test/updates';

// Issue #31, part 1: the speaker agent as a Debian package that a technician installs with apt.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'apps/speaker/package.json'), 'utf8')) as { version: string };
let out: string;
const deb = (arch: string, v = version) => path.join(out, `loa-speaker_${v}_${arch}.deb`);
/** The version a remote update takes the installed box to (issue #31, part 3). */
const next = `${version}.1`;
/** The signing key pair of updates: both packages carry the public key and are signed. */
const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
const updateKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
/**
 * What a box played of a 3 s bulletin (its WAV): in step with the server's clock, a box whose
 * amplifier hook or command came late starts that far in, so what it heard is the source's end.
 */
async function expectSourceEnd(wav: string, source: Buffer, output: string): Promise<void> {
  const heard = await readWav(wav);
  expect(durationOf(heard), output).toBeGreaterThan(2);
  expect(compareAudio(heard, endAsLongAs(await decodeMp3(source), heard)), output).toMatchObject({ durationOk: true, matchOk: true });
}

const dpkgDeb = (...args: string[]) => {
  const result = spawnSync('dpkg-deb', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`dpkg-deb ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
};

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-packages-'));
  const keyFile = path.join(out, 'update-signing.key');
  fs.writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  const env = { ...process.env, LOA_UPDATE_PUBLIC_KEY: updateKey, LOA_UPDATE_PRIVATE_KEY: keyFile };
  for (const extra of [[], ['--version', next]]) {
    const built = spawnSync('npm', ['run', '--silent', 'package:speaker', '--', '--out', out, ...extra], { cwd: root, encoding: 'utf8', env });
    if (built.status !== 0) throw new Error(`npm run package:speaker failed:\n${built.stdout}\n${built.stderr}`);
  }
});
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('npm run package:speaker', () => {
  it('builds amd64 and arm64 packages holding the bundled agent, the systemd unit, the configuration and the loa-speaker command', () => {
    for (const arch of ['amd64', 'arm64']) {
      expect(dpkgDeb('-f', deb(arch), 'Package', 'Version', 'Architecture')).toBe(`Package: loa-speaker\nVersion: ${version}\nArchitecture: ${arch}\n`);
      // Debian's own Node.js (bookworm has 18) and mpg123.
      expect(dpkgDeb('-f', deb(arch), 'Depends')).toMatch(/^nodejs \(>= 18\.\d+\), mpg123\b/);
      const files = dpkgDeb('-c', deb(arch)).split('\n').map((line) => line.split(/\s+/).slice(5).join(' ')).filter(Boolean);
      expect(files).toEqual(expect.arrayContaining([
        './usr/bin/loa-speaker', './usr/lib/loa-speaker/loa-speaker.cjs', './lib/systemd/system/loa-speaker.service',
        './etc/loa/speaker.conf', './usr/share/loa-speaker/test-sound.mp3', './usr/share/doc/loa-speaker/copyright',
        './lib/systemd/system/loa-speaker-update.path', './lib/systemd/system/loa-speaker-update.service', './usr/share/loa-speaker/update-key',
      ]));
      // Signed by package:speaker (LOA_UPDATE_PRIVATE_KEY): the signature beside it matches the key inside it.
      expect(crypto.verify(null, fs.readFileSync(deb(arch)), publicKey, Buffer.from(fs.readFileSync(`${deb(arch)}.sig`, 'utf8'), 'base64'))).toBe(true);
      // The configuration is a conffile: an upgrade keeps what the technician changed.
      const control = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-control-'));
      try {
        dpkgDeb('-e', deb(arch), control);
        expect(fs.readFileSync(path.join(control, 'conffiles'), 'utf8')).toBe('/etc/loa/speaker.conf\n');
        expect(fs.statSync(path.join(control, 'postinst')).mode & 0o111).not.toBe(0);
      } finally {
        fs.rmSync(control, { recursive: true, force: true });
      }
    }
    // One file with every dependency: the box has no node_modules, only Node's own modules.
    const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-unpacked-'));
    try {
      dpkgDeb('-x', deb('amd64'), unpacked);
      const bundle = fs.readFileSync(path.join(unpacked, 'usr/lib/loa-speaker/loa-speaker.cjs'), 'utf8');
      const required = new Set([...bundle.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]));
      const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
      // ws's optional native speed-ups, loaded inside a try.
      expect([...required].filter((m) => !builtins.has(m) && m !== 'bufferutil' && m !== 'utf-8-validate')).toEqual([]);
      const unit = fs.readFileSync(path.join(unpacked, 'lib/systemd/system/loa-speaker.service'), 'utf8');
      expect(unit).toContain('ExecStart=/usr/bin/loa-speaker run');
      expect(unit).toContain('User=loa-speaker');
    } finally {
      fs.rmSync(unpacked, { recursive: true, force: true });
    }
  });
});

describe('the amd64 package on a fresh Debian bookworm root', () => {
  let debian: DebianRoot;
  let server: TestServer;
  /** Left by the first test for the update: the officer's console, the enrolled box and its running agent. */
  let client: TestClient;
  let deviceId: string;
  let areas: Awaited<ReturnType<typeof signedInAdmin>>['areas'];
  let agent: ReturnType<DebianRoot['start']>;
  /** A failed wait, with what the running box printed (CI keeps nothing else of it). */
  const withAgentOutput = (error: Error): never => {
    throw new Error(`${error.message}\n${agent.output()}`);
  };

  beforeAll(async () => {
    // The longest lead the server allows: Node 18 starting in a chroot on a busy CI machine is slow to
    // take its first command, and a late start would cut the bulletin's beginning.
    [debian, server] = await Promise.all([makeDebianRoot(), startTestServer({ PLAY_LEAD_MS: 3000, LOA_UPDATE_PUBLIC_KEY: updateKey, UPDATE_DISPATCH_MS: 500 })]);
  });
  afterAll(async () => {
    await Promise.all([debian?.remove(), server?.close()]);
  });

  it('installs with apt (Node.js 18 and mpg123 of Debian), and the installed agent plays a bulletin of a real server', async () => {
    fs.copyFileSync(deb('amd64'), path.join(debian.dir, 'tmp/loa-speaker.deb'));
    const update = await debian.run(['apt-get', 'update', '-qq']);
    expect(update.code, update.output).toBe(0);
    const install = await debian.run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', '/tmp/loa-speaker.deb']);
    expect(install.code, install.output).toBe(0);
    // Bookworm's Node.js, not the machine's.
    const node = await debian.run(['node', '--version']);
    expect(node.output).toMatch(/^v18\./);

    // The service's user, its state folder and the command.
    const status = await debian.run(['loa-speaker', 'status']);
    expect(status.code, status.output).toBe(0);
    expect(status.output).toContain(`Phiên bản / version                  ${version}`);
    expect(status.output).toContain('chưa đăng ký / not enrolled');
    const stateDir = path.join(debian.dir, 'var/lib/loa-speaker');
    expect(fs.statSync(stateDir).mode & 0o777).toBe(0o700);

    // The test sound, written to a WAV instead of the sound card (this machine has none).
    fs.appendFileSync(path.join(debian.dir, 'etc/loa/speaker.conf'), 'output_dir = /var/lib/loa-speaker/wav\n');
    const tone = await debian.run(['loa-speaker', 'test-sound'], { user: 'loa-speaker' });
    expect(tone.code, tone.output).toBe(0);
    const heardTone = await readWav(path.join(stateDir, 'wav/test-sound-0.wav'));
    expect(compareAudio(heardTone, await decodeMp3(fs.readFileSync(path.join(debian.dir, 'usr/share/loa-speaker/test-sound.mp3'))))).toMatchObject({ durationOk: true, matchOk: true });
    fs.rmSync(path.join(stateDir, 'wav'), { recursive: true });

    // Enrolment: the officer makes a code for the commune; the technician types it on the box.
    const admin = await signedInAdmin(server);
    areas = admin.areas;
    client = admin.client;
    const made = await client.post('/v1/client/thietbi/madangky/themmoi', { diaban: areas.communeA, soluong: 1, hieulucgio: 2 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // What systemd writes on a box's first boot (a debootstrap root has none).
    const machineId = crypto.randomBytes(16).toString('hex');
    fs.writeFileSync(path.join(debian.dir, 'etc/machine-id'), `${machineId}\n`);
    const enrolled = await debian.run(['loa-speaker', 'enrol', '--server', server.url, '--code', made.body.data.ma]);
    expect(enrolled.code, enrolled.output).toBe(0);
    const credentials = path.join(stateDir, 'device.json');
    const stored = JSON.parse(fs.readFileSync(credentials, 'utf8')) as { deviceId: string; secret: string };
    // Kept for the service's user alone, and never shown.
    expect(fs.statSync(credentials).mode & 0o777).toBe(0o600);
    expect(fs.statSync(credentials).uid).toBe(fs.statSync(stateDir).uid);
    expect(enrolled.output).not.toContain(stored.secret);
    expect(enrolled.output).not.toContain(stored.deviceId);
    deviceId = stored.deviceId;
    // The code is used up: a second box with it is refused.
    const again = await debian.run(['loa-speaker', 'enrol', '--force', '--server', server.url, '--code', made.body.data.ma]);
    expect(again.code).toBe(1);
    expect(again.output).toContain(ENROLMENT_MESSAGES.refused);

    // The amplifier's hooks: commands that write when they ran (a box's would be gpioset).
    const amplifierLog = path.join(stateDir, 'amplifier.log');
    fs.appendFileSync(path.join(debian.dir, 'etc/loa/speaker.conf'), [
      'amplifier_on = echo "on $(date +%s%3N)" >> /var/lib/loa-speaker/amplifier.log',
      'amplifier_off = echo "off $(date +%s%3N)" >> /var/lib/loa-speaker/amplifier.log',
      'amplifier_lead_ms = 200', 'amplifier_off_delay_ms = 1500', '',
    ].join('\n'));

    // What the systemd unit runs, as the unit's user (a chroot has no systemd).
    agent = debian.start(['loa-speaker', 'run'], { user: 'loa-speaker' });
    // Waiting to be assigned, it is listed by chogan (not among the devices) and seen online there.
    await eventually(async () => {
      const res = await client.get('/v1/client/thietbi/chogan');
      return (res.body.data as { _id: string; online: boolean }[]).find((d) => d._id === deviceId && d.online);
    }, 60_000, 200).catch(withAgentOutput);
    const [pending] = (await client.get('/v1/client/thietbi/chogan')).body.data as { _id: string; phancung: { machineId: string } }[];
    expect(pending).toMatchObject({ _id: deviceId, phancung: { machineId } });
    const confirmed = await client.post('/v1/client/thietbi/xacnhan', { id: deviceId, tenthietbi: 'Loa gói Debian', diaban: areas.communeA, vido: 21.02, kinhdo: 105.83 });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // Its clock follows the server's (it starts a bulletin at the server's time).
    await eventually(() => agent.output().includes('đồng bộ đồng hồ / clock synchronised'), 60_000, 200);

    const source = makeMp3(3, 128, 523);
    const res = await client.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Bản tin thử gói Debian', loaibantin: 2, uutien: 1, diabanchon: [areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
      [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: 'ban-tin.mp3', url: 'x-ban-tin.mp3', duration: 3 }] }],
      [{ name: 'ban-tin.mp3', data: source }],
    ));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = res.body.data.idlichphat as string;
    const wav = path.join(stateDir, `wav/${sessionId}-0.wav`);
    await eventually(() => fs.existsSync(wav), 60_000, 200).catch(withAgentOutput);
    // The bulletin, in step with the server's clock: the amplifier's lead passes within PLAY_LEAD_MS,
    // and if its hook was slow the box starts that much further in, so what it heard is the source's
    // end (on this busy machine a hook in a chroot may take a while).
    await expectSourceEnd(wav, source, agent.output());
    // On before the bulletin, off after it: once each, in that order.
    const switched = await eventually(() => {
      const lines = fs.existsSync(amplifierLog) ? fs.readFileSync(amplifierLog, 'utf8').trim().split('\n') : [];
      return lines.length === 2 ? lines.map((l) => l.split(' ')) : null;
    }, 30_000, 200);
    expect(switched.map(([word]) => word)).toEqual(['on', 'off']);
    expect(Number(switched[1][1]) - Number(switched[0][1])).toBeGreaterThanOrEqual(2000 + 1500);
  });

  it('takes a signed update to a newer version from a rollout, installs it with dpkg as root, restarts and reports it', async () => {
    expect(agent, 'the first test left a running box').toBeDefined();
    for (const v of [version, next]) {
      const bytes = fs.readFileSync(deb('amd64', v));
      const uploaded = await uploadPackage(client, bytes, fs.readFileSync(`${deb('amd64', v)}.sig`, 'utf8'));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    }
    const stateDir = path.join(debian.dir, 'var/lib/loa-speaker');
    const request = path.join(stateDir, 'updates/install.request');
    const created = await client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: next, giaidoan: [{ thietbi: [deviceId] }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // What loa-speaker-update.path does on a box (a chroot has no systemd): the request starts the root installer.
    await eventually(() => fs.existsSync(request), 120_000, 200).catch(withAgentOutput);
    const installed = await debian.run(['loa-speaker', 'install-update']);
    expect(installed.code, installed.output).toBe(0);
    // The agent ends to be restarted onto the new version; systemd's Restart= starts it again.
    await eventually(() => agent.child.exitCode !== null, 60_000, 200).catch(withAgentOutput);
    const dpkg = await debian.run(['dpkg-query', '-W', '-f', '${Version}', 'loa-speaker']);
    expect(dpkg.output).toBe(next);
    agent = debian.start(['loa-speaker', 'run'], { user: 'loa-speaker' });
    const done = await eventually(async () => {
      const list = (await client.get('/v1/client/capnhat/trienkhai/danhsach')).body.data as { trangthai: string; dem: { xong: number } }[];
      return list[0]?.trangthai === 'hoantat' ? list[0] : null;
    }, 120_000, 500).catch(withAgentOutput);
    expect(done.dem.xong).toBe(1);
    expect(server.app.gateway.liveOf(deviceId)?.firmware).toBe(`loa-speaker/${next}`);
    // The package it came from is kept to go back to.
    expect(fs.existsSync(path.join(stateDir, 'updates/kept.deb'))).toBe(true);
    agent.child.kill('SIGTERM');
    await eventually(() => agent.child.exitCode !== null || agent.child.signalCode !== null, 30_000, 200);
  });

  it('puts the previous version back, as root, when a signed new version cannot even start', async () => {
    expect(agent, 'the update test left a box on the new version').toBeDefined();
    // A version whose agent dies at once: signed by the same key, so only running it tells.
    const brokenVersion = `${version}.2`;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-broken-'));
    const broken = path.join(work, `loa-speaker_${brokenVersion}_amd64.deb`);
    try {
      dpkgDeb('-R', deb('amd64', next), path.join(work, 'tree'));
      const control = path.join(work, 'tree/DEBIAN/control');
      fs.writeFileSync(control, fs.readFileSync(control, 'utf8').replace(`Version: ${next}`, `Version: ${brokenVersion}`));
      fs.writeFileSync(path.join(work, 'tree/usr/lib/loa-speaker/loa-speaker.cjs'), 'throw new Error("bản hỏng: không khởi động được");\n');
      dpkgDeb('--root-owner-group', '-Zgzip', '--build', path.join(work, 'tree'), broken);
      const bytes = fs.readFileSync(broken);
      const uploaded = await uploadPackage(client, bytes, crypto.sign(null, bytes, privateKey).toString('base64'));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
    const stateDir = path.join(debian.dir, 'var/lib/loa-speaker');
    const request = path.join(stateDir, 'updates/install.request');
    agent = debian.start(['loa-speaker', 'run'], { user: 'loa-speaker' });
    const created = await client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: brokenVersion, giaidoan: [{ thietbi: [deviceId] }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await eventually(() => fs.existsSync(request), 120_000, 200).catch(withAgentOutput);
    const installed = await debian.run(['loa-speaker', 'install-update']);
    expect(installed.code, installed.output).toBe(0);
    // Root wrote its way back (systemd's timer would run it; a chroot has none).
    expect(installed.output).toContain('rollback check written');
    await eventually(() => agent.child.exitCode !== null, 60_000, 200);
    expect((await debian.run(['dpkg-query', '-W', '-f', '${Version}', 'loa-speaker'])).output).toBe(brokenVersion);
    // The new version cannot start: what systemd would restart dies at once, every time.
    const started = await debian.run(['loa-speaker', 'run'], { user: 'loa-speaker' });
    expect(started.code).not.toBe(0);
    expect(started.output).toContain('bản hỏng');

    // The timer fires: the previous version goes back on, and, started, reports that it went back.
    const rolledBack = await debian.run(['/bin/sh', '/var/lib/loa-speaker-rollback/rollback.sh']);
    expect(rolledBack.code, rolledBack.output).toBe(0);
    expect((await debian.run(['dpkg-query', '-W', '-f', '${Version}', 'loa-speaker'])).output).toBe(next);
    agent = debian.start(['loa-speaker', 'run'], { user: 'loa-speaker' });
    // The rollout shows the box back on its version, and why.
    const settled = await eventually(async () => {
      const [row] = await server.db.query<{ state: string; message: string }>(
        'SELECT d.state, d.message FROM agent_rollout_devices d JOIN agent_rollouts r ON r.id = d.rollout_id WHERE d.device_id = $1 AND r.version = $2', [deviceId, brokenVersion]);
      return row?.state === 'tuquaylai' ? row : null;
    }, 120_000, 500).catch(withAgentOutput);
    expect(settled.message).toBe(`phiên bản ${brokenVersion} không khởi động được hoặc không kết nối lại được trong 5 phút: đã quay về ${next}`);
    expect(server.app.gateway.liveOf(deviceId)?.firmware).toBe(`loa-speaker/${next}`);
    // The check does nothing a second time: the update is settled.
    const again = await debian.run(['/bin/sh', '/var/lib/loa-speaker-rollback/rollback.sh']);
    expect(again.code).toBe(0);
    expect((await debian.run(['dpkg-query', '-W', '-f', '${Version}', 'loa-speaker'])).output).toBe(next);
    agent.child.kill('SIGTERM');
    await eventually(() => agent.child.exitCode !== null || agent.child.signalCode !== null, 30_000, 200);
  });

  it('enrols and plays over TLS on a box whose clock reads three years early (the certificate checked at the server\'s time)', async () => {
    expect(client, 'the first test left a signed-in officer').toBeDefined();
    // The server behind TLS, as a deployment runs it (its own authority here: a box trusts it
    // through NODE_EXTRA_CA_CERTS, docs/operations.md), its certificate valid now and for a year.
    const ca = makeTestCa();
    const proxy = tls.createServer({ ...ca.issue(['loa.huyen.test'], new Date(Date.now() - 3600_000), new Date(Date.now() + 365 * 86_400_000)) }, (socket) => {
      const upstream = net.connect(Number(new URL(server.url).port), '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    // The server by its name, as a box knows it (the root's /etc/hosts stands for the district's DNS).
    const httpsUrl = `https://loa.huyen.test:${(proxy.address() as net.AddressInfo).port}`;
    try {
      const faketime = await debian.run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'faketime']);
      expect(faketime.code, faketime.output).toBe(0);
      fs.writeFileSync(path.join(debian.dir, 'usr/local/share/loa-ca.crt'), ca.cert);
      fs.appendFileSync(path.join(debian.dir, 'etc/hosts'), '127.0.0.1 loa.huyen.test\n');
      // A box whose clock was reset: everything it runs reads the time three years early (OpenSSL's
      // certificate check included), as libfaketime makes it (set inside the root, not for chroot itself).
      const onBox = (args: string[]) => [
        'env', 'NODE_EXTRA_CA_CERTS=/usr/local/share/loa-ca.crt', 'LD_PRELOAD=/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
        'FAKETIME=-1095d', 'FAKETIME_DONT_FAKE_MONOTONIC=1', 'FAKETIME_NO_CACHE=1', ...args,
      ];
      const date = await debian.run(onBox(['date', '+%Y']));
      expect(Number(date.output.trim()), date.output).toBe(new Date().getUTCFullYear() - 3);

      const made = await client.post('/v1/client/thietbi/madangky/themmoi', { diaban: areas.communeB, soluong: 1, hieulucgio: 2 });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const machineId = crypto.randomBytes(16).toString('hex');
      fs.writeFileSync(path.join(debian.dir, 'etc/machine-id'), `${machineId}\n`);
      const enrolled = await debian.run(onBox(['loa-speaker', 'enrol', '--force', '--server', httpsUrl, '--code', made.body.data.ma]));
      expect(enrolled.code, enrolled.output).toBe(0);
      const stored = JSON.parse(fs.readFileSync(path.join(debian.dir, 'var/lib/loa-speaker/device.json'), 'utf8')) as { deviceId: string; server: string };
      expect(stored.server).toBe(httpsUrl);

      agent = debian.start(onBox(['loa-speaker', 'run']), { user: 'loa-speaker' });
      const pending = await eventually(async () => {
        const res = await client.get('/v1/client/thietbi/chogan');
        return (res.body.data as { _id: string; online: boolean }[]).find((d) => d._id === stored.deviceId && d.online);
      }, 60_000, 200).catch(withAgentOutput);
      const confirmed = await client.post('/v1/client/thietbi/xacnhan', { id: pending._id, tenthietbi: 'Loa đồng hồ sai', diaban: areas.communeB, vido: 21.03, kinhdo: 105.84 });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      await eventually(() => agent.output().includes('đồng bộ đồng hồ / clock synchronised'), 60_000, 200).catch(withAgentOutput);

      // A bulletin plays on it at the server's time, its audio fetched over TLS too.
      const source = makeMp3(3, 128, 659);
      const res = await client.post('/v1/client/phatngay/phatngay', broadcastForm(
        { tieude: 'Bản tin hộp sai giờ', loaibantin: 2, uutien: 1, diabanchon: [areas.communeB], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 },
        [{ kieunguon: SOURCE_KINDS.file, thoigianBatdau: 3, files: [{ fileName: 'gio-sai.mp3', url: 'x-gio-sai.mp3', duration: 3 }] }],
        [{ name: 'gio-sai.mp3', data: source }],
      ));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const wav = path.join(debian.dir, `var/lib/loa-speaker/wav/${res.body.data.idlichphat as string}-0.wav`);
      await eventually(() => fs.existsSync(wav), 60_000, 200).catch(withAgentOutput);
      await expectSourceEnd(wav, source, agent.output());
    } finally {
      agent?.child.kill('SIGTERM');
      proxy.close();
      ca.remove();
    }
  });
});
