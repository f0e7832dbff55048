import { chmod, chown, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the Debian package puts its configuration (LOA_SPEAKER_CONFIG overrides it, for tests). */
export const DEFAULT_CONFIG_PATH = '/etc/loa/speaker.conf';
/** Where the box keeps its device id and secret (state_dir of the configuration). */
export const DEFAULT_STATE_DIR = '/var/lib/loa-speaker';
/** The file in state_dir holding the device id and secret (mode 0600). */
export const CREDENTIALS_FILE = 'device.json';

/**
 * /etc/loa/speaker.conf: `key = value` lines, `#` comments. Every key is optional; a box enrolled
 * by `loa-speaker enrol` needs none (the server comes with its credentials).
 */
export interface BoxConfig {
  /** The Loa server, https://… (http:// on a test bench). */
  server?: string;
  /** An enrolment code (XXXX-XXXX): the service enrols with it on its first start. */
  enrolCode?: string;
  /** The broker, when not ws(s)://<server>/mqtt. */
  mqtt?: string;
  stateDir: string;
  /** Diagnostics and tests: write what plays to WAV files in this folder instead of the sound card. */
  outputDir?: string;
  /** The amplifier hook: a command run to switch it on, and one to switch it off (docs/operations.md). */
  amplifierOn?: string;
  amplifierOff?: string;
  /** How long before a session's first item the amplifier is switched on (ms, default 1500). */
  amplifierLeadMs: number;
  /** How long after a session's last item it is switched off (ms, default 30 000). */
  amplifierOffDelayMs: number;
  /**
   * Remote updates (issue #31): the Ed25519 public key packages must be signed with (base64), when
   * not the one built into the package (/usr/share/loa-speaker/update-key); the installer command
   * (the package's path is added at the end); how long a new version has to reconnect, ms.
   */
  updatePublicKey?: string;
  updateInstallCommand?: string;
  updateConfirmMs: number;
  verbose: boolean;
}

/** Keys of the file → fields of BoxConfig. */
const KEYS: Record<string, keyof BoxConfig> = {
  server: 'server',
  enrol_code: 'enrolCode',
  mqtt: 'mqtt',
  state_dir: 'stateDir',
  output_dir: 'outputDir',
  amplifier_on: 'amplifierOn',
  amplifier_off: 'amplifierOff',
  amplifier_lead_ms: 'amplifierLeadMs',
  amplifier_off_delay_ms: 'amplifierOffDelayMs',
  update_public_key: 'updatePublicKey',
  update_install_command: 'updateInstallCommand',
  update_confirm_ms: 'updateConfirmMs',
  verbose: 'verbose',
};
const NUMBERS = new Set<keyof BoxConfig>(['amplifierLeadMs', 'amplifierOffDelayMs', 'updateConfirmMs']);

/** A configuration file that cannot be used: the message names the line and what is wrong. */
export class BoxConfigError extends Error {
  override name = 'BoxConfigError';
}

/** Parses the text of speaker.conf; throws BoxConfigError naming the line at fault. */
export function parseBoxConfig(text: string, file = DEFAULT_CONFIG_PATH): BoxConfig {
  const config: BoxConfig = { stateDir: DEFAULT_STATE_DIR, amplifierLeadMs: 1500, amplifierOffDelayMs: 30_000, updateConfirmMs: 300_000, verbose: false };
  const record = config as unknown as Record<string, unknown>;
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const at = `${file}, dòng ${index + 1} / line ${index + 1}`;
    const eq = line.indexOf('=');
    if (eq < 1) throw new BoxConfigError(`${at}: cần dạng "khoá = giá trị" / expected "key = value": ${line}`);
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    const field = KEYS[key];
    if (!field) throw new BoxConfigError(`${at}: khoá không biết "${key}" / unknown key "${key}" (${Object.keys(KEYS).join(', ')})`);
    if (value === '') return;
    if (NUMBERS.has(field)) {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || n > 600_000) throw new BoxConfigError(`${at}: ${key} phải là số mili giây từ 0 đến 600000 / must be milliseconds from 0 to 600000: ${value}`);
      record[field] = n;
    } else if (field === 'verbose') {
      record[field] = /^(1|true|yes|có)$/i.test(value);
    } else {
      record[field] = value;
    }
  });
  if (config.server !== undefined) checkServerUrl(config.server, `${file}: server`);
  return config;
}

/** An http(s) URL, or a BoxConfigError naming where it came from. */
export function checkServerUrl(value: string, where: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new BoxConfigError(`${where}: địa chỉ máy chủ không hợp lệ / not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new BoxConfigError(`${where}: địa chỉ máy chủ phải là https:// / must be an https:// URL: ${value}`);
  return value.replace(/\/+$/, '');
}

/** The configuration file's path: LOA_SPEAKER_CONFIG, else /etc/loa/speaker.conf. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOA_SPEAKER_CONFIG || DEFAULT_CONFIG_PATH;
}

/** Reads and parses the configuration; a missing file is an empty configuration. */
export async function loadBoxConfig(file = configPath()): Promise<BoxConfig> {
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new BoxConfigError(`${file}: không đọc được / cannot be read: ${(error as Error).message}`);
  }
  return parseBoxConfig(text, file);
}

/** What enrolment gave the box: kept in state_dir/device.json, mode 0600, never printed. */
export interface BoxCredentials {
  server: string;
  deviceId: string;
  secret: string;
  /** The broker's address the server gave, when not ws(s)://<server>/mqtt. */
  mqtt?: string;
  enrolledAt: string;
}

export function credentialsPath(config: BoxConfig): string {
  return path.join(config.stateDir, CREDENTIALS_FILE);
}

/** The box's credentials, or null when it has not enrolled. */
export async function readCredentials(config: BoxConfig): Promise<BoxCredentials | null> {
  const file = credentialsPath(config);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new BoxConfigError(`${file}: không đọc được / cannot be read: ${(error as Error).message}`);
  }
  const parsed = JSON.parse(text) as Partial<BoxCredentials>;
  if (typeof parsed.deviceId !== 'string' || typeof parsed.secret !== 'string' || typeof parsed.server !== 'string') {
    throw new BoxConfigError(`${file}: thiếu mã thiết bị hoặc khoá / device id or secret missing`);
  }
  return parsed as BoxCredentials;
}

/**
 * Writes the credentials with mode 0600 (a temporary file renamed over the old one, so a power cut
 * leaves either file whole), owned by the state folder's owner: the service's user when root enrols.
 */
export async function writeCredentials(config: BoxConfig, credentials: BoxCredentials): Promise<string> {
  await mkdir(config.stateDir, { recursive: true, mode: 0o700 });
  const file = credentialsPath(config);
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await chmod(temp, 0o600);
  const owner = await stat(config.stateDir);
  if (process.getuid?.() === 0 && owner.uid !== 0) await chown(temp, owner.uid, owner.gid);
  await rename(temp, file);
  return file;
}
