import crypto from 'node:crypto';
import { CAP_MAX_BYTES, CAP_MESSAGES, CAP_NOTES, SERVER_ACTOR, type CapFeed } from '@loa/contract';
import { AppError, conflict, outOfScope } from '../../infra/errors';
import { OutboundError } from '../../infra/outbound';
import type { Session } from '../auth/auth.service';
import { findUserById, findUserByLoginName } from '../accounts/accounts.queries';
import { requireKeyManager } from '../api-keys/apiKeys.service';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import { capMessageOf } from './capAlert';
import { warmCapThread } from './capThread';
import { parseXml, type XmlNode } from './capXml';
import { feedContents } from './capFeedContents';
import { receiveAlert, type CapDeps } from './cap.service';

interface FeedRow {
  id: string;
  admin_id: string;
  url: string;
  created_by: string;
  from_config: boolean;
  etag: string | null;
  last_modified: string | null;
  seen: string[];
  pending: PendingLink[];
  last_polled_at: Date | null;
  last_ok_at: Date | null;
  last_error: string | null;
  alerts_received: number;
}

/** A link of a feed not handled yet: how often it failed, and when it is tried again (Unix ms). */
interface PendingLink { url: string; attempts: number; next_at: number }

/** Alert documents fetched from one feed in one poll, at most, and at once. */
const MAX_FETCHES_PER_POLL = 20;
const PARALLEL_FETCHES = 4;
const SEEN_KEPT = 300;
/** Tries of a link before it is given up (its error stays on the feed): about a day at the default interval. */
const MAX_ATTEMPTS = 10;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Each document (the feed, each alert), whole exchange: a slow one never holds up the others. */
const FETCH = { timeoutMs: 15_000, maxBytes: CAP_MAX_BYTES, maxRedirects: 3 };

const toFeed = (r: FeedRow): CapFeed => ({
  _id: r.id, url: r.url, cauhinh: r.from_config, lanlaycuoi: r.last_polled_at?.toISOString() ?? null,
  lanthanhcongcuoi: r.last_ok_at?.toISOString() ?? null, loi: r.last_error, socanhbao: r.alerts_received,
});

const reason = (error: unknown): string => (error instanceof AppError || error instanceof OutboundError ? error.message : CAP_NOTES.serverError);

/**
 * Whether a document or alert that failed was dealt with for good: refused for what it is (a
 * 4xx, listed or logged). A fetch that failed, a busy speaker (409) or a server fault is not: the
 * link is tried again on a later poll.
 */
const settled = (error: unknown): boolean => error instanceof AppError && error.statusCode < 500 && error.statusCode !== 409;

/** Runs the jobs at most `limit` at a time; answers their results in order. */
async function bounded<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < jobs.length; i = next++) results[i] = await jobs[i]();
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}

/** Polls the CAP feeds (Atom, RSS or a CAP document), each with its ETag and Last-Modified, through the outbound rules. */
export class CapFeedPoller {
  private timer: NodeJS.Timeout | null = null;
  /** The poll of each feed under way on this instance: a feed is polled once at a time, feeds side by side. */
  private readonly inflight = new Map<string, Promise<void>>();
  private warming: Promise<void> = Promise.resolve();
  constructor(private readonly deps: CapDeps, private readonly intervalSeconds: number, private readonly warm = true) {}

  /** Adds the feeds of CAP_FEEDS to the ADMIN_USER administrator (once), then polls every interval. */
  async start(configured: string[], adminLogin: string): Promise<void> {
    const admin = configured.length > 0 ? await findUserByLoginName(this.deps.db, adminLogin) : null;
    for (const url of admin ? configured : []) {
      await this.deps.db.query(
        `INSERT INTO cap_feeds (id, admin_id, url, created_by, from_config) VALUES ($1, $2, $3, $4, true) ON CONFLICT (admin_id, url) DO UPDATE SET from_config = true`,
        [crypto.randomUUID(), admin!.admin_id, url, admin!.id],
      );
    }
    this.timer = setInterval(() => void this.pollAll(), this.intervalSeconds * 1000);
    this.timer.unref();
    const [inUse] = await this.deps.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM cap_feeds)::int + (SELECT count(*) FROM api_keys k JOIN users u ON u.id = k.user_id
         WHERE k.revoked_at IS NULL AND u.quyenhan @> '["themsuaxoalichphat"]'::jsonb)::int AS n`);
    if (inUse.n > 0) this.warmUp();
  }

  /**
   * Starts the speech engine's worker ahead of the first alert (starting one costs seconds, and an
   * emergency bulletin should reach the speakers within five): called when alerts may come, that is
   * when a feed or a key that may broadcast exists.
   */
  warmUp(): void {
    if (!this.warm) return;
    const engine = this.deps.tts.engines.get(this.deps.ttsEngine);
    // The CAP thread too (capThread.ts): it reads every posted alert.
    const thread = warmCapThread().catch((error: unknown) => this.deps.log.warn({ err: error }, 'CAP thread warm-up failed'));
    if (!engine) return;
    this.warming = Promise.all([thread, engine.synthesize('Loa sẵn sàng.', this.deps.voice, AbortSignal.timeout(60_000))
      .then(() => undefined, (error: unknown) => this.deps.log.warn({ err: error }, 'speech warm-up failed'))]).then(() => undefined);
  }

  /** Resolves once the last warm-up is done (tests wait for it, as a deployment has long done it before an alert). */
  async ready(): Promise<void> {
    await this.warming;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.inflight.values());
    await this.warming;
  }

  /**
   * Polls every feed once, side by side: a slow or silent feed holds up only itself (each document
   * is bounded by its own timeout), and one still being polled is not started again.
   */
  async pollAll(): Promise<void> {
    try {
      const feeds = await this.deps.db.query<{ id: string }>('SELECT id FROM cap_feeds ORDER BY created_at');
      await Promise.all(feeds.map((f) => this.inflight.get(f.id) ?? this.pollFeed(f.id)));
    } catch (error) {
      this.deps.log.error({ err: error }, 'CAP feed poll failed');
    }
  }

  /** Starts one poll of a feed, read afresh (what the last poll saw and left pending). */
  private pollFeed(id: string): Promise<void> {
    const run = (async () => {
      const [feed] = await this.deps.db.query<FeedRow>('SELECT * FROM cap_feeds WHERE id = $1', [id]);
      if (feed) await this.poll(feed);
    })().catch((error: unknown) => this.deps.log.error({ err: error, feed: id }, 'CAP feed poll failed')).finally(() => this.inflight.delete(id));
    this.inflight.set(id, run);
    return run;
  }

  /** The feed's author, as the session its alerts are handled with (its rights and scope), named after the feed in the log. */
  private async sessionOf(feed: FeedRow): Promise<Session | null> {
    const user = await findUserById(this.deps.db, feed.created_by);
    if (!user || user.locked) return null;
    const actor: Actor = { userId: user.id, tentaikhoan: `Nguồn CAP: ${new URL(feed.url).host}`, adminId: user.admin_id, ip: SERVER_ACTOR.ip };
    return { user, deviceId: `nguon-cap:${feed.id}`, actor };
  }

  /** When a link that failed `attempts` times is tried again: the next poll, then after 2, 4, 8… intervals, at most an hour. */
  private retryAt(attempts: number): number {
    return Date.now() + Math.min(this.intervalSeconds * 1000 * (2 ** (attempts - 1) - 1), MAX_BACKOFF_MS);
  }

  /**
   * One poll of one feed; its outcome (and any error, in Vietnamese) is stored on the feed. New
   * links join the feed's pending links; a link is marked seen only once its alert was handled
   * (or refused for what it is, then listed): one that failed to fetch, or met a passing fault, is
   * tried again with backoff on later polls, even when the feed itself answers 304.
   */
  async poll(feed: FeedRow): Promise<void> {
    const session = await this.sessionOf(feed);
    const errors: string[] = [];
    let received = 0;
    let validators = { etag: feed.etag, lastModified: feed.last_modified };
    const seen = new Set(feed.seen);
    const seenOrder = [...feed.seen];
    let pending = [...feed.pending];
    const handle = async (root: string, node: XmlNode, from: string): Promise<boolean> => {
      try {
        const result = await receiveAlert(this.deps, session!, capMessageOf(root, node), { kind: 'feed', name: feed.url });
        if (result.ketqua !== 'trung') received += 1;
        return true;
      } catch (error) {
        errors.push(from === feed.url ? reason(error) : `${from}: ${reason(error)}`);
        if (settled(error)) await this.logRefusal(session!, feed.url, from, error);
        else if (!(error instanceof AppError)) this.deps.log.error({ err: error, feed: feed.id }, 'CAP alert of a feed failed');
        return settled(error);
      }
    };
    try {
      if (!session) throw new AppError(400, CAP_MESSAGES.feedUnknown);
      const headers: Record<string, string> = { accept: 'application/atom+xml, application/rss+xml, application/cap+xml, application/xml;q=0.9, */*;q=0.1' };
      if (feed.etag) headers['if-none-match'] = feed.etag;
      if (feed.last_modified) headers['if-modified-since'] = feed.last_modified;
      const response = await this.deps.outbound.fetch(feed.url, { ...FETCH, headers });
      if (response.status !== 304) {
        if (!response.ok) {
          response.discard();
          throw new AppError(400, CAP_MESSAGES.feedStatus.replace('{status}', String(response.status)));
        }
        const { root, node } = parseXml((await response.buffer()).toString('utf8'));
        const contents = feedContents(root, node, response.url.href);
        const known = new Set([...seen, ...pending.map((p) => p.url)]);
        pending = [...pending, ...[...new Set(contents.links)].filter((l) => !known.has(l)).map((url) => ({ url, attempts: 0, next_at: 0 }))];
        let allHandled = true;
        for (const alert of contents.alerts) allHandled = (await handle('alert', alert, feed.url)) && allHandled;
        // An inline alert not handled is read again from the whole feed next time (no validators kept).
        validators = allHandled ? { etag: response.header('etag') ?? null, lastModified: response.header('last-modified') ?? null } : { etag: null, lastModified: null };
      }
    } catch (error) {
      errors.unshift(reason(error));
      if (!(error instanceof AppError || error instanceof OutboundError)) this.deps.log.error({ err: error }, 'CAP feed poll failed');
    }
    if (session) pending = await this.fetchPending(session, feed, pending, handle, errors, (url) => {
      seen.add(url);
      seenOrder.unshift(url);
    });
    // Links waiting for their next try keep the feed in error, said, until they are fetched.
    const retrying = pending.filter((p) => p.attempts > 0).length;
    if (retrying > 0 && errors.length === 0) errors.push(CAP_MESSAGES.feedPending.replace('{n}', String(retrying)));
    await this.deps.db.query(
      `UPDATE cap_feeds SET etag = $2, last_modified = $3, seen = $4::jsonb, pending = $7::jsonb, last_polled_at = now(),
              last_ok_at = CASE WHEN $5::text IS NULL THEN now() ELSE last_ok_at END, last_error = $5, alerts_received = alerts_received + $6
        WHERE id = $1`,
      [feed.id, validators.etag, validators.lastModified, JSON.stringify(seenOrder.slice(0, SEEN_KEPT)), errors.length > 0 ? errors.join(' · ').slice(0, 1000) : null, received,
        JSON.stringify(pending)],
    );
  }

  /**
   * Fetches the pending links that are due (a few at once, each within its own timeout), then
   * handles their alerts in the feed's order. Answers the links still pending afterwards.
   */
  private async fetchPending(
    session: Session, feed: FeedRow, pending: PendingLink[], handle: (root: string, node: XmlNode, from: string) => Promise<boolean>,
    errors: string[], markSeen: (url: string) => void,
  ): Promise<PendingLink[]> {
    const now = Date.now();
    const due = pending.filter((p) => p.next_at <= now).slice(0, MAX_FETCHES_PER_POLL);
    const documents = await bounded(due.map((p) => async () => {
      try {
        const res = await this.deps.outbound.fetch(p.url, FETCH);
        if (!res.ok) {
          res.discard();
          // Any status may pass (a 503 while the sender is busy): the link is tried again.
          return { error: new OutboundError('status', CAP_MESSAGES.feedStatus.replace('{status}', String(res.status))) as unknown };
        }
        return { doc: parseXml((await res.buffer()).toString('utf8')) };
      } catch (error) {
        return { error };
      }
    }), PARALLEL_FETCHES);
    const failed = new Map<string, number>();
    for (const [i, p] of due.entries()) {
      const fetched = documents[i];
      let done: boolean;
      if (fetched.doc) done = await handle(fetched.doc.root, fetched.doc.node, p.url);
      else {
        errors.push(`${p.url}: ${reason(fetched.error)}`);
        done = settled(fetched.error);
        if (done) await this.logRefusal(session, feed.url, p.url, fetched.error);
      }
      if (done) markSeen(p.url);
      else if (p.attempts + 1 >= MAX_ATTEMPTS) {
        markSeen(p.url);
        errors.push(`${p.url}: ${CAP_MESSAGES.feedGaveUp.replace('{n}', String(MAX_ATTEMPTS))}`);
      } else failed.set(p.url, p.attempts + 1);
    }
    const handled = new Set(due.map((p) => p.url).filter((url) => !failed.has(url)));
    return pending.filter((p) => !handled.has(p.url)).map((p) => (failed.has(p.url) ? { url: p.url, attempts: failed.get(p.url)!, next_at: this.retryAt(failed.get(p.url)!) } : p));
  }

  /** A refused document or alert of a feed, in the system log under the feed's name. */
  private async logRefusal(session: Session, feedUrl: string, from: string, error: unknown): Promise<void> {
    await writeSystemLog(this.deps.db, session.actor, {
      action: 'tu-choi-canh-bao-cap', outcome: 'denied', detail: { nguon: feedUrl, tailieu: from, lydo: reason(error) },
    }).catch((logError: unknown) => this.deps.log.error({ err: logError }, 'could not log a refused CAP alert'));
  }

  /** The caller's administrator's feeds (Kết nối page). */
  async list(session: Session): Promise<CapFeed[]> {
    requireKeyManager(session);
    return (await this.deps.db.query<FeedRow>('SELECT * FROM cap_feeds WHERE admin_id = $1 ORDER BY created_at', [session.user.admin_id])).map(toFeed);
  }

  async add(session: Session, url: string): Promise<CapFeed> {
    requireKeyManager(session);
    this.deps.outbound.assertAllowed(url);
    const id = crypto.randomUUID();
    await this.deps.db.transaction(async (tx) => {
      const rows = await tx.query('INSERT INTO cap_feeds (id, admin_id, url, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT (admin_id, url) DO NOTHING RETURNING id',
        [id, session.user.admin_id, url, session.user.id]);
      if (rows.length === 0) throw conflict(CAP_MESSAGES.feedExists);
      await writeSystemLog(tx, session.actor, { action: 'them-nguon-cap', targetType: 'nguoncap', targetId: id, targetName: url });
    });
    this.warmUp();
    return this.pollOne(session, id);
  }

  async remove(session: Session, id: string): Promise<void> {
    const feed = await this.owned(session, id);
    if (feed.from_config) throw new AppError(400, CAP_MESSAGES.feedFromConfig);
    await this.deps.db.transaction(async (tx) => {
      await tx.query('DELETE FROM cap_feeds WHERE id = $1', [id]);
      await writeSystemLog(tx, session.actor, { action: 'xoa-nguon-cap', targetType: 'nguoncap', targetId: id, targetName: feed.url });
    });
  }

  /** Polls one feed now (the page's "Lấy ngay"), after a poll of it under way, and answers it as it is then. */
  async pollOne(session: Session, id: string): Promise<CapFeed> {
    await this.owned(session, id);
    await this.inflight.get(id);
    await this.pollFeed(id);
    return toFeed(await this.owned(session, id));
  }

  private async owned(session: Session, id: string): Promise<FeedRow> {
    requireKeyManager(session);
    const [feed] = await this.deps.db.query<FeedRow>('SELECT * FROM cap_feeds WHERE id = $1 AND admin_id = $2', [id, session.user.admin_id]);
    if (!feed) throw outOfScope(CAP_MESSAGES.feedUnknown);
    return feed;
  }
}
