import type { Db } from '../../infra/db';

export interface MediaRow {
  key: string;
  admin_id: string;
  user_id: string;
  original_name: string;
  kind: 'file' | 'tts' | 'recording';
  duration: number;
  bitrate: number | null;
  bytes: number;
  /** The author's area (null: the whole administrator); the library follows area scope. */
  area_id: string | null;
  /** sha256 of the stored bytes (null for rows made before it was kept, and for presigned keys whose content was already there). */
  content_hash?: string | null;
}

/**
 * Records a stored file; false (nothing recorded) when its key is already recorded or when the same
 * content is already in the library of the same administrator and area (media_admin_area_hash).
 */
export async function insertMedia(db: Db, m: MediaRow): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO media (key, admin_id, user_id, original_name, kind, duration, bitrate, bytes, area_id, content_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT DO NOTHING RETURNING key`,
    [m.key, m.admin_id, m.user_id, m.original_name, m.kind, m.duration, m.bitrate, m.bytes, m.area_id, m.content_hash ?? null],
  );
  return rows.length > 0;
}

/** The library row holding `contentHash` for this administrator and area (an area of null: the whole administrator). */
export async function findMediaByContent(db: Db, adminId: string, areaId: string | null, contentHash: string): Promise<MediaRow | null> {
  const [row] = await db.query<MediaRow>(
    `SELECT key, admin_id, user_id, original_name, kind, duration, bitrate, bytes::int AS bytes, area_id, content_hash FROM media
      WHERE admin_id = $1 AND area_id IS NOT DISTINCT FROM $2 AND content_hash = $3 ORDER BY created_at LIMIT 1`,
    [adminId, areaId, contentHash],
  );
  return row ?? null;
}

export async function findMedia(db: Db, keys: string[]): Promise<MediaRow[]> {
  if (keys.length === 0) return [];
  return db.query<MediaRow>('SELECT key, admin_id, user_id, original_name, kind, duration, bitrate, bytes::int AS bytes, area_id, content_hash FROM media WHERE key = ANY($1)', [keys]);
}

export async function deleteMedia(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.query('DELETE FROM media WHERE key = ANY($1)', [keys]);
}
