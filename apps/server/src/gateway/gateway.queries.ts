import type { Db } from '../infra/db';
import type { LiveEntry } from './liveStore';

export interface GatewayDeviceRow {
  id: string;
  admin_id: string;
  area_id: string;
  secret_hash: string;
  config: Record<string, unknown>;
  online: boolean;
  volume: number | null;
  playing: LiveEntry['playing'];
  signal: number | null;
  firmware: string | null;
  ip: string | null;
  last_seen: Date | null;
  clock: LiveEntry['clock'];
}

export async function loadGatewayDevices(db: Db, id?: string): Promise<GatewayDeviceRow[]> {
  return db.query<GatewayDeviceRow>(
    `SELECT id, admin_id, area_id, secret_hash, config, online, volume, playing, signal, firmware, ip, last_seen, clock FROM devices
      ${id ? 'WHERE id = $1' : ''}`,
    id ? [id] : [],
  );
}

export async function listDeviceIds(db: Db): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM devices')).map((r) => r.id);
}

/** Writes many devices' live state in one statement. */
export async function saveLiveStates(db: Db, rows: { id: string; e: LiveEntry }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE devices d SET online = v.online, volume = v.volume, playing = v.playing::jsonb, signal = v.signal,
            firmware = v.firmware, ip = v.ip, last_seen = v.last_seen, clock = v.clock::jsonb
       FROM unnest($1::text[], $2::boolean[], $3::int[], $4::text[], $5::real[], $6::text[], $7::text[], $8::timestamptz[], $9::text[])
         AS v(id, online, volume, playing, signal, firmware, ip, last_seen, clock)
      WHERE d.id = v.id`,
    [
      rows.map((r) => r.id), rows.map((r) => r.e.online), rows.map((r) => r.e.volume), rows.map((r) => (r.e.playing ? JSON.stringify(r.e.playing) : null)),
      rows.map((r) => r.e.signal), rows.map((r) => r.e.firmware), rows.map((r) => r.e.ip),
      rows.map((r) => (r.e.lastSeen === null ? null : new Date(r.e.lastSeen).toISOString())),
      rows.map((r) => (r.e.clock ? JSON.stringify(r.e.clock) : null)),
    ],
  );
}

export interface ConnectionRecord { deviceId: string; at: number; online: boolean; reason: string; ip: string | null }

export async function insertConnections(db: Db, rows: ConnectionRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO device_connections (device_id, at, online, reason, ip)
     SELECT v.device_id, v.at, v.online, v.reason, v.ip
       FROM unnest($1::text[], $2::timestamptz[], $3::boolean[], $4::text[], $5::text[]) AS v(device_id, at, online, reason, ip)
      WHERE EXISTS (SELECT 1 FROM devices WHERE id = v.device_id)`,
    [rows.map((r) => r.deviceId), rows.map((r) => new Date(r.at).toISOString()), rows.map((r) => r.online), rows.map((r) => r.reason), rows.map((r) => r.ip)],
  );
}

export interface PlayRecord { deviceId: string; at: number; event: 'started' | 'finished' | 'error'; sessionId: string | null; itemIndex: number | null; url: string | null; message: string | null }

export async function insertPlays(db: Db, rows: PlayRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO device_plays (device_id, at, event, session_id, item_index, url, message)
     SELECT v.device_id, v.at, v.event, v.session_id, v.item_index, v.url, v.message
       FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])
         AS v(device_id, at, event, session_id, item_index, url, message)
      WHERE EXISTS (SELECT 1 FROM devices WHERE id = v.device_id)`,
    [rows.map((r) => r.deviceId), rows.map((r) => new Date(r.at).toISOString()), rows.map((r) => r.event), rows.map((r) => r.sessionId),
      rows.map((r) => r.itemIndex), rows.map((r) => r.url), rows.map((r) => r.message)],
  );
}
