import type { Db } from '../../infra/db';

export interface TtsCacheRow {
  key: string;
  engine: string;
  voice: string;
  media_key: string;
  duration: number;
}

export async function findCached(db: Db, key: string): Promise<TtsCacheRow | null> {
  const rows = await db.query<TtsCacheRow>('SELECT key, engine, voice, media_key, duration FROM tts_cache WHERE key = $1', [key]);
  return rows[0] ?? null;
}

export async function touchCached(db: Db, key: string): Promise<void> {
  await db.query('UPDATE tts_cache SET last_used_at = now() WHERE key = $1', [key]);
}

export async function saveCached(db: Db, row: TtsCacheRow & { chars: number; createdBy: string | null }): Promise<void> {
  await db.query(
    `INSERT INTO tts_cache (key, engine, voice, media_key, duration, chars, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (key) DO UPDATE SET media_key = EXCLUDED.media_key, duration = EXCLUDED.duration, last_used_at = now()`,
    [row.key, row.engine, row.voice, row.media_key, row.duration, row.chars, row.createdBy],
  );
}
