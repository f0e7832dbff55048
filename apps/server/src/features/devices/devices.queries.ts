import { vietnameseSortKey } from '@loa/contract';
import type { Db } from '../../infra/db';
import { foldedLikePattern, foldedSql } from '../../infra/foldSql';
import { pageWithTotal } from '../../infra/paged';
import { lockingDevicesInIdOrder } from '../../gateway/gateway.queries';

export interface DeviceRow {
  id: string;
  admin_id: string;
  area_id: string;
  area_name: string;
  name: string;
  serial: string;
  lat: number | null;
  lng: number | null;
  note: string;
  config: Record<string, unknown>;
  online: boolean;
  last_seen: Date | null;
  created_at: Date;
}

const SELECT = `SELECT d.id, d.admin_id, d.area_id, a.ten AS area_name, d.name, d.serial, d.lat, d.lng, d.note, d.config,
                       d.online, d.last_seen, d.created_at
                  FROM devices d JOIN areas a ON a.id = d.area_id`;

export async function findDevice(db: Db, id: string): Promise<DeviceRow | null> {
  return (await db.query<DeviceRow>(`${SELECT} WHERE d.id = $1`, [id]))[0] ?? null;
}

export async function findDeviceBySerial(db: Db, serial: string): Promise<{ id: string } | null> {
  return (await db.query<{ id: string }>('SELECT id FROM devices WHERE lower(serial) = lower($1)', [serial]))[0] ?? null;
}

export interface DeviceFilter {
  areaIds: string[];
  q?: string;
  areaId?: string;
  status?: 'online' | 'offline' | 'dangphat';
  sort: 'tenthietbi' | 'diaban' | 'lancuoi' | 'ngaytao';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const SORT_COLUMNS: Record<DeviceFilter['sort'], string> = { tenthietbi: 'd.name_key COLLATE "C"', diaban: 'a.ten', lancuoi: 'd.last_seen', ngaytao: 'd.created_at' };

/**
 * Devices within the given areas, searched, filtered, sorted and paged, with the total. Boxes
 * waiting to be assigned (issue #31) are not among them: they have their own list (chogan).
 */
export async function listDevices(db: Db, f: DeviceFilter): Promise<{ rows: DeviceRow[]; total: number }> {
  const where = ['d.area_id = ANY($1)', 'NOT d.pending'];
  const params: unknown[] = [f.areaIds];
  if (f.q) {
    // Accents and case aside: "cho hai an" finds "Loa chợ Hải An".
    params.push(foldedLikePattern(f.q));
    const n = `$${params.length}`;
    where.push(`(${foldedSql('d.name')} LIKE ${n} OR ${foldedSql('d.serial')} LIKE ${n} OR ${foldedSql('a.ten')} LIKE ${n})`);
  }
  if (f.areaId) {
    params.push(f.areaId);
    where.push(`d.area_id = $${params.length}`);
  }
  if (f.status === 'online') where.push('d.online');
  if (f.status === 'offline') where.push('NOT d.online');
  if (f.status === 'dangphat') where.push('d.online AND d.playing IS NOT NULL');
  const order = `${SORT_COLUMNS[f.sort]} ${f.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, d.id`;
  return pageWithTotal<DeviceRow>(db, `${SELECT} WHERE ${where.join(' AND ')}`, params, order, f.limit, f.offset);
}

export async function insertDevice(db: Db, d: { id: string; adminId: string; areaId: string; name: string; serial: string; lat: number | null; lng: number | null; note: string; secretHash: string }): Promise<void> {
  await db.query(
    `INSERT INTO devices (id, admin_id, area_id, name, name_key, serial, lat, lng, note, secret_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [d.id, d.adminId, d.areaId, d.name, vietnameseSortKey(d.name), d.serial, d.lat, d.lng, d.note, d.secretHash],
  );
}

export async function updateDevice(db: Db, id: string, d: { areaId: string; name: string; serial: string; lat: number | null; lng: number | null; note: string }): Promise<void> {
  await db.query(
    'UPDATE devices SET area_id = $2, name = $3, name_key = $8, serial = $4, lat = $5, lng = $6, note = $7, updated_at = now() WHERE id = $1',
    [id, d.areaId, d.name, d.serial, d.lat, d.lng, d.note, vietnameseSortKey(d.name)],
  );
}

export async function updateDeviceConfig(db: Db, id: string, config: Record<string, unknown>): Promise<void> {
  await db.query('UPDATE devices SET config = $2::jsonb, updated_at = now() WHERE id = $1', [id, JSON.stringify(config)]);
}

/** New secrets of many devices, in one statement (rows locked in id order, as the gateway's live-state writes lock them). */
export async function setSecretHashes(db: Db, rows: { id: string; hash: string }[]): Promise<void> {
  await db.query(
    `${lockingDevicesInIdOrder('$1')}
     UPDATE devices d SET secret_hash = v.hash, updated_at = now() FROM unnest($1::text[], $2::text[]) AS v(id, hash) JOIN locked l ON l.id = v.id WHERE d.id = v.id`,
    [rows.map((r) => r.id), rows.map((r) => r.hash)],
  );
}

export async function deleteDevice(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM devices WHERE id = $1', [id]);
}

export async function listConnections(db: Db, deviceId: string, limit: number, offset: number) {
  return pageWithTotal<{ at: Date; online: boolean; reason: string; ip: string | null }>(
    db, 'SELECT at, online, reason, ip FROM device_connections WHERE device_id = $1', [deviceId], 'at DESC, id DESC', limit, offset,
  );
}

export async function listPlays(db: Db, deviceId: string, limit: number, offset: number) {
  // With the bulletin's title and the item's own title (a file's original name, a channel, a text's start).
  // With how the bulletin itself ended: a speaker stopped at a bulletin's planned end played it in full.
  return pageWithTotal<{ at: Date; event: string; session_id: string | null; item_index: number | null; url: string | null; message: string | null; gap_seconds: number | null; title: string | null; item_title: string | null; session_status: string | null }>(
    db,
    `SELECT p.at, p.event, p.session_id, p.item_index, p.url, p.message, p.gap_seconds, b.title, b.items -> p.item_index ->> 'title' AS item_title, b.status AS session_status
       FROM device_plays p LEFT JOIN broadcasts b ON b.id = p.session_id
      WHERE p.device_id = $1`, [deviceId], 'p.at DESC, p.id DESC', limit, offset,
  );
}
