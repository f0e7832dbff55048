import crypto from 'node:crypto';
import type { ProvinceKind, ProvinceOp } from '@loa/contract';
import type { Db } from '../../infra/db';

/**
 * The settings row that says this deployment exchanges with the province: set at start when
 * HTTT_NGUON_URL is set, removed when it is not. Messages are only written while it is there, so a
 * deployment without a province keeps no outbox (every instance has the same configuration).
 */
export const EXCHANGE_ON_KEY = 'httt_nguon.bat';
/** Where the sending instance records how the last exchange went (the console reads it from any instance). */
export const CONTACT_KEY = 'httt_nguon.lienlac';

export interface OutboxMessage {
  kind: ProvinceKind;
  op: ProvinceOp;
  /** Messages of one key are sent in the order they were written (null: no order to keep). */
  entityKey: string | null;
  adminId: string | null;
  payload: Record<string, unknown>;
  /** When it happened (unix ms; default now). */
  at?: number;
  /** The idempotency key; default a new UUID. Give one derived from the event when several instances may write the same event. */
  messageId?: string;
}

export async function setExchangeOn(db: Db, on: boolean): Promise<void> {
  if (on) await db.query(`INSERT INTO settings (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING`, [EXCHANGE_ON_KEY]);
  else await db.query('DELETE FROM settings WHERE key = $1', [EXCHANGE_ON_KEY]);
}

/** Writes messages (in the caller's transaction); nothing when the exchange is off, and a repeated message id is kept once. */
export async function insertOutbox(db: Db, messages: OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const now = Date.now();
  await db.query(
    `INSERT INTO province_outbox (message_id, kind, op, entity_key, admin_id, payload, created_at)
     SELECT v.message_id, v.kind, v.op, v.entity_key, v.admin_id, v.payload::jsonb, v.at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
         WITH ORDINALITY AS v(message_id, kind, op, entity_key, admin_id, payload, at, n)
      WHERE EXISTS (SELECT 1 FROM settings WHERE key = $8)
      ORDER BY v.n
     ON CONFLICT (message_id) DO NOTHING`,
    [
      messages.map((m) => m.messageId ?? crypto.randomUUID()), messages.map((m) => m.kind), messages.map((m) => m.op),
      messages.map((m) => m.entityKey), messages.map((m) => m.adminId), messages.map((m) => JSON.stringify(m.payload)),
      messages.map((m) => new Date(m.at ?? now).toISOString()), EXCHANGE_ON_KEY,
    ],
  );
}

export interface ClaimedRow {
  id: string;
  message_id: string;
  kind: ProvinceKind;
  op: ProvinceOp;
  payload: Record<string, unknown>;
  created_at: Date;
  attempts: number;
}

/**
 * Leases up to `limit` due messages to this holder for `leaseMs`, in the order they were written
 * and only up to the first message that is not due (waiting out a backoff, or leased by another
 * instance): messages reach the province in order, so an area is known before its devices and a
 * device before its status. Rows locked by a concurrent claim are skipped and the lease keeps them
 * from any other instance until it ends. Of one object only its oldest unsent message is taken, so
 * a message the province refused (status 'loi') holds back what follows for its object until an
 * operator sends it again.
 */
export async function claimDue(db: Db, holder: string, leaseMs: number, limit: number): Promise<ClaimedRow[]> {
  return db.query<ClaimedRow>(
    `WITH barrier AS (
       SELECT min(id) AS id FROM province_outbox WHERE status = 'cho' AND (next_at > now() OR lease_until > now())),
     due AS (
       SELECT o.id FROM province_outbox o, barrier
        WHERE o.status = 'cho' AND (barrier.id IS NULL OR o.id < barrier.id)
          -- Checked again on the row as another claim left it (PostgreSQL re-reads a row that was
          -- locked and committed meanwhile, but not the barrier): a lease taken by then excludes it.
          AND (o.lease_until IS NULL OR o.lease_until <= now())
          AND (o.entity_key IS NULL OR NOT EXISTS (
            SELECT 1 FROM province_outbox p WHERE p.entity_key = o.entity_key AND p.id < o.id AND p.status <> 'dagui'))
        ORDER BY o.id
        LIMIT $3
        FOR UPDATE OF o SKIP LOCKED)
     UPDATE province_outbox o SET lease_until = now() + $2 * interval '1 millisecond', leased_by = $1
       FROM due WHERE o.id = due.id
     RETURNING o.id::text, o.message_id, o.kind, o.op, o.payload, o.created_at, o.attempts`,
    [holder, leaseMs, limit],
  ).then((rows) => rows.sort((a, b) => Number(a.id) - Number(b.id)));
}

/** The province took these messages (or had them already). */
export async function markSent(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE province_outbox SET status = 'dagui', sent_at = now(), last_attempt_at = now(), attempts = attempts + 1,
            lease_until = NULL, leased_by = NULL, last_error = NULL
      WHERE id = ANY($1::bigint[]) AND status = 'cho'`,
    [ids],
  );
}

/** Tried and failed for a reason that may pass (the province down, slow, busy): due again after `delayMs`. */
export async function markRetry(db: Db, ids: string[], error: string, delayMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE province_outbox SET attempts = attempts + 1, last_error = $2, last_attempt_at = now(), lease_until = NULL, leased_by = NULL,
            next_at = now() + $3 * interval '1 millisecond'
      WHERE id = ANY($1::bigint[]) AND status = 'cho'`,
    [ids, error, delayMs],
  );
}

/** Lets claimed messages go unsent (due as they were). */
export async function release(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('UPDATE province_outbox SET lease_until = NULL, leased_by = NULL WHERE id = ANY($1::bigint[]) AND status = \'cho\'', [ids]);
}

/** The province refused the message itself: it waits for an operator (Kết nối page) and holds back its object's later messages. */
export async function markRefused(db: Db, id: string, error: string): Promise<void> {
  await db.query(
    `UPDATE province_outbox SET status = 'loi', attempts = attempts + 1, last_error = $2, last_attempt_at = now(), lease_until = NULL, leased_by = NULL
      WHERE id = $1::bigint AND status = 'cho'`,
    [id, error],
  );
}

/** Makes an administrator's waiting or refused messages due now (one, or all); answers how many. */
export async function retryNow(db: Db, adminId: string, id: string | null): Promise<number> {
  const rows = await db.query(
    `UPDATE province_outbox SET status = 'cho', next_at = now()
      WHERE admin_id = $1 AND status IN ('cho', 'loi') AND ($2::bigint IS NULL OR id = $2::bigint) RETURNING id`,
    [adminId, id],
  );
  return rows.length;
}

/** Sent messages are kept a week for the record, then removed. */
export async function pruneSent(db: Db, olderThanDays = 7): Promise<void> {
  await db.query(`DELETE FROM province_outbox WHERE status = 'dagui' AND sent_at < now() - $1 * interval '1 day'`, [olderThanDays]);
}

export interface OutboxCounts {
  waiting: number;
  refused: number;
  sentDay: number;
  oldestWaiting: Date | null;
}

export async function countsOf(db: Db, adminId: string): Promise<OutboxCounts> {
  const [row] = await db.query<{ waiting: number; refused: number; sent_day: number; oldest: Date | null }>(
    `SELECT count(*) FILTER (WHERE status = 'cho')::int AS waiting, count(*) FILTER (WHERE status = 'loi')::int AS refused,
            count(*) FILTER (WHERE status = 'dagui' AND sent_at > now() - interval '1 day')::int AS sent_day,
            min(created_at) FILTER (WHERE status = 'cho') AS oldest
       FROM province_outbox WHERE admin_id = $1`,
    [adminId],
  );
  return { waiting: row.waiting, refused: row.refused, sentDay: row.sent_day, oldestWaiting: row.oldest };
}

export interface OutboxRow {
  id: string;
  message_id: string;
  kind: ProvinceKind;
  op: ProvinceOp;
  payload: Record<string, unknown>;
  status: 'cho' | 'dagui' | 'loi';
  attempts: number;
  last_error: string | null;
  created_at: Date;
  next_at: Date;
  sent_at: Date | null;
}

/** An administrator's waiting and refused messages, refused first, then newest first. */
export async function listUnsent(db: Db, adminId: string, limit: number): Promise<OutboxRow[]> {
  return db.query<OutboxRow>(
    `SELECT id::text, message_id, kind, op, payload, status, attempts, last_error, created_at, next_at, sent_at
       FROM province_outbox WHERE admin_id = $1 AND status IN ('cho', 'loi')
      ORDER BY status = 'loi' DESC, id DESC LIMIT $2`,
    [adminId, limit],
  );
}

export interface Contact {
  /** Unix ms of the last exchange the province answered, and of the last that failed. */
  ok: number | null;
  failed: number | null;
  error: string | null;
}

export async function readContact(db: Db): Promise<Contact> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [CONTACT_KEY]);
  return row ? (JSON.parse(row.value) as Contact) : { ok: null, failed: null, error: null };
}

export async function writeContact(db: Db, contact: Contact): Promise<void> {
  await db.query(
    'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [CONTACT_KEY, JSON.stringify(contact)],
  );
}

export interface StatusReport { messageId: string; deviceId: string; state: string; volume: number | null; sessionId: string | null; at: number }

/** Device status changes, each for the device's administrator, naming the bulletin it plays (a schedule's run: the schedule). */
export async function insertStatusReports(db: Db, reports: StatusReport[]): Promise<void> {
  if (reports.length === 0) return;
  await db.query(
    `INSERT INTO province_outbox (message_id, kind, op, entity_key, admin_id, payload, created_at)
     SELECT v.message_id, 'trangthaithietbi', 'baocao', 'thietbi:' || v.device_id, d.admin_id,
            jsonb_build_object('mathietbi', v.device_id, 'trangthai', v.state, 'amluong', v.volume,
              'mabantin', CASE WHEN v.session_id IS NULL THEN NULL ELSE COALESCE(b.schedule_id, v.session_id) END, 'thoidiem', v.at_text),
            v.at_text::timestamptz
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[]) WITH ORDINALITY AS v(message_id, device_id, state, volume, session_id, at_text, n)
       JOIN devices d ON d.id = v.device_id LEFT JOIN broadcasts b ON b.id = v.session_id
      WHERE EXISTS (SELECT 1 FROM settings WHERE key = $7)
      ORDER BY v.n
     ON CONFLICT (message_id) DO NOTHING`,
    [reports.map((r) => r.messageId), reports.map((r) => r.deviceId), reports.map((r) => r.state), reports.map((r) => r.volume),
      reports.map((r) => r.sessionId), reports.map((r) => new Date(r.at).toISOString()), EXCHANGE_ON_KEY],
  );
}

export interface PlayReport { messageId: string; deviceId: string; event: 'batdau' | 'ketthuc' | 'loi'; sessionId: string | null; itemIndex: number | null; at: number; error: string | null }

/** Play log entries as the speakers reported them (in the device's order); a schedule's run is logged under the schedule. */
export async function insertPlayReports(db: Db, reports: PlayReport[]): Promise<void> {
  if (reports.length === 0) return;
  await db.query(
    `INSERT INTO province_outbox (message_id, kind, op, entity_key, admin_id, payload, created_at)
     SELECT v.message_id, 'nhatkyphat', 'baocao', 'thietbi:' || v.device_id, d.admin_id,
            jsonb_build_object('mathietbi', v.device_id, 'mabantin', CASE WHEN v.session_id IS NULL THEN NULL ELSE COALESCE(b.schedule_id, v.session_id) END,
              'maphien', v.session_id, 'sukien', v.event, 'thutu', v.item_index, 'thoidiem', v.at_text, 'loi', v.error),
            v.at_text::timestamptz
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[]) WITH ORDINALITY AS v(message_id, device_id, event, session_id, item_index, at_text, error, n)
       JOIN devices d ON d.id = v.device_id LEFT JOIN broadcasts b ON b.id = v.session_id
      WHERE EXISTS (SELECT 1 FROM settings WHERE key = $8)
      ORDER BY v.n
     ON CONFLICT (message_id) DO NOTHING`,
    [reports.map((r) => r.messageId), reports.map((r) => r.deviceId), reports.map((r) => r.event), reports.map((r) => r.sessionId),
      reports.map((r) => r.itemIndex), reports.map((r) => new Date(r.at).toISOString()), reports.map((r) => r.error?.slice(0, 500) ?? null), EXCHANGE_ON_KEY],
  );
}
