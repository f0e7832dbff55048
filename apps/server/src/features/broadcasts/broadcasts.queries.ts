import type { PlayItem, Source } from '@loa/contract';
import type { Db } from '../../infra/db';

export interface BroadcastRow {
  id: string;
  admin_id: string;
  created_by: string;
  creator_name: string;
  type: 'phatngay' | 'phatlich';
  title: string;
  message_type: number;
  priority: number;
  chosen_areas: string[];
  chosen_devices: string[];
  target_areas: string[];
  target_devices: string[];
  device_count: number;
  sources: Source[];
  items: PlayItem[];
  total_seconds: number;
  repeat_mode: 0 | 1 | 2;
  repeat_interval: number;
  repeat_count: number;
  status: 'playing' | 'waiting' | 'finished' | 'stopped';
  run_index: number;
  run_started_at: Date;
  next_run_at: Date | null;
  started_at: Date;
  schedule_id: string | null;
}

const SELECT = `SELECT b.*, u.hoten AS creator_name FROM broadcasts b JOIN users u ON u.id = b.created_by`;

export type NewBroadcast = Omit<BroadcastRow, 'creator_name' | 'status' | 'run_index' | 'next_run_at' | 'started_at' | 'schedule_id'> & { schedule_id?: string | null };

export async function insertBroadcast(db: Db, b: NewBroadcast): Promise<void> {
  await db.query(
    `INSERT INTO broadcasts (id, admin_id, created_by, type, title, message_type, priority, chosen_areas, chosen_devices, target_areas,
       target_devices, device_count, sources, items, total_seconds, repeat_mode, repeat_interval, repeat_count, status, run_started_at, schedule_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10::jsonb, $11::jsonb, $12, $13::jsonb, $14::jsonb, $15, $16, $17, $18, 'playing', $19, $20)`,
    [b.id, b.admin_id, b.created_by, b.type, b.title, b.message_type, b.priority, JSON.stringify(b.chosen_areas), JSON.stringify(b.chosen_devices),
      JSON.stringify(b.target_areas), JSON.stringify(b.target_devices), b.device_count, JSON.stringify(b.sources), JSON.stringify(b.items),
      b.total_seconds, b.repeat_mode, b.repeat_interval, b.repeat_count, b.run_started_at.toISOString(), b.schedule_id ?? null],
  );
}

export async function findBroadcast(db: Db, id: string): Promise<BroadcastRow | null> {
  return (await db.query<BroadcastRow>(`${SELECT} WHERE b.id = $1`, [id]))[0] ?? null;
}

/** Running sessions; with `exceptOwner`, those another server instance runs (playout/leases.ts). */
export async function listActiveBroadcasts(db: Db, exceptOwner?: string): Promise<BroadcastRow[]> {
  if (exceptOwner === undefined) return db.query<BroadcastRow>(`${SELECT} WHERE b.status IN ('playing', 'waiting') ORDER BY b.started_at`);
  return db.query<BroadcastRow>(`${SELECT} WHERE b.status IN ('playing', 'waiting') AND b.owner IS DISTINCT FROM $1 ORDER BY b.started_at`, [exceptOwner]);
}

export async function updateRunState(db: Db, id: string, s: { status: 'playing' | 'waiting'; runIndex: number; nextRunAt: Date | null }): Promise<void> {
  await db.query(`UPDATE broadcasts SET status = $2, run_index = $3, next_run_at = $4 WHERE id = $1 AND status IN ('playing', 'waiting')`, [id, s.status, s.runIndex, s.nextRunAt?.toISOString() ?? null]);
}

/** A running session's items and sources once what they waited for is known (speech made while its chime played). */
export async function reviseItems(db: Db, id: string, r: { items: PlayItem[]; sources: Source[]; total: number }): Promise<void> {
  await db.query(`UPDATE broadcasts SET items = $2::jsonb, sources = $3::jsonb, total_seconds = $4 WHERE id = $1`, [id, JSON.stringify(r.items), JSON.stringify(r.sources), r.total]);
}

/** Ends a session once: answers false when it had already ended (another caller won). */
export async function endBroadcast(db: Db, id: string, s: { status: 'finished' | 'stopped'; endedAt: Date; stoppedBy: string | null; reason: string; cutBy?: string | null }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE broadcasts SET status = $2, ended_at = $3, stopped_by = $4, end_reason = $5, cut_by = $6, next_run_at = NULL
      WHERE id = $1 AND status IN ('playing', 'waiting') RETURNING id`,
    [id, s.status, s.endedAt.toISOString(), s.stoppedBy, s.reason, s.cutBy ?? null],
  );
  return rows.length > 0;
}
