import type { Db } from '../infra/db';
import type { StoredHealth } from './deviceHealth';
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
  health: StoredHealth | null;
  /** Enrolled and not yet confirmed by an officer ("chờ gán"): it belongs to no area's broadcasts. */
  pending: boolean;
}

export async function loadGatewayDevices(db: Db, id?: string): Promise<GatewayDeviceRow[]> {
  return db.query<GatewayDeviceRow>(
    `SELECT id, admin_id, area_id, secret_hash, config, online, volume, playing, signal, firmware, ip, last_seen, clock, health, pending FROM devices
      ${id ? 'WHERE id = $1' : ''}`,
    id ? [id] : [],
  );
}

export async function listDeviceIds(db: Db): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM devices')).map((r) => r.id);
}

/**
 * The start of an `UPDATE devices d … FROM unnest(…) AS v(id, …) JOIN locked l ON l.id = v.id` of
 * many devices, the ids in `idsParam`: their rows locked in id order first. Such an update locks
 * rows in its join's order, so two of them over the same devices in different orders deadlocked on
 * PostgreSQL (two servers on one broker both write a district's speakers' live states, each in the
 * order it heard them; the loser's whole batch was lost). Every write of many devices locks this way.
 */
export const lockingDevicesInIdOrder = (idsParam: string) =>
  `WITH locked AS MATERIALIZED (SELECT id FROM devices WHERE id = ANY(${idsParam}::text[]) ORDER BY id FOR NO KEY UPDATE)`;

/** Writes many devices' live state in one statement (rows locked in id order: lockingDevicesInIdOrder). */
export async function saveLiveStates(db: Db, rows: { id: string; e: LiveEntry }[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `${lockingDevicesInIdOrder('$1')}
     UPDATE devices d SET online = v.online, volume = v.volume, playing = v.playing::jsonb, signal = v.signal,
            firmware = v.firmware, ip = v.ip, last_seen = v.last_seen, clock = v.clock::jsonb, health = COALESCE(v.health::jsonb, d.health)
       FROM unnest($1::text[], $2::boolean[], $3::int[], $4::text[], $5::real[], $6::text[], $7::text[], $8::timestamptz[], $9::text[], $10::text[])
         AS v(id, online, volume, playing, signal, firmware, ip, last_seen, clock, health)
       JOIN locked l ON l.id = v.id
      WHERE d.id = v.id`,
    [
      rows.map((r) => r.id), rows.map((r) => r.e.online), rows.map((r) => r.e.volume), rows.map((r) => (r.e.playing ? JSON.stringify(r.e.playing) : null)),
      rows.map((r) => r.e.signal), rows.map((r) => r.e.firmware), rows.map((r) => r.e.ip),
      rows.map((r) => (r.e.lastSeen === null ? null : new Date(r.e.lastSeen).toISOString())),
      rows.map((r) => (r.e.clock ? JSON.stringify(r.e.clock) : null)),
      rows.map((r) => (r.e.health ? JSON.stringify(r.e.health) : null)),
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

export interface PlayRecord {
  deviceId: string; at: number; event: 'started' | 'finished' | 'error' | 'gap'; sessionId: string | null; itemIndex: number | null; url: string | null; message: string | null;
  /** `gap`: seconds of the item lost. */
  gapSeconds?: number | null;
}

/**
 * Writes play reports. A report the device sent again (MQTT delivers at least once, and a speaker
 * back from an outage sends what it kept) is the same device, session, item, event and instant: it
 * is written once (migration 035's unique index).
 */
export async function insertPlays(db: Db, rows: PlayRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO device_plays (device_id, at, event, session_id, item_index, url, message, gap_seconds)
     SELECT v.device_id, v.at, v.event, v.session_id, v.item_index, v.url, v.message, v.gap_seconds
       FROM unnest($1::text[], $2::timestamptz[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::real[])
         AS v(device_id, at, event, session_id, item_index, url, message, gap_seconds)
      WHERE EXISTS (SELECT 1 FROM devices WHERE id = v.device_id)
     ON CONFLICT (device_id, session_id, item_index, event, at) WHERE session_id IS NOT NULL AND item_index IS NOT NULL DO NOTHING`,
    [rows.map((r) => r.deviceId), rows.map((r) => new Date(r.at).toISOString()), rows.map((r) => r.event), rows.map((r) => r.sessionId),
      rows.map((r) => r.itemIndex), rows.map((r) => r.url), rows.map((r) => r.message), rows.map((r) => r.gapSeconds ?? null)],
  );
}

/**
 * Whether a failed write was refused for what a row holds (a date out of range, a NUL in text, a
 * number past its column: SQLSTATE classes 22 and 23, or a JavaScript RangeError building the
 * parameters), not for the database being away.
 */
function isRowError(error: unknown): boolean {
  if (error instanceof RangeError || error instanceof TypeError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/**
 * Writes rows in one statement; when the statement is refused for what a row holds, each row is
 * written alone, so one bad row fails alone and the others are kept (issue #27: one speaker's bad
 * event used to lose every speaker's history of the batch). Answers the rows refused, with why.
 * Any other failure (the database away) is thrown as before.
 */
export async function writeEachOnFailure<R>(rows: R[], write: (rows: R[]) => Promise<void>): Promise<{ row: R; error: unknown }[]> {
  if (rows.length === 0) return [];
  try {
    await write(rows);
    return [];
  } catch (error) {
    if (!isRowError(error)) throw error;
    if (rows.length === 1) return [{ row: rows[0], error }];
  }
  const refused: { row: R; error: unknown }[] = [];
  for (const row of rows) {
    try {
      await write([row]);
    } catch (error) {
      if (!isRowError(error)) throw error;
      refused.push({ row, error });
    }
  }
  return refused;
}

/** Whom a broadcast (a play session) was addressed to, or null when there is none by that id. */
export async function sessionTargets(db: Db, sessionId: string): Promise<{ areaIds: string[]; deviceIds: string[] } | null> {
  const [row] = await db.query<{ target_areas: string[]; target_devices: string[] }>('SELECT target_areas, target_devices FROM broadcasts WHERE id = $1', [sessionId]);
  return row ? { areaIds: row.target_areas, deviceIds: row.target_devices } : null;
}
