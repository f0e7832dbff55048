import zlib from 'node:zlib';
import { AGENT_ARCHITECTURES, AGENT_VERSION_PATTERN, UPDATE_MESSAGES, type AgentArchitecture } from '@loa/contract';

/** What the server reads of an agent package: its control file's name, version and architecture. */
export interface DebControl {
  package: string;
  version: string;
  architecture: AgentArchitecture;
}

/** A package refused for what it holds; `reason` is the system log's code, `message` what the user reads. */
export class DebRefusal extends Error {
  constructor(readonly reason: string, message: string) {
    super(message);
    this.name = 'DebRefusal';
  }
}

const AR_MAGIC = '!<arch>\n';

/** The members of an ar archive (the .deb container): name → bytes. */
function arMembers(deb: Buffer): Map<string, Buffer> {
  if (deb.length < 8 || deb.subarray(0, 8).toString('latin1') !== AR_MAGIC) throw new DebRefusal('khong-phai-deb', UPDATE_MESSAGES.notDeb);
  const members = new Map<string, Buffer>();
  for (let at = 8; at < deb.length;) {
    if (at + 60 > deb.length) throw new DebRefusal('khong-phai-deb', UPDATE_MESSAGES.notDeb);
    const header = deb.subarray(at, at + 60).toString('latin1');
    if (header.slice(58, 60) !== '`\n') throw new DebRefusal('khong-phai-deb', UPDATE_MESSAGES.notDeb);
    const name = header.slice(0, 16).trim().replace(/\/$/, '');
    const size = Number(header.slice(48, 58).trim());
    if (!Number.isSafeInteger(size) || size < 0 || at + 60 + size > deb.length) throw new DebRefusal('khong-phai-deb', UPDATE_MESSAGES.notDeb);
    members.set(name, deb.subarray(at + 60, at + 60 + size));
    at += 60 + size + (size % 2);
  }
  return members;
}

/** The file `name` (or `./name`) of an uncompressed tar, or null. */
function tarFile(tar: Buffer, name: string): Buffer | null {
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return null;
    const entry = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const prefix = header.subarray(345, 500).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) return null;
    const full = prefix ? `${prefix}/${entry}` : entry;
    const type = String.fromCharCode(header[156] || 48);
    if ((type === '0' || type === '\0') && full.replace(/^\.\//, '') === name) return tar.subarray(at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return null;
}

/** The fields of a Debian control file (continuation lines ignored). */
function controlFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([A-Za-z][A-Za-z0-9-]*):\s*(.*)$/.exec(line);
    if (m) fields.set(m[1].toLowerCase(), m[2].trim());
  }
  return fields;
}

/**
 * Reads an uploaded agent package by its content: an ar archive opening with `debian-binary` 2.x,
 * a gzip (or uncompressed) control archive whose control file names loa-speaker, a version and
 * amd64 or arm64, and a data archive. Anything else is a DebRefusal (npm run package:speaker
 * builds packages with gzip members, which Node reads without any other tool).
 */
export function readAgentDeb(deb: Buffer): DebControl {
  const members = arMembers(deb);
  if (!members.get('debian-binary')?.toString('latin1').startsWith('2.')) throw new DebRefusal('khong-phai-deb', UPDATE_MESSAGES.notDeb);
  if (![...members.keys()].some((n) => n.startsWith('data.tar'))) throw new DebRefusal('khong-phai-deb', UPDATE_MESSAGES.notDeb);
  const gz = members.get('control.tar.gz');
  let tar = members.get('control.tar') ?? null;
  if (gz) {
    try {
      tar = zlib.gunzipSync(gz, { maxOutputLength: 16 * 1024 * 1024 });
    } catch {
      throw new DebRefusal('khong-phai-deb', UPDATE_MESSAGES.notDeb);
    }
  }
  const control = tar ? tarFile(tar, 'control') : null;
  if (!control) throw new DebRefusal('thieu-control', UPDATE_MESSAGES.badControl);
  const fields = controlFields(control.toString('utf8'));
  const name = fields.get('package') ?? '';
  if (name !== 'loa-speaker') throw new DebRefusal('khong-phai-loa-speaker', UPDATE_MESSAGES.notLoaSpeaker);
  const version = fields.get('version') ?? '';
  if (!AGENT_VERSION_PATTERN.test(version)) throw new DebRefusal('sai-control', UPDATE_MESSAGES.badControl);
  const architecture = fields.get('architecture') ?? '';
  if (!(AGENT_ARCHITECTURES as readonly string[]).includes(architecture)) throw new DebRefusal('sai-kien-truc', UPDATE_MESSAGES.badArchitecture);
  return { package: name, version, architecture: architecture as AgentArchitecture };
}
