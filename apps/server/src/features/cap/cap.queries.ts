import type { CapOutcome } from '@loa/contract';
import type { Db } from '../../infra/db';

export interface CapAlertRow {
  id: string;
  admin_id: string;
  sender: string;
  identifier: string;
  sent: Date;
  msg_type: string;
  cap_status: string;
  via: 'api' | 'feed';
  via_name: string;
  headline: string;
  event: string;
  severity: string;
  urgency: string;
  certainty: string;
  area_ids: string[];
  outcome: CapOutcome;
  outcome_note: string | null;
  broadcast_id: string | null;
  schedule_id: string | null;
  superseded_by: string | null;
  received_at: Date;
  /** The area of the key or account it came with ('' for the whole administrator): the scope its identity is claimed in. */
  claim_area: string;
}

export type NewCapAlert = Pick<CapAlertRow, 'id' | 'admin_id' | 'sender' | 'identifier' | 'msg_type' | 'cap_status' | 'via' | 'via_name' | 'headline' | 'event' | 'severity' | 'urgency' | 'certainty' | 'area_ids' | 'claim_area'> & {
  sent: string;
  refs: unknown[];
};

const REFUSED = `('tuchoi', 'hethan')`;
const INSERT = `INSERT INTO cap_alerts (id, admin_id, sender, identifier, sent, msg_type, cap_status, via, via_name, headline, event, severity, urgency, certainty, area_ids, refs, claim_area, outcome, outcome_note)`;
const values = (a: NewCapAlert) => [a.id, a.admin_id, a.sender, a.identifier, a.sent, a.msg_type, a.cap_status, a.via, a.via_name, a.headline, a.event, a.severity, a.urgency, a.certainty,
  JSON.stringify(a.area_ids), JSON.stringify(a.refs), a.claim_area];

/**
 * Claims an alert's identity (administrator, sender, identifier, sent) in the sender's scope: true
 * for the first to claim it, false for a duplicate, that is when the identity is already claimed in
 * this scope or a wider one (the sender's area or one above it, or the whole administrator). A claim
 * made in a narrower scope (a commune key) never makes a wider one's alert (a district's) a duplicate.
 * Whatever follows happens once per alert and scope, on any instance.
 */
export async function claimAlert(db: Db, a: NewCapAlert): Promise<boolean> {
  const rows = await db.query(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id FROM areas WHERE id = $17 AND $17 <> ''
       UNION ALL SELECT p.id, p.parent_id FROM areas p JOIN up ON p.id = up.parent_id
     )
     ${INSERT}
     SELECT $1, $2, $3, $4, $5::timestamptz, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb, $17, 'dangxuly', NULL
      WHERE NOT EXISTS (SELECT 1 FROM cap_alerts c WHERE c.admin_id = $2 AND c.sender = $3 AND c.identifier = $4 AND c.sent = $5::timestamptz
                           AND c.outcome NOT IN ${REFUSED} AND (c.claim_area = '' OR c.claim_area IN (SELECT id FROM up)))
     ON CONFLICT (admin_id, sender, identifier, sent, claim_area) WHERE outcome NOT IN ${REFUSED} DO NOTHING RETURNING id`,
    values(a),
  );
  return rows.length > 0;
}

/**
 * Lists a refused alert ('tuchoi', or 'hethan' past its <expires>) with its reason. It claims
 * nothing; the last refusal of an identity in a scope replaces the one before, so a feed that carries
 * it on every poll leaves one row.
 */
export async function recordRefusal(db: Db, a: NewCapAlert, outcome: 'tuchoi' | 'hethan', note: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM cap_alerts WHERE admin_id = $1 AND sender = $2 AND identifier = $3 AND sent = $4::timestamptz AND claim_area = $5 AND outcome IN ${REFUSED}`,
      [a.admin_id, a.sender, a.identifier, a.sent, a.claim_area]);
    await tx.query(`${INSERT} VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb, $17, $18, $19)`,
      [...values(a), outcome, note]);
  });
}

/** Gives up a claim whose handling failed before anything reached a speaker, so the alert can be sent again. */
export async function releaseAlert(db: Db, id: string): Promise<void> {
  await db.query(`DELETE FROM cap_alerts WHERE id = $1 AND outcome = 'dangxuly'`, [id]);
}

/** Stores what a claimed alert became; `areaIds` when it reached more areas than its own (a Cancel: those of the alerts it stopped). */
export async function settleAlert(db: Db, id: string, s: { outcome: CapOutcome; note?: string | null; broadcastId?: string | null; scheduleId?: string | null; areaIds?: string[] }): Promise<void> {
  await db.query('UPDATE cap_alerts SET outcome = $2, outcome_note = $3, broadcast_id = $4, schedule_id = $5, area_ids = COALESCE($6::jsonb, area_ids) WHERE id = $1',
    [id, s.outcome, s.note ?? null, s.broadcastId ?? null, s.scheduleId ?? null, s.areaIds ? JSON.stringify(s.areaIds) : null]);
}

/** The alerts an Update or Cancel refers to (by sender, identifier and sent), handled and not yet taken over. */
export async function referencedAlerts(db: Db, adminId: string, refs: { sender: string; identifier: string; sent: string }[]): Promise<CapAlertRow[]> {
  if (refs.length === 0) return [];
  return db.query<CapAlertRow>(
    `SELECT c.* FROM cap_alerts c JOIN jsonb_to_recordset($2::jsonb) AS r(sender text, identifier text, sent text)
        ON c.sender = r.sender AND c.identifier = r.identifier AND c.sent = r.sent::timestamptz
      WHERE c.admin_id = $1 AND c.superseded_by IS NULL AND c.outcome NOT IN ${REFUSED}`,
    [adminId, JSON.stringify(refs)],
  );
}

export async function markSuperseded(db: Db, ids: string[], by: string): Promise<void> {
  await db.query('UPDATE cap_alerts SET superseded_by = $2 WHERE id = ANY($1::text[])', [ids, by]);
}

export async function findAlert(db: Db, id: string): Promise<CapAlertRow | null> {
  return (await db.query<CapAlertRow>('SELECT * FROM cap_alerts WHERE id = $1', [id]))[0] ?? null;
}

/**
 * The newest alerts of an administrator; with `scopeIds` (an account with an area: its area and
 * below) only those that reach one of them or came with a key or account inside them.
 */
export async function listAlerts(db: Db, adminId: string, scopeIds: string[] | null, limit = 200): Promise<CapAlertRow[]> {
  return db.query<CapAlertRow>(
    `SELECT * FROM cap_alerts WHERE admin_id = $1
        AND ($2::text[] IS NULL OR claim_area = ANY($2::text[]) OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(area_ids) a WHERE a = ANY($2::text[])))
      ORDER BY received_at DESC, id LIMIT $3`,
    [adminId, scopeIds, limit]);
}
