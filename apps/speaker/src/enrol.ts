import { readFile } from 'node:fs/promises';
import { checkServerUrl, writeCredentials, type BoxConfig, type BoxCredentials } from './boxConfig';
import { readModem, readModemLocation } from './modem';
import { DEFAULT_FIRMWARE } from './agentTypes';

// Enrolment of a box (docs/device-protocol.md "Enrolment"): `loa-speaker enrol --server URL --code
// XXXX-XXXX` sends the code and the box's hardware identity, and keeps the device id and secret the
// server answers in state_dir/device.json (mode 0600). They are never printed.

export interface HardwareIdentity {
  machineId: string;
  serial?: string;
  imei?: string;
  firmware: string;
  /** Where the modem's GPS puts the box, when it has a fix: the officer places it on the map from it. */
  gps?: { lat: number; lng: number };
}

async function firstLine(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, 'utf8')).replace(/\0/g, '').split('\n')[0].trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * What identifies this box: systemd's machine id (new with each SD card), the board's serial number
 * (a Raspberry Pi's, or the DMI serial of a PC: the same after a new card) and the modem's IMEI.
 * `root` is for tests (a directory standing for /).
 */
export async function hardwareIdentity(root = ''): Promise<HardwareIdentity> {
  const machineId = (await firstLine(`${root}/etc/machine-id`)) ?? (await firstLine(`${root}/var/lib/dbus/machine-id`));
  if (!machineId) throw new Error('Không đọc được /etc/machine-id của hệ thống / cannot read /etc/machine-id (systemd-machine-id-setup makes one)');
  const cpuSerial = /^Serial\s*:\s*([0-9a-f]+)$/im.exec((await readFile(`${root}/proc/cpuinfo`, 'utf8').catch(() => '')))?.[1];
  const serial = (await firstLine(`${root}/sys/firmware/devicetree/base/serial-number`)) ?? cpuSerial ?? (await firstLine(`${root}/sys/class/dmi/id/product_serial`));
  const [modem, gps] = await Promise.all([readModem(), readModemLocation()]);
  return {
    machineId, serial: serial && !/^(0+|to be filled.*|none|default string)$/i.test(serial) ? serial : undefined,
    imei: modem?.imei, firmware: DEFAULT_FIRMWARE, ...(gps ? { gps } : {}),
  };
}

/** An answer of the server that is not a success, with its Vietnamese message. */
export class EnrolRefusedError extends Error {
  override name = 'EnrolRefusedError';
}

async function post<T>(server: string, path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(new URL(path, `${server}/`), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(`Không kết nối được máy chủ / cannot reach ${server}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`);
  }
  const json = await res.json().catch(() => ({})) as { data?: T; message?: string };
  if (!res.ok || !json.data) throw new EnrolRefusedError(`${json.message ?? `HTTP ${res.status}`} (${res.status})`);
  return json.data;
}

/** Enrols the box with `code` and keeps what the server gives it; returns the credentials file's path. */
export async function enrolBox(config: BoxConfig, serverUrl: string, code: string, identity?: HardwareIdentity): Promise<string> {
  const server = checkServerUrl(serverUrl, '--server');
  const hardware = identity ?? (await hardwareIdentity());
  const answer = await post<{ deviceId: string; secret: string }>(server, '/v1/thietbi/dangky', { code, ...hardware });
  return writeCredentials(config, { server, deviceId: answer.deviceId, secret: answer.secret, enrolledAt: new Date().toISOString() });
}

/**
 * After its connection is refused: whether the officer confirmed this box as the same hardware as
 * a device it replaces. If so the box takes that device's id and a new secret (kept), else null.
 */
export async function claimHandover(config: BoxConfig, credentials: BoxCredentials): Promise<BoxCredentials | null> {
  try {
    const answer = await post<{ deviceId: string; secret: string }>(credentials.server, '/v1/thietbi/dangky/bangiao', { deviceId: credentials.deviceId, secret: credentials.secret });
    const next = { ...credentials, deviceId: answer.deviceId, secret: answer.secret };
    await writeCredentials(config, next);
    return next;
  } catch {
    return null;
  }
}
