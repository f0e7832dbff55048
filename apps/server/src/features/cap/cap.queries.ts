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
}

export type NewCapAlert = Pick<CapAlertRow, 'id' | 'admin_id' | 'sender' | 'identifier' | 'msg_type' | 'cap_status' | 'via' | 'via_name' | 'headline' | 'event' | 'severity' | 'urgency' | 'certainty' | 'area_ids'> & {
  sent: string;
  refs: unknown[];
};

/**
 * Claims an alert's identity (administrator, sender, identifier, sent): true for the first to
 * claim it, false for a duplicate. Whatever follows happens once per alert, on any instance.
 */
export async function claimAlert(db: Db, a: NewCapAlert): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO cap_alerts (id, admin_id, sender, identifier, sent, msg_type, cap_status, via, via_name, headline, event, severity, urgency, certainty, area_ids, refs)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb, $16::jsonb)
     ON CONFLICT (admin_id, sender, identifier, sent) DO NOTHING RETURNING id`,
    [a.id, a.admin_id, a.sender, a.identifier, a.sent, a.msg_type, a.cap_status, a.via, a.via_name, a.headline, a.event, a.severity, a.urgency, a.certainty,
      JSON.stringify(a.area_ids), JSON.stringify(a.refs)],
  );
  return rows.length > 0;
}

/** Gives up a claim whose handling failed before anything reached a speaker, so the alert can be sent again. */
export async function releaseAlert(db: Db, id: string): Promise<void> {
  await db.query(`DELETE FROM cap_alerts WHERE id = $1 AND outcome = 'dangxuly'`, [id]);
}

export async function settleAlert(db: Db, id: string, s: { outcome: CapOutcome; note?: string | null; broadcastId?: string | null; scheduleId?: string | null }): Promise<void> {
  await db.query('UPDATE cap_alerts SET outcome = $2, outcome_note = $3, broadcast_id = $4, schedule_id = $5 WHERE id = $1',
    [id, s.outcome, s.note ?? null, s.broadcastId ?? null, s.scheduleId ?? null]);
}

/** The alerts an Update or Cancel refers to (by sender, identifier and sent), not yet taken over. */
export async function referencedAlerts(db: Db, adminId: string, refs: { sender: string; identifier: string; sent: string }[]): Promise<CapAlertRow[]> {
  if (refs.length === 0) return [];
  return db.query<CapAlertRow>(
    `SELECT c.* FROM cap_alerts c JOIN jsonb_to_recordset($2::jsonb) AS r(sender text, identifier text, sent text)
        ON c.sender = r.sender AND c.identifier = r.identifier AND c.sent = r.sent::timestamptz
      WHERE c.admin_id = $1 AND c.superseded_by IS NULL`,
    [adminId, JSON.stringify(refs)],
  );
}

export async function markSuperseded(db: Db, ids: string[], by: string): Promise<void> {
  await db.query('UPDATE cap_alerts SET superseded_by = $2 WHERE id = ANY($1::text[])', [ids, by]);
}

export async function findAlert(db: Db, id: string): Promise<CapAlertRow | null> {
  return (await db.query<CapAlertRow>('SELECT * FROM cap_alerts WHERE id = $1', [id]))[0] ?? null;
}

/** The newest alerts of an administrator. */
export async function listAlerts(db: Db, adminId: string, limit = 200): Promise<CapAlertRow[]> {
  return db.query<CapAlertRow>('SELECT * FROM cap_alerts WHERE admin_id = $1 ORDER BY received_at DESC, id LIMIT $2', [adminId, limit]);
}
