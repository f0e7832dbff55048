import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findExecutable } from './player';

/** What ModemManager tells of the box's modem (`mmcli -m any --output-keyvalue`). */
export interface ModemInfo {
  imei?: string;
  /** Signal quality, percent. */
  signal?: number;
  /** The network operator's name (e.g. Viettel). */
  operator?: string;
  /** Access technology (lte, umts…). */
  technology?: string;
}

const value = (text: string, key: string): string | undefined => {
  const m = new RegExp(`^${key.replace(/[.[\]]/g, '\\$&')}\\s*:\\s*(.*)$`, 'm').exec(text);
  const v = m?.[1].trim();
  return v && v !== '--' ? v : undefined;
};

/** Parses mmcli's key-value output; what it leaves out (or shows as `--`) is left out. */
export function parseModemKeyValues(text: string): ModemInfo {
  const info: ModemInfo = {};
  const imei = value(text, 'modem.generic.equipment-identifier');
  if (imei && /^\d{14,16}$/.test(imei)) info.imei = imei;
  const signal = Number(value(text, 'modem.generic.signal-quality.value'));
  if (value(text, 'modem.generic.signal-quality.value') !== undefined && Number.isFinite(signal) && signal >= 0 && signal <= 100) info.signal = signal;
  const operator = value(text, 'modem.3gpp.operator-name') ?? value(text, 'modem.3gpp.operator-code');
  if (operator) info.operator = operator.slice(0, 64);
  const technology = value(text, 'modem.generic.access-technologies.value[1]');
  if (technology) info.technology = technology.slice(0, 32);
  return info;
}

/**
 * The modem as ModemManager's `mmcli` reports it, or null where there is no mmcli, no modem, or it
 * does not answer within 5 s: a box without a modem is not at fault.
 */
export async function readModem(): Promise<ModemInfo | null> {
  const mmcli = await findExecutable('mmcli');
  if (!mmcli) return null;
  try {
    const { stdout } = await promisify(execFile)(mmcli, ['-m', 'any', '--output-keyvalue'], { timeout: 5000 });
    return parseModemKeyValues(stdout);
  } catch {
    return null;
  }
}

/** A position the modem's GPS reports (decimal degrees). */
export interface ModemLocation {
  lat: number;
  lng: number;
}

/** Parses `mmcli --location-get --output-keyvalue`: the GPS fix, or null without one (`--`, out of range, or 0,0). */
export function parseModemLocation(text: string): ModemLocation | null {
  const latText = value(text, 'modem.location.gps.latitude');
  const lngText = value(text, 'modem.location.gps.longitude');
  if (latText === undefined || lngText === undefined) return null;
  const lat = Number(latText);
  const lng = Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return null;
  return { lat, lng };
}

/**
 * Where the modem's GPS puts the box, or null (no mmcli, no modem, no GPS, no fix yet, or no answer
 * within 5 s). Only read: the GPS is switched on by whoever set up ModemManager (a box's image).
 */
export async function readModemLocation(): Promise<ModemLocation | null> {
  const mmcli = await findExecutable('mmcli');
  if (!mmcli) return null;
  try {
    const { stdout } = await promisify(execFile)(mmcli, ['-m', 'any', '--location-get', '--output-keyvalue'], { timeout: 5000 });
    return parseModemLocation(stdout);
  } catch {
    return null;
  }
}
