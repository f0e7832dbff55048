import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compareAgentVersions, type DeviceCommand, type DeviceEvent, type UpdateOutcome, type UpdatePackage } from '@loa/contract';
import type { Logger } from './logger';
import { debianArchitecture, signatureMatches, updatePublicKey } from './updateSignature';

export type UpdateCommand = Extract<DeviceCommand, { type: 'update' }>;

/** How long a box that installed a version waits to reconnect before it goes back (issue #31: 5 minutes). */
export const DEFAULT_CONFIRM_MS = 5 * 60_000;
/** An installer that runs longer is stopped and the update fails. */
const INSTALL_TIMEOUT_MS = 10 * 60_000;

export interface UpdaterSettings {
  /** Folder of the packages kept and of the update under way (state_dir/updates on a box). */
  dir: string;
  /** The signing public key (base64 SPKI DER or PEM); without one every update is refused. */
  publicKey: string | null;
  /** The installer's argv; the package's path is added at the end (a box: dpkg -i through its helper; tests: a fake). */
  installCommand: string[];
  /** Starts the agent again onto what was installed (a box: systemd restarts the service). */
  restart: () => void | Promise<void>;
  /** How long the new version has to reconnect before the previous one is put back, ms (default 5 minutes). */
  confirmMs?: number;
  /** Debian architecture of the packages to take (default: this machine's). */
  architecture?: string;
}

export interface UpdaterDeps {
  deviceId: string;
  secret: string;
  /** Base of the package URLs (the server). */
  serverUrl: string;
  /** The version this agent runs. */
  version: string;
  log: Logger;
  /** Publishes an `update` event (the agent adds `at`). */
  report: (event: Pick<DeviceEvent, 'rolloutId' | 'version' | 'outcome' | 'message'>) => void;
}

/** The update under way, kept on disk across the restart (updates/pending.json). */
interface Pending {
  rolloutId: string;
  from: string;
  to: string;
  phase: 'installing' | 'installed' | 'rollingBack' | 'rolledBack';
  message?: string;
}

/** A package this box will not install; the message says why (in Vietnamese, to the server). */
class Refused extends Error {}

/**
 * The box side of remote updates (docs/device-protocol.md "Updates"): takes an `update` command,
 * downloads the package of its architecture with its device credentials, checks its size, sha256
 * and Ed25519 signature against the key it was installed with, keeps the package of the version
 * it runs (to go back to), installs the new one and restarts. The new version reports `installed`
 * once it is connected; one that is not connected within `confirmMs` reinstalls the kept package,
 * restarts, and the old version reports `rolledBack`. A version older than the running one is
 * installed only when the command says it is a rollback.
 */
export class Updater {
  private busy = false;
  private pending: Pending | null = null;
  /**
   * The files of an update being confirmed (connected()): an update command waits for them. The
   * server may send one the moment the box reports its new version (a rollback), and its download
   * (next.deb) must not be moved aside as the package to keep.
   */
  private confirming: Promise<void> | null = null;
  private confirmTimer: NodeJS.Timeout | null = null;
  private readonly confirmMs: number;
  private readonly architecture: string;

  constructor(private readonly settings: UpdaterSettings, private readonly deps: UpdaterDeps) {
    this.confirmMs = settings.confirmMs ?? DEFAULT_CONFIRM_MS;
    this.architecture = settings.architecture ?? debianArchitecture();
  }

  private file(name: string): string {
    return path.join(this.settings.dir, name);
  }

  /** After a start: an update under way is picked up (the new version waits to connect, the old one reports going back). */
  async resume(): Promise<void> {
    this.pending = await this.readPending();
    const p = this.pending;
    if (!p) return;
    const running = this.deps.version;
    if ((p.phase === 'installing' || p.phase === 'installed') && running === p.to) {
      this.deps.log.info(`cập nhật ${p.from} → ${p.to}: chờ kết nối lại / waiting to reconnect (${Math.round(this.confirmMs / 1000)} s)`);
      this.confirmTimer = setTimeout(() => void this.goBack(), this.confirmMs);
    } else if (p.phase === 'rollingBack' && running === p.to) {
      await this.goBack();
    }
  }

  /** The link is up: the update under way is reported (and, for a new version, kept). */
  async connected(): Promise<void> {
    const p = this.pending;
    // An install under way in this process (the link came back meanwhile) is not over yet.
    if (!p || this.busy) return;
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
    this.pending = null;
    const confirming = this.confirm(p);
    this.confirming = confirming;
    try {
      await confirming;
    } finally {
      if (this.confirming === confirming) this.confirming = null;
    }
  }

  /** Keeps the new version's package when it works, clears the update's files, and reports how it ended. */
  private async confirm(p: Pending): Promise<void> {
    const running = this.deps.version;
    let outcome: UpdateOutcome;
    let message = p.message ?? '';
    if (running === p.to && p.phase !== 'rolledBack' && p.phase !== 'rollingBack') {
      // The new version works: its package is the one to go back to from now on.
      await rename(this.file('next.deb'), this.file('kept.deb')).catch(() => undefined);
      await rename(this.file('next.deb.sig'), this.file('kept.deb.sig')).catch(() => undefined);
      await writeFile(this.file('kept.json'), JSON.stringify({ version: p.to }));
      outcome = 'installed';
    } else if ((p.phase === 'rolledBack' || p.phase === 'rollingBack') && running === p.from) {
      // 'rollingBack': the installer restarted the agent before it could write that it was done.
      outcome = 'rolledBack';
    } else {
      outcome = 'failed';
      message ||= `sau khi cài đặt loa vẫn chạy phiên bản ${running}, không phải ${p.to}`;
    }
    await rm(this.file('pending.json'), { force: true });
    await rm(this.file('next.deb'), { force: true });
    await rm(this.file('next.deb.sig'), { force: true });
    this.deps.log.info(`cập nhật / update ${p.from} → ${p.to}: ${outcome}${message ? ` (${message})` : ''}`);
    this.deps.report({ rolloutId: p.rolloutId, version: running, outcome, ...(message ? { message } : {}) });
  }

  /** Stops waiting (the agent stops). */
  stop(): void {
    if (this.confirmTimer) clearTimeout(this.confirmTimer);
    this.confirmTimer = null;
  }

  /** An `update` command: refused, already done, or carried out (ending in a restart). */
  async handle(command: UpdateCommand): Promise<void> {
    if (this.busy || this.pending) {
      this.deps.log.info(`đang cập nhật, bỏ qua lệnh / update under way, command ignored (${command.version})`);
      return;
    }
    this.busy = true;
    const from = this.deps.version;
    try {
      await this.confirming?.catch(() => undefined);
      if (command.version === from) return this.deps.report({ rolloutId: command.rolloutId, version: from, outcome: 'installed' });
      if (compareAgentVersions(command.version, from) < 0 && !command.rollback) {
        throw new Refused(`không hạ phiên bản ${from} xuống ${command.version} khi không phải hoàn lại`);
      }
      if (!this.settings.publicKey) throw new Refused('loa chưa có khoá công khai để kiểm tra chữ ký gói (update_public_key)');
      const wanted = command.packages.find((p) => p.architecture === this.architecture);
      if (!wanted) throw new Refused(`không có gói cho kiến trúc ${this.architecture}`);
      await mkdir(this.settings.dir, { recursive: true, mode: 0o700 });
      const next = await this.download(wanted, 'next.deb');
      await this.keepRunningPackage(command.previous ?? []);
      await this.writePending({ rolloutId: command.rolloutId, from, to: command.version, phase: 'installing' });
      try {
        await this.install(next);
      } catch (error) {
        await rm(this.file('pending.json'), { force: true });
        this.pending = null;
        this.deps.report({ rolloutId: command.rolloutId, version: from, outcome: 'failed', message: `cài đặt thất bại: ${(error as Error).message}`.slice(0, 500) });
        return;
      }
      await this.writePending({ rolloutId: command.rolloutId, from, to: command.version, phase: 'installed' });
      this.deps.log.info(`đã cài ${command.version}, khởi động lại / installed ${command.version}, restarting`);
      await this.settings.restart();
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      this.deps.log.warn(`từ chối cập nhật / update refused: ${error.message}`);
      this.deps.report({ rolloutId: command.rolloutId, version: from, outcome: 'refused', message: error.message.slice(0, 500) });
    } finally {
      this.busy = false;
    }
  }

  /** The new version did not connect in time: the kept package goes back on, and the old version reports it. */
  private async goBack(): Promise<void> {
    const p = this.pending;
    if (!p) return;
    this.confirmTimer = null;
    const message = `phiên bản ${p.to} không kết nối lại được trong ${Math.round(this.confirmMs / 1000)} giây: đã quay về ${p.from}`;
    this.deps.log.warn(message);
    await this.writePending({ ...p, phase: 'rollingBack', message });
    try {
      await this.install(this.file('kept.deb'));
    } catch (error) {
      this.deps.log.error(`không cài lại được bản cũ / could not reinstall the previous version: ${(error as Error).message}`);
      return;
    }
    await this.writePending({ ...p, phase: 'rolledBack', message });
    await this.settings.restart();
  }

  /** Makes sure the package of the running version is on disk (kept.deb), from the command's `previous` when it is not. */
  private async keepRunningPackage(previous: UpdatePackage[]): Promise<void> {
    const kept = await readFile(this.file('kept.json'), 'utf8').then((t) => (JSON.parse(t) as { version?: string }).version, () => undefined);
    if (kept === this.deps.version) return;
    const wanted = previous.find((p) => p.architecture === this.architecture);
    if (!wanted) throw new Refused(`không có gói của phiên bản đang chạy (${this.deps.version}) để quay về nếu cập nhật hỏng`);
    await this.download(wanted, 'kept.deb');
    await writeFile(this.file('kept.json'), JSON.stringify({ version: this.deps.version }));
  }

  /** Downloads a package with the device's credentials and checks it before it is kept under `name`. */
  private async download(wanted: UpdatePackage, name: string): Promise<string> {
    const auth = Buffer.from(`${this.deps.deviceId}:${this.deps.secret}`).toString('base64');
    let bytes: Buffer;
    try {
      const res = await fetch(new URL(wanted.url, this.deps.serverUrl), { headers: { authorization: `Basic ${auth}` }, signal: AbortSignal.timeout(INSTALL_TIMEOUT_MS) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      bytes = Buffer.from(await res.arrayBuffer());
    } catch (error) {
      throw new Refused(`không tải được gói: ${(error as Error).message}`);
    }
    if (bytes.length !== wanted.size || crypto.createHash('sha256').update(bytes).digest('hex') !== wanted.sha256) {
      throw new Refused('gói tải về không khớp kích thước hoặc sha256');
    }
    if (!signatureMatches(bytes, wanted.signature, updatePublicKey(this.settings.publicKey!))) {
      throw new Refused('chữ ký gói không hợp lệ: gói đã bị sửa đổi hoặc không được ký bằng khoá của hệ thống');
    }
    const file = this.file(name);
    await writeFile(`${file}.part`, bytes, { mode: 0o600 });
    await rename(`${file}.part`, file);
    // Beside it, its signature: a box's privileged installer checks it again (loa-speaker install-update).
    await writeFile(`${file}.sig`, `${wanted.signature}\n`);
    return file;
  }

  /** Runs the installer on a package; rejects with what it said when it fails. */
  private install(deb: string): Promise<void> {
    const [command, ...args] = this.settings.installCommand;
    return new Promise((resolve, reject) => {
      const child = spawn(command, [...args, deb], { stdio: ['ignore', 'pipe', 'pipe'], timeout: INSTALL_TIMEOUT_MS });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-2000)));
      child.stderr.on('data', (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-2000)));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} thoát với mã ${code}: ${output.trim().slice(-300)}`))));
    });
  }

  private async readPending(): Promise<Pending | null> {
    try {
      return JSON.parse(await readFile(this.file('pending.json'), 'utf8')) as Pending;
    } catch {
      return null;
    }
  }

  private async writePending(pending: Pending): Promise<void> {
    this.pending = pending;
    await mkdir(this.settings.dir, { recursive: true, mode: 0o700 });
    await writeFile(this.file('pending.json.part'), JSON.stringify(pending));
    await rename(this.file('pending.json.part'), this.file('pending.json'));
  }
}
