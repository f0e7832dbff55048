import crypto from 'node:crypto';
import { provinceBatchResultSchema, type ProvinceEnvelope, type ProvinceKind } from '@loa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db';
import { OutboundError, type Outbound } from '../../infra/outbound';
import * as q from './outbox.queries';

export interface SenderOptions {
  /** Base address of the province's API (HTTT_NGUON_URL). */
  url: string;
  systemCode: string;
  /** Sent as `Authorization: Bearer`; never logged. */
  key?: string;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  timeoutMs: number;
  /** Where stored media is reached from outside (PUBLIC_URL): bulletins' addresses are made absolute with it. */
  publicUrl: string;
  batchSize?: number;
}

/** How one exchange went: every message taken, some refused, or a failure that may pass. */
type Outcome = { sent: string[]; refused: { id: string; error: string }[]; retry: string[]; error: string | null };

const ANSWER_MAX_BYTES = 1024 * 1024;
/** A failure the province may get over (down, overloaded, its address or our key not yet right): retried with backoff. */
const TRANSIENT = (status: number) => status >= 500 || status === 408 || status === 429 || status === 401 || status === 403 || status === 404;

/**
 * Sends the outbox to the province: claims what is due (a lease per row, so several instances
 * share the work and never send one row together), posts it in batches of one kind, and records
 * each message's fate. A message keeps its id however often it is retried; the province drops a
 * repeated id, so a message sent again after a crash is not taken twice.
 */
export class ProvinceSender {
  private readonly holder = crypto.randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private again = false;
  private lastContact: q.Contact | null = null;

  constructor(private readonly db: Db, private readonly outbound: Outbound, private readonly log: FastifyBaseLogger, private readonly opts: SenderOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops the loop after the exchange under way (its rows are marked; unsent ones stay due). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Looks at the outbox now (a retry asked from the console, a message written on this instance). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain().finally(() => {
        this.running = null;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.opts.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** Sends rounds until nothing is due. */
  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.round()) > 0);
    } catch (error) {
      this.log.warn({ err: error }, 'province outbox round failed');
    }
  }

  /**
   * One round: claims what is due and posts it in runs of one kind, in order; after a run that
   * failed, the rest is let go unsent (it stays due behind the failed run). Answers how many
   * messages it claimed.
   */
  async round(): Promise<number> {
    const leaseMs = this.opts.timeoutMs * 2 + 30_000;
    const rows = await q.claimDue(this.db, this.holder, leaseMs, this.opts.batchSize ?? 100);
    if (rows.length === 0) return 0;
    const runs: q.ClaimedRow[][] = [];
    for (const row of rows) {
      const last = runs.at(-1);
      if (last && last[0].kind === row.kind) last.push(row);
      else runs.push([row]);
    }
    const envelopes = await this.envelopes(rows);
    for (let i = 0; i < runs.length; i += 1) {
      const run = runs[i];
      const outcome = await this.post(run[0].kind, run.map((r) => envelopes.get(r.id)!), run);
      await q.markSent(this.db, outcome.sent);
      for (const r of outcome.refused) await q.markRefused(this.db, r.id, r.error);
      if (outcome.error) await q.markRetry(this.db, outcome.retry, outcome.error, this.backoff(run));
      await this.recordContact(outcome);
      if (outcome.retry.length > 0) {
        await q.release(this.db, runs.slice(i + 1).flat().map((r) => r.id));
        break;
      }
    }
    return rows.length;
  }

  /** The wait before a failed batch is tried again: doubled with each attempt of its most tried message, up to the longest. */
  private backoff(rows: q.ClaimedRow[]): number {
    const attempts = Math.max(...rows.map((r) => r.attempts));
    return Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** Math.min(attempts, 30));
  }

  /** The messages as the province reads them: bulletins with absolute addresses, and the province's own id of those it sent. */
  private async envelopes(rows: q.ClaimedRow[]): Promise<Map<string, ProvinceEnvelope>> {
    const bulletins = rows.filter((r) => r.kind === 'bantin' && r.op !== 'huy').map((r) => String(r.payload.mabantin));
    const origins = new Map<string, string>();
    if (bulletins.length > 0) {
      const found = await this.db.query<{ loa_id: string; external_id: string }>(
        `SELECT COALESCE(schedule_id, broadcast_id) AS loa_id, external_id FROM province_inbound
          WHERE kind = 'bantin' AND (schedule_id = ANY($1::text[]) OR broadcast_id = ANY($1::text[]))`,
        [bulletins],
      );
      for (const f of found) origins.set(f.loa_id, f.external_id);
    }
    const base = `${this.opts.publicUrl.replace(/\/+$/, '')}/`;
    return new Map(rows.map((r) => {
      let dulieu = r.payload;
      if (r.kind === 'bantin' && r.op !== 'huy') {
        const noidung = (dulieu.noidung as { duongdan: string | null }[]).map((i) => ({ ...i, duongdan: i.duongdan === null ? null : new URL(i.duongdan, base).href }));
        dulieu = { ...dulieu, noidung, mabantinnguon: origins.get(String(dulieu.mabantin)) ?? dulieu.mabantinnguon ?? null };
      }
      return [r.id, { idthongdiep: r.message_id, loai: r.kind, thaotac: r.op, thoidiem: r.created_at.toISOString(), dulieu }];
    }));
  }

  private async post(kind: ProvinceKind, danhsach: ProvinceEnvelope[], rows: q.ClaimedRow[]): Promise<Outcome> {
    const ids = rows.map((r) => r.id);
    const retry = (error: string): Outcome => ({ sent: [], refused: [], retry: ids, error });
    const url = `${this.opts.url.replace(/\/+$/, '')}/${kind}`;
    let status: number;
    let text: string;
    try {
      const response = await this.outbound.fetch(url, {
        method: 'POST', timeoutMs: this.opts.timeoutMs, maxBytes: ANSWER_MAX_BYTES, trustOrigin: this.opts.url,
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(this.opts.key ? { authorization: `Bearer ${this.opts.key}` } : {}) },
        body: JSON.stringify({ mahethong: this.opts.systemCode, danhsach }),
      });
      status = response.status;
      text = (await response.buffer()).toString('utf8');
    } catch (error) {
      const reason = error instanceof OutboundError ? error.message : 'Không kết nối được tới Hệ thống thông tin nguồn.';
      return retry(`Không gửi được: ${reason}`);
    }
    if (TRANSIENT(status)) return retry(`Hệ thống thông tin nguồn trả lời mã lỗi HTTP ${status}${reasonIn(text)}.`);
    if (status < 200 || status >= 300) {
      // The batch itself was refused (malformed for the province): each message waits for an operator.
      const error = `Hệ thống thông tin nguồn từ chối (HTTP ${status})${reasonIn(text)}.`;
      return { sent: [], refused: ids.map((id) => ({ id, error })), retry: [], error: null };
    }
    let parsed;
    try {
      parsed = provinceBatchResultSchema.safeParse(JSON.parse(text));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return retry('Câu trả lời của Hệ thống thông tin nguồn không đúng định dạng (thiếu ketqua).');
    const results = new Map(parsed.data.ketqua.map((k) => [k.idthongdiep, k]));
    const outcome: Outcome = { sent: [], refused: [], retry: [], error: null };
    for (const row of rows) {
      const result = results.get(row.message_id);
      if (!result) outcome.retry.push(row.id);
      else if (result.trangthai === 'tuchoi') outcome.refused.push({ id: row.id, error: `Hệ thống thông tin nguồn từ chối: ${(result.loi ?? 'không nêu lý do').slice(0, 500)}` });
      else outcome.sent.push(row.id);
    }
    if (outcome.retry.length > 0) outcome.error = 'Hệ thống thông tin nguồn không trả kết quả cho thông điệp này.';
    return outcome;
  }

  /** Records how the exchange went, for the console of any instance (written when it changes, or every 10 s). */
  private async recordContact(outcome: Outcome): Promise<void> {
    const now = Date.now();
    const failed = outcome.error !== null && outcome.sent.length === 0 && outcome.refused.length === 0;
    const previous = this.lastContact ?? (await q.readContact(this.db));
    const next: q.Contact = failed ? { ...previous, failed: now, error: outcome.error } : { ...previous, ok: now };
    const wasFailing = previous.failed !== null && (previous.ok ?? 0) < previous.failed;
    const changed = failed !== wasFailing || (failed && outcome.error !== previous.error);
    const stale = now - Math.max(previous.ok ?? 0, previous.failed ?? 0) > 10_000;
    this.lastContact = next;
    if (changed || stale) await q.writeContact(this.db, next);
    if (failed && changed) this.log.warn({ reason: outcome.error }, 'province exchange failing; messages wait in the outbox');
  }
}

/** The province's own reason (`loi` or `message` of a JSON answer), shortened; never the raw body otherwise. */
function reasonIn(text: string): string {
  try {
    const body = JSON.parse(text) as { loi?: unknown; message?: unknown };
    const reason = typeof body.loi === 'string' ? body.loi : typeof body.message === 'string' ? body.message : null;
    return reason ? `: ${reason.slice(0, 300)}` : '';
  } catch {
    return '';
  }
}
