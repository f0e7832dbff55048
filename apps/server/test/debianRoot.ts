import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh Debian root for the package tier, in the test's temporary directory: debootstrap's
 * minbase of bookworm (the release whose Node.js 18 the speaker package must run on), or, when
 * LOA_DEBIAN_ROOT_TARBALL names one, that tarball of such a root unpacked (a CI cache). Commands
 * run in it with chroot: the machine's network (a server on 127.0.0.1 is reachable), the root's own
 * programs and libraries. No file system is mounted into it, so removing it removes everything.
 */
export interface DebianRoot {
  dir: string;
  /** Runs a command in the root; resolves with its exit code and output. */
  run(args: string[], opts?: { user?: string; env?: Record<string, string> }): Promise<{ code: number; output: string }>;
  /** Starts a long-running command in the root (killed by remove()). */
  start(args: string[], opts?: { user?: string; env?: Record<string, string> }): { child: ChildProcess; output: () => string };
  remove(): Promise<void>;
}

export const DEBIAN_RELEASE = 'bookworm';
const MIRROR = process.env.LOA_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
const ROOT_ENV = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', LANG: 'C.UTF-8', HOME: '/root', DEBIAN_FRONTEND: 'noninteractive' };

function collect(child: ChildProcess): () => string {
  let out = '';
  const keep = (chunk: Buffer) => void (out = (out + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => out;
}

function runHost(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = collect(child);
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, output: output() }));
  });
}

/** Makes the root (debootstrap, a few minutes; or the cached tarball). Needs root. */
export async function makeDebianRoot(): Promise<DebianRoot> {
  if (process.getuid?.() !== 0) throw new Error('the package tier needs root (debootstrap and chroot)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-debian-'));
  const children = new Set<ChildProcess>();
  const remove = async () => {
    await Promise.all([...children].map((child) => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    })));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const tarball = process.env.LOA_DEBIAN_ROOT_TARBALL;
    const made = tarball && fs.existsSync(tarball)
      ? await runHost('tar', ['-xpf', tarball, '-C', dir])
      : await runHost('debootstrap', ['--variant=minbase', DEBIAN_RELEASE, dir, MIRROR]);
    if (made.code !== 0) throw new Error(`making the Debian root failed:\n${made.output}`);
    // mkdtemp made it 0700: the root's "/" must be open to its users (loa-speaker runs commands there).
    fs.chmodSync(dir, 0o755);
    fs.copyFileSync('/etc/resolv.conf', path.join(dir, 'etc/resolv.conf'));
  } catch (error) {
    await remove();
    throw error;
  }
  const chrootArgs = (args: string[], user?: string) => [...(user ? [`--userspec=${user}:${user}`] : []), dir, ...args];
  const start = (args: string[], opts: { user?: string; env?: Record<string, string> } = {}) => {
    const child = spawn('chroot', chrootArgs(args, opts.user), { env: { ...ROOT_ENV, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return { child, output: collect(child) };
  };
  return {
    dir,
    start,
    run: (args, opts) => new Promise((resolve, reject) => {
      const { child, output } = start(args, opts);
      child.once('error', reject);
      child.once('close', (code) => resolve({ code: code ?? 1, output: output() }));
    }),
    remove,
  };
}
