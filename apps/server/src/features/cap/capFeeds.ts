import crypto from 'node:crypto';
import { CAP_MAX_BYTES, CAP_MESSAGES, type CapFeed } from '@loa/contract';
import { AppError, conflict, outOfScope } from '../../infra/errors';
import { OutboundError } from '../../infra/outbound';
import type { Session } from '../auth/auth.service';
import { findUserById, findUserByLoginName } from '../accounts/accounts.queries';
import { requireKeyManager } from '../api-keys/apiKeys.service';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import { capMessageOf } from './capAlert';
import { listOf, parseXml, textOf, type XmlNode } from './capXml';
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
  last_polled_at: Date | null;
  last_ok_at: Date | null;
  last_error: string | null;
  alerts_received: number;
}

/** Alert documents fetched from one feed in one poll, at most. */
const MAX_FETCHES_PER_POLL = 20;
const SEEN_KEPT = 300;
const FETCH = { timeoutMs: 15_000, maxBytes: CAP_MAX_BYTES, maxRedirects: 3 };

const toFeed = (r: FeedRow): CapFeed => ({
  _id: r.id, url: r.url, cauhinh: r.from_config, lanlaycuoi: r.last_polled_at?.toISOString() ?? null,
  lanthanhcongcuoi: r.last_ok_at?.toISOString() ?? null, loi: r.last_error, socanhbao: r.alerts_received,
});

const reason = (error: unknown): string => (error instanceof AppError || error instanceof OutboundError ? error.message : 'lỗi máy chủ');

/** What a feed document holds: alerts given inline, and links to alert documents. */
function feedContents(root: string, node: XmlNode, base: string): { alerts: XmlNode[]; links: string[] } {
  const absolute = (href: string) => {
    try {
      return new URL(href, base).href;
    } catch {
      return null;
    }
  };
  if (root === 'alert') return { alerts: [node], links: [] };
  if (root === 'feed') {
    const alerts: XmlNode[] = [];
    const links: string[] = [];
    for (const entry of listOf(node.entry) as XmlNode[]) {
      const content = entry.content as XmlNode | undefined;
      const inline = content && typeof content === 'object' ? listOf(content.alert)[0] : undefined;
      if (inline && typeof inline === 'object') {
        alerts.push(inline as XmlNode);
        continue;
      }
      const candidates = (listOf(entry.link) as XmlNode[]).filter((l) => typeof l === 'object' && l['@href']);
      const link = candidates.find((l) => /cap/i.test(textOf(l['@type']))) ?? candidates.find((l) => !l['@rel'] || textOf(l['@rel']) === 'alternate');
      const href = link && absolute(textOf(link['@href']));
      if (href) links.push(href);
    }
    return { alerts, links };
  }
  if (root === 'rss') {
    const channel = (listOf(node.channel)[0] ?? {}) as XmlNode;
    const links = (listOf(channel.item) as XmlNode[]).map((item) => absolute(textOf(item.link).trim())).filter((l): l is string => !!l);
    return { alerts: [], links };
  }
  throw new AppError(400, CAP_MESSAGES.feedUnreadable);
}

/** Polls the CAP feeds (Atom, RSS or a CAP document), each with its ETag and Last-Modified, through the outbound rules. */
export class CapFeedPoller {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
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
    if (!engine) return;
    this.warming = engine.synthesize('Loa sẵn sàng.', this.deps.voice, AbortSignal.timeout(60_000))
      .then(() => undefined, (error: unknown) => this.deps.log.warn({ err: error }, 'speech warm-up failed'));
  }

  /** Resolves once the last warm-up is done (tests wait for it, as a deployment has long done it before an alert). */
  async ready(): Promise<void> {
    await this.warming;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.warming;
  }

  /** Polls every feed once (one poll at a time on this instance). */
  pollAll(): Promise<void> {
    this.running ??= (async () => {
      try {
        const feeds = await this.deps.db.query<FeedRow>('SELECT * FROM cap_feeds ORDER BY created_at');
        for (const feed of feeds) await this.poll(feed);
      } catch (error) {
        this.deps.log.error({ err: error }, 'CAP feed poll failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** The feed's author, as the session its alerts are handled with (its rights and scope), named after the feed in the log. */
  private async sessionOf(feed: FeedRow): Promise<Session | null> {
    const user = await findUserById(this.deps.db, feed.created_by);
    if (!user || user.locked) return null;
    const actor: Actor = { userId: user.id, tentaikhoan: `Nguồn CAP: ${new URL(feed.url).host}`, adminId: user.admin_id, ip: 'máy chủ' };
    return { user, deviceId: `nguon-cap:${feed.id}`, actor };
  }

  /** One poll of one feed; its outcome (and any error, in Vietnamese) is stored on the feed. */
  async poll(feed: FeedRow): Promise<void> {
    const session = await this.sessionOf(feed);
    const errors: string[] = [];
    let received = 0;
    let validators = { etag: feed.etag, lastModified: feed.last_modified };
    let seen = feed.seen;
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
        validators = { etag: response.header('etag') ?? null, lastModified: response.header('last-modified') ?? null };
        const fresh = contents.links.filter((l) => !seen.includes(l)).slice(0, MAX_FETCHES_PER_POLL);
        const alerts = contents.alerts.map((a) => ({ root: 'alert', node: a, from: feed.url }));
        for (const link of fresh) {
          try {
            const res = await this.deps.outbound.fetch(link, FETCH);
            if (!res.ok) {
              res.discard();
              throw new AppError(400, CAP_MESSAGES.feedStatus.replace('{status}', String(res.status)));
            }
            alerts.push({ ...parseXml((await res.buffer()).toString('utf8')), from: link });
          } catch (error) {
            errors.push(`${link}: ${reason(error)}`);
            if (error instanceof AppError) await this.logRefusal(session, feed.url, link, error);
          }
        }
        seen = [...fresh, ...seen].slice(0, SEEN_KEPT);
        for (const alert of alerts) {
          try {
            const result = await receiveAlert(this.deps, session, capMessageOf(alert.root, alert.node), { kind: 'feed', name: feed.url });
            if (result.ketqua !== 'trung') received += 1;
          } catch (error) {
            errors.push(reason(error));
            await this.logRefusal(session, feed.url, alert.from, error);
          }
        }
      }
    } catch (error) {
      errors.unshift(reason(error));
      if (!(error instanceof AppError || error instanceof OutboundError)) this.deps.log.error({ err: error }, 'CAP feed poll failed');
    }
    await this.deps.db.query(
      `UPDATE cap_feeds SET etag = $2, last_modified = $3, seen = $4::jsonb, last_polled_at = now(),
              last_ok_at = CASE WHEN $5::text IS NULL THEN now() ELSE last_ok_at END, last_error = $5, alerts_received = alerts_received + $6
        WHERE id = $1`,
      [feed.id, validators.etag, validators.lastModified, JSON.stringify(seen), errors.length > 0 ? errors.join(' · ').slice(0, 1000) : null, received],
    );
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

  /** Polls one feed now (the page's "Lấy ngay") and answers it as it is then. */
  async pollOne(session: Session, id: string): Promise<CapFeed> {
    await this.poll(await this.owned(session, id));
    return toFeed(await this.owned(session, id));
  }

  private async owned(session: Session, id: string): Promise<FeedRow> {
    requireKeyManager(session);
    const [feed] = await this.deps.db.query<FeedRow>('SELECT * FROM cap_feeds WHERE id = $1 AND admin_id = $2', [id, session.user.admin_id]);
    if (!feed) throw outOfScope(CAP_MESSAGES.feedUnknown);
    return feed;
  }
}
