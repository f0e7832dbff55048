import { readdir, readFile, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { DeviceHealth } from '@loa/contract';
import { readModem } from './modem';
import { AGENT_VERSION } from './version';

// The box's health (issue #31 item 4; docs/device-protocol.md "Health"): CPU temperature, disk and
// memory free, uptime, agent version and the modem's signal and operator. Whatever cannot be read
// (no thermal zone, no modem, no mmcli) is left out of the reading, never an error.

export interface HealthOptions {
  /** The directory standing for / when /sys/class/thermal and /proc are read (tests give a fake one). */
  root?: string;
  /** A path on the disk whose free space is reported (the agent's state directory; default /). */
  diskPath?: string;
  /** How often the box is read, ms (default 60 000). */
  intervalMs?: number;
}

const num = (text: string | undefined): number | undefined => {
  const n = Number(text?.trim());
  return text !== undefined && text.trim() !== '' && Number.isFinite(n) ? n : undefined;
};
const read = (file: string) => readFile(file, 'utf8').catch(() => undefined);

/** The hottest thermal zone, °C (the kernel gives millidegrees). */
async function cpuTemperature(root: string): Promise<number | undefined> {
  const dir = path.join(root, 'sys/class/thermal');
  const zones = (await readdir(dir).catch(() => [] as string[])).filter((z) => z.startsWith('thermal_zone'));
  const temps = (await Promise.all(zones.map(async (z) => num(await read(path.join(dir, z, 'temp'))))))
    .filter((t): t is number => t !== undefined && t > -60_000 && t < 200_000);
  return temps.length > 0 ? Math.max(...temps) / 1000 : undefined;
}

/** MemAvailable against MemTotal, from /proc/meminfo (kB). */
async function memory(root: string): Promise<Pick<DeviceHealth, 'memFreePercent' | 'memFreeBytes'>> {
  const text = (await read(path.join(root, 'proc/meminfo'))) ?? '';
  const kb = (key: string) => num(new RegExp(`^${key}:\\s*(\\d+)\\s*kB`, 'm').exec(text)?.[1]);
  const total = kb('MemTotal');
  const available = kb('MemAvailable');
  if (!total || available === undefined) return {};
  return { memFreePercent: Math.min(100, (available * 100) / total), memFreeBytes: available * 1024 };
}

async function disk(diskPath: string): Promise<Pick<DeviceHealth, 'diskFreePercent' | 'diskFreeBytes'>> {
  try {
    const s = await statfs(diskPath);
    if (!s.blocks) return {};
    return { diskFreePercent: (s.bavail * 100) / s.blocks, diskFreeBytes: s.bavail * s.bsize };
  } catch {
    return {};
  }
}

/** One reading of the box's health. */
export async function readHealth(options: HealthOptions = {}): Promise<DeviceHealth> {
  const root = options.root ?? '/';
  const [cpuTemp, mem, space, uptimeText, modem] = await Promise.all([
    cpuTemperature(root), memory(root), disk(options.diskPath ?? '/'), read(path.join(root, 'proc/uptime')), readModem(),
  ]);
  const uptime = num(uptimeText?.split(/\s+/)[0]);
  const health: DeviceHealth = { ...space, ...mem, agentVersion: AGENT_VERSION };
  if (cpuTemp !== undefined) health.cpuTemp = cpuTemp;
  if (uptime !== undefined) health.uptime = uptime;
  if (modem) {
    const { signal, operator, technology } = modem;
    const reported = { ...(signal !== undefined ? { signal } : {}), ...(operator ? { operator } : {}), ...(technology ? { technology } : {}) };
    if (Object.keys(reported).length > 0) health.modem = reported;
  }
  return health;
}

/** Reads the box's health now and then every `intervalMs`; `latest` is the last reading. */
export class HealthMonitor {
  latest: DeviceHealth | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;

  constructor(private readonly options: HealthOptions = {}, private readonly onReading: (health: DeviceHealth) => void = () => undefined) {}

  start(): void {
    if (this.timer) return;
    void this.readNow();
    this.timer = setInterval(() => void this.readNow(), this.options.intervalMs ?? 60_000);
    this.timer.unref();
  }

  /** Reads once (a reading in progress is not started twice). */
  readNow(): Promise<void> {
    this.reading ??= readHealth(this.options).then((health) => {
      this.latest = health;
      this.onReading(health);
    }).catch(() => undefined).finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
