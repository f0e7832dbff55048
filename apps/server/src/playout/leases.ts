import type { Db } from '../infra/db';

/**
 * Leases on running sessions (migration 025): which server instance runs each, until when. The
 * owner renews its leases every tick; a session whose lease ran out is claimed by whichever
 * instance asks first (one UPDATE, rows locked and skipped by the others), so a session is never
 * run by two instances that both see the database.
 */

/** A stop asked through an instance that does not run the session (carried out by its owner). */
export interface StopRequest {
  by: string;
  reason: string;
  cutBy?: string | null;
}

const ACTIVE = `status IN ('playing', 'waiting')`;

/** Renews this instance's leases; answers the sessions still its own and active, with any stop asked of them. */
export async function renewLeases(db: Db, owner: string, ids: string[], leaseMs: number): Promise<{ id: string; stop_request: StopRequest | null }[]> {
  if (ids.length === 0) return [];
  return db.query(
    `UPDATE broadcasts SET owner = $1, lease_until = now() + $3 * interval '1 millisecond'
      WHERE id = ANY($2::text[]) AND ${ACTIVE} AND (owner = $1 OR owner IS NULL) RETURNING id, stop_request`,
    [owner, ids, leaseMs],
  );
}

/** Takes the active sessions whose lease ran out (their instance stopped), except those listed. */
export async function claimExpired(db: Db, owner: string, leaseMs: number, only?: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE broadcasts SET owner = $1, lease_until = now() + $2 * interval '1 millisecond'
      WHERE id IN (SELECT id FROM broadcasts WHERE ${ACTIVE} AND (lease_until IS NULL OR lease_until < now())
                   ${only ? 'AND id = $3' : ''} FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    only ? [owner, leaseMs, only] : [owner, leaseMs],
  );
  return rows.map((r) => r.id);
}

/** Leaves a stop for the session's owner; answers who owns it and whether its lease runs, or null when it is not running. */
export async function requestStop(db: Db, id: string, request: StopRequest): Promise<{ owner: string | null; leased: boolean } | null> {
  const rows = await db.query<{ owner: string | null; leased: boolean }>(
    `UPDATE broadcasts SET stop_request = $2::jsonb WHERE id = $1 AND ${ACTIVE} RETURNING owner, (lease_until IS NOT NULL AND lease_until >= now()) AS leased`,
    [id, JSON.stringify(request)],
  );
  return rows[0] ?? null;
}

/** Whether a session is still active and this instance's (checked before a later run goes out). */
export async function stillOwned(db: Db, id: string, owner: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM broadcasts WHERE id = $1 AND ${ACTIVE} AND (owner = $2 OR owner IS NULL)`, [id, owner]);
  return rows.length > 0;
}

/** Whether a session is active at all. */
export async function isActive(db: Db, id: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM broadcasts WHERE id = $1 AND ${ACTIVE}`, [id])).length > 0;
}
