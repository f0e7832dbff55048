import crypto from 'node:crypto';
import { DEFAULT_LOCALE, localizeMessage, outboundStatusMessage, type Locale, type MessagingService, type NotificationKind } from '@loa/contract';
import type { Db } from '../../infra/db';
import { OutboundError, type Outbound } from '../../infra/outbound';

export interface ForwardingRow {
  admin_id: string;
  service: MessagingService;
  enabled: boolean;
  events: NotificationKind[];
  config: Record<string, string>;
  last_error: string | null;
}

/** `thu-nghiem`: the settings page's "Gửi thử", never a real event (a receiver must not act on it). */
export const TEST_EVENT = 'thu-nghiem';

export interface ForwardedEvent {
  kind: NotificationKind | typeof TEST_EVENT;
  title: string;
  body: string;
  /** Absolute console address, or null. */
  link: string | null;
  target: { loai: string; id: string } | null;
  at: Date;
}

export interface ForwardingDeps {
  db: Db;
  /** Webhook addresses are chosen by users: they go out under the outbound rules (infra/outbound). */
  outbound: Outbound;
  telegramApiUrl: string;
  zaloApiUrl: string;
  timeoutMs?: number;
}

export async function listForwarding(db: Db, adminId: string): Promise<ForwardingRow[]> {
  return db.query<ForwardingRow>('SELECT admin_id, service, enabled, events, config, last_error FROM notification_forwarding WHERE admin_id = $1', [adminId]);
}

export async function saveForwarding(db: Db, row: Omit<ForwardingRow, 'last_error'>): Promise<void> {
  await db.query(
    `INSERT INTO notification_forwarding (admin_id, service, enabled, events, config) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
     ON CONFLICT (admin_id, service) DO UPDATE SET enabled = $3, events = $4::jsonb, config = $5::jsonb, last_error = NULL, updated_at = now()`,
    [row.admin_id, row.service, row.enabled, JSON.stringify(row.events), JSON.stringify(row.config)],
  );
}

/** Posts JSON; only the status is looked at, the answer's body is never read nor shown. */
async function post(deps: ForwardingDeps, url: string, body: string, headers: Record<string, string>, trustOrigin?: string): Promise<void> {
  const res = await deps.outbound.fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, timeoutMs: deps.timeoutMs ?? 5000, maxBytes: 64 * 1024, trustOrigin,
  });
  res.discard();
  if (!res.ok) throw new OutboundError('status', outboundStatusMessage(res.status));
}

/**
 * Zalo OA's customer-service message (v3.0 /oa/message/cs) to each recipient. Zalo answers 200 with
 * `error` ≠ 0 when it refuses (expired token, a user who does not follow the OA): only that code is read.
 */
async function sendZalo(deps: ForwardingDeps, config: Record<string, string>, text: string): Promise<void> {
  const url = `${deps.zaloApiUrl.replace(/\/+$/, '')}/v3.0/oa/message/cs`;
  for (const userId of (config.nguoinhan ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const res = await deps.outbound.fetch(url, {
      method: 'POST', headers: { 'content-type': 'application/json', access_token: config.accesstoken ?? '' },
      body: JSON.stringify({ recipient: { user_id: userId }, message: { text: text.slice(0, 2000) } }),
      timeoutMs: deps.timeoutMs ?? 5000, maxBytes: 64 * 1024, trustOrigin: deps.zaloApiUrl,
    });
    if (!res.ok) {
      res.discard();
      throw new OutboundError('status', outboundStatusMessage(res.status));
    }
    let code: unknown;
    try {
      code = (JSON.parse((await res.buffer()).toString('utf8')) as { error?: unknown }).error;
    } catch {
      code = 'khong-doc-duoc';
    }
    if (code !== 0) throw new OutboundError('status', zaloRefusal(code));
  }
}

/** Zalo's refusal in Vietnamese, by its error code (the answer's text is never shown). */
export const zaloRefusal = (code: unknown): string => (code === -216 || code === -124
  ? 'Zalo từ chối: mã truy cập OA không hợp lệ hoặc đã hết hạn.'
  : code === -213 || code === -201
    ? 'Zalo từ chối: người nhận chưa quan tâm OA hoặc mã người nhận sai.'
    : `Zalo từ chối tin nhắn (mã lỗi ${typeof code === 'number' ? code : 'không rõ'}).`);

/** Why a send failed, as a Vietnamese sentence (never what the remote side answered). */
export const failureReason = (error: unknown): string => (error instanceof OutboundError ? error.message : new OutboundError('connect').message);

/** The language a service's messages are written in (its settings' `ngonngu`; Vietnamese unless English was chosen). */
export const forwardingLocale = (config: Record<string, string>): Locale => (config.ngonngu === 'en' ? 'en' : DEFAULT_LOCALE);

/**
 * Sends one event through one service: Telegram's sendMessage, Zalo OA's message, or a JSON POST to
 * a webhook (HMAC-signed when it has a secret), its title and text in the service's language (the
 * notification tables' English, as the console shows them).
 */
export async function sendThrough(deps: ForwardingDeps, row: Pick<ForwardingRow, 'service' | 'config'>, original: ForwardedEvent): Promise<void> {
  const locale = forwardingLocale(row.config);
  const event = locale === DEFAULT_LOCALE ? original : { ...original, title: localizeMessage(original.title, locale), body: original.body && localizeMessage(original.body, locale) };
  if (row.service === 'telegram') {
    const text = [event.title, event.body, event.link].filter(Boolean).join('\n');
    // The operator configured the Telegram base (maybe a local proxy): trusted, and the token cannot leave its path.
    const url = `${deps.telegramApiUrl.replace(/\/+$/, '')}/bot${encodeURIComponent(row.config.bottoken ?? '').replace(/%3A/gi, ':')}/sendMessage`;
    await post(deps, url, JSON.stringify({ chat_id: row.config.chatid, text, disable_web_page_preview: true }), {}, deps.telegramApiUrl);
    return;
  }
  if (row.service === 'zalo') {
    await sendZalo(deps, row.config, [event.title, event.body, event.link].filter(Boolean).join('\n'));
    return;
  }
  const body = JSON.stringify({ sukien: event.kind, tieude: event.title, noidung: event.body, lienket: event.link, doituong: event.target, thoigian: event.at.toISOString() });
  const headers: Record<string, string> = {};
  if (row.config.bimat) headers['x-loa-signature'] = `sha256=${crypto.createHmac('sha256', row.config.bimat).update(body).digest('hex')}`;
  await post(deps, row.config.url, body, headers);
}

/** Forwards an event to every enabled service of the administrator that chose its kind; failures are kept for the settings page. */
export async function forwardEvent(deps: ForwardingDeps, adminId: string, event: ForwardedEvent): Promise<void> {
  const rows = (await listForwarding(deps.db, adminId)).filter((r) => r.enabled && (r.events as string[]).includes(event.kind));
  await Promise.all(rows.map(async (row) => {
    let error: string | null = null;
    try {
      await sendThrough(deps, row, event);
    } catch (e) {
      error = `${new Date().toISOString()} ${failureReason(e)}`.slice(0, 500);
    }
    await deps.db.query('UPDATE notification_forwarding SET last_error = $3 WHERE admin_id = $1 AND service = $2', [adminId, row.service, error]);
  }));
}
