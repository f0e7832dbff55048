import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Rollout } from '@loa/contract';
import { SilentPlayer, SpeakerAgent } from '@loa/speaker';
import { startTestServer, type TestClient, type TestServer } from './helpers';

/** Temporary folders made here; removeUpdateScratch() removes them. */
const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

export function removeUpdateScratch(): void {
  for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** An Ed25519 key pair as the operations guide makes it: the public key as LOA_UPDATE_PUBLIC_KEY takes it, and a signer. */
export function signingKeys(): { publicKey: string; sign: (bytes: Buffer) => string } {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    sign: (bytes) => crypto.sign(null, bytes, privateKey).toString('base64'),
  };
}

/** A real Debian package built by dpkg-deb (gzip members, as npm run package:speaker builds them). */
export function buildDeb(version: string, opts: { name?: string; architecture?: string } = {}): Buffer {
  const dir = tempDir('loa-deb-');
  const tree = path.join(dir, 'tree');
  fs.mkdirSync(path.join(tree, 'DEBIAN'), { recursive: true });
  fs.mkdirSync(path.join(tree, 'usr/share/loa-test'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'usr/share/loa-test/version'), `${version}\n`);
  fs.writeFileSync(path.join(tree, 'DEBIAN/control'), [
    `Package: ${opts.name ?? 'loa-speaker'}`, `Version: ${version}`, `Architecture: ${opts.architecture ?? 'amd64'}`,
    'Maintainer: Loa <loa@example.vn>', 'Description: test package', '',
  ].join('\n'));
  const deb = path.join(dir, 'out.deb');
  const built = spawnSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '--build', tree, deb], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`dpkg-deb: ${built.stderr}`);
  return fs.readFileSync(deb);
}

/** Uploads a package through the console's route. */
export function uploadPackage(client: TestClient, deb: Buffer, signature: string | null, name = 'loa-speaker.deb') {
  const form = new FormData();
  form.append('tep', new Blob([new Uint8Array(deb)], { type: 'application/vnd.debian.binary-package' }), name);
  if (signature !== null) form.append('chuky', signature);
  return client.request('POST', '/v1/client/capnhat/goi/tailen', form);
}

/**
 * A speaker box that updates itself: a real agent whose installer is a fake (it writes the
 * installed package's version, read by dpkg-deb, to a file) and whose restart starts a new agent
 * of that version, as systemd would. Versions in `unreachable` cannot reach the broker (a broken
 * build), so the box goes back by itself after `confirmMs`.
 */
export class UpdatingBox {
  agent!: SpeakerAgent;
  /** Versions the box ran, in order. */
  readonly runs: string[] = [];
  readonly dir = tempDir('loa-box-');
  private readonly versionFile = path.join(this.dir, 'installed-version');
  private readonly installer = path.join(this.dir, 'fake-dpkg.sh');
  private stopped = false;

  constructor(
    private readonly server: TestServer,
    readonly deviceId: string,
    readonly secret: string,
    private readonly opts: { publicKey: string; confirmMs?: number; unreachable?: Set<string> },
  ) {
    fs.writeFileSync(this.installer, '#!/bin/sh\nset -e\ndpkg-deb -f "$2" Version > "$1"\n');
  }

  get version(): string {
    return this.runs.at(-1) ?? '';
  }

  async start(version: string): Promise<void> {
    this.runs.push(version);
    const reachable = !this.opts.unreachable?.has(version);
    const agent = new SpeakerAgent({
      mqttUrl: reachable ? `mqtt://127.0.0.1:${this.server.app.broker.tcpPort}` : 'mqtt://127.0.0.1:1',
      deviceId: this.deviceId, secret: this.secret, player: new SilentPlayer({ fetchAudio: false }), audioBaseUrl: this.server.url,
      firmware: `loa-speaker/${version}`, reconnectBaseMs: 200,
      updates: {
        dir: path.join(this.dir, 'updates'), publicKey: this.opts.publicKey, architecture: 'amd64', confirmMs: this.opts.confirmMs ?? 60_000,
        installCommand: ['sh', this.installer, this.versionFile],
        restart: () => void setImmediate(() => void this.restart()),
      },
    });
    this.agent = agent;
    if (reachable) await agent.start();
    else void agent.start().catch(() => undefined);
  }

  /** What systemd does after the installer: the running agent ends, the installed version starts. */
  private async restart(): Promise<void> {
    await this.agent.stop();
    if (this.stopped) return;
    await this.start(fs.readFileSync(this.versionFile, 'utf8').trim());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.agent?.stop().catch(() => undefined);
  }
}

/** Adds a device through the API, as an UpdatingBox not started yet. */
export async function addUpdatingBox(server: TestServer, client: TestClient, areaId: string, opts: ConstructorParameters<typeof UpdatingBox>[3]) {
  const res = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa ${crypto.randomBytes(3).toString('hex')}`, diaban: areaId, serial: `UP-${crypto.randomBytes(6).toString('hex')}` });
  if (res.status !== 200) throw new Error(`could not add a device: ${res.body.message}`);
  return new UpdatingBox(server, res.body.data.thietbi._id, res.body.data.secret, opts);
}

/** Adds a device through the API and runs it as an UpdatingBox of `version`. */
export async function startUpdatingBox(server: TestServer, client: TestClient, areaId: string, version: string, opts: ConstructorParameters<typeof UpdatingBox>[3]) {
  const box = await addUpdatingBox(server, client, areaId, opts);
  await box.start(version);
  return box;
}

/** The rollouts as the console lists them. */
export const rolloutsOf = async (client: TestClient): Promise<Rollout[]> => (await client.get('/v1/client/capnhat/trienkhai/danhsach')).body.data;

/**
 * A server for a test file that takes packages signed with a fresh key pair and looks for boxes to
 * update every 100 ms; started before the file's tests, closed after them with every box started
 * through `box()`, and the scratch folders removed.
 */
export function updateWorld() {
  const keys = signingKeys();
  const boxes: UpdatingBox[] = [];
  const world = {
    keys,
    server: null as unknown as TestServer,
    async box(client: TestClient, areaId: string, version: string, opts: Partial<ConstructorParameters<typeof UpdatingBox>[3]> = {}) {
      const box = await startUpdatingBox(world.server, client, areaId, version, { publicKey: keys.publicKey, ...opts });
      boxes.push(box);
      return box;
    },
    /** A box added but not started (its version unknown to the server until it is). */
    async unstartedBox(client: TestClient, areaId: string) {
      const box = await addUpdatingBox(world.server, client, areaId, { publicKey: keys.publicKey });
      boxes.push(box);
      return box;
    },
  };
  beforeAll(async () => {
    world.server = await startTestServer({ LOA_UPDATE_PUBLIC_KEY: keys.publicKey, UPDATE_DISPATCH_MS: 100 });
  });
  afterAll(async () => {
    await Promise.all(boxes.map((b) => b.stop()));
    await world.server?.close();
    removeUpdateScratch();
  });
  return world;
}
