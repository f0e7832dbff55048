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
}

export async function insertMedia(db: Db, m: MediaRow): Promise<void> {
  await db.query(
    `INSERT INTO media (key, admin_id, user_id, original_name, kind, duration, bitrate, bytes, area_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (key) DO NOTHING`,
    [m.key, m.admin_id, m.user_id, m.original_name, m.kind, m.duration, m.bitrate, m.bytes, m.area_id],
  );
}

export async function findMedia(db: Db, keys: string[]): Promise<MediaRow[]> {
  if (keys.length === 0) return [];
  return db.query<MediaRow>('SELECT key, admin_id, user_id, original_name, kind, duration, bitrate, bytes::int AS bytes, area_id FROM media WHERE key = ANY($1)', [keys]);
}

export async function deleteMedia(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.query('DELETE FROM media WHERE key = ANY($1)', [keys]);
}
