import {
  DEFAULT_LOCALE, MESSAGING_SERVICES, MSG, NOTIFICATION_MESSAGES, type Forwarding, type ForwardingUpdateBody, type MessagingService, type Notification,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, outOfScope } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';
import type { Outbound } from '../../infra/outbound';
import { failureReason, forwardingLocale, listForwarding, saveForwarding, sendThrough, TEST_EVENT, type ForwardingDeps, type ForwardingRow } from './forwarding';
import { toNotification } from './notify';
import * as q from './notifications.queries';

/** The caller's own notifications, newest first, with the unread count. */
export async function listOwnNotifications(db: Db, session: Session, query: { chuadoc?: '0' | '1'; sau?: string; sodong: number }): Promise<{ items: Notification[]; chuadoc: number; tieptheo: string | null }> {
  const rows = await q.listForUser(db, session.user.id, { unreadOnly: query.chuadoc === '1', after: query.sau, limit: query.sodong + 1 });
  const items = rows.slice(0, query.sodong).map(toNotification);
  return { items, chuadoc: await q.unreadCount(db, session.user.id), tieptheo: rows.length > query.sodong ? items[items.length - 1]._id : null };
}

export const ownUnreadCount = async (db: Db, session: Session) => ({ chuadoc: await q.unreadCount(db, session.user.id) });

/** Marks some (or all) of the caller's own notifications read; answers the new unread count. */
export async function markOwnRead(db: Db, session: Session, ids: string[] | null): Promise<{ chuadoc: number }> {
  await q.markRead(db, session.user.id, ids);
  return ownUnreadCount(db, session);
}

const mask = (secret: string | undefined) => (secret ? `••••${secret.slice(-4)}` : '');

/** A setting as the console shows it: secrets masked; to one who may not change it, every address masked too. */
function toForwarding(service: MessagingService, row: ForwardingRow | undefined, mayChange = true): Forwarding {
  const c = row?.config ?? {};
  const shown = (value: string | undefined) => (mayChange ? value ?? '' : mask(value));
  const cauhinh: Record<string, string> = service === 'telegram' ? { bottoken: mask(c.bottoken), chatid: shown(c.chatid) }
    : service === 'zalo' ? { accesstoken: mask(c.accesstoken), nguoinhan: shown(c.nguoinhan) } : { url: shown(c.url), bimat: mask(c.bimat) };
  return { dichvu: service, batdau: row?.enabled ?? false, sukien: row?.events ?? [], ngonngu: forwardingLocale(c), cauhinh, loigannhat: row?.last_error ?? null, duocsua: mayChange };
}

/**
 * Forwarding sends every event of the administrator (all areas) to one place, so its settings
 * belong to the administrator: its own account (whatever area it is placed in, as the demo's is
 * in its district; the province connector's rule) or a holder of quanlytaikhoan without an area
 * changes them. Another account manager, scoped to one area, would otherwise route the others'
 * events to itself: it sees the settings read-only, with the reason.
 */
function mayChangeForwarding(session: Session): boolean {
  return !session.user.area_id || session.user.id === session.user.admin_id;
}
function requireForwardingOwner(session: Session): void {
  requireRight(session, 'quanlytaikhoan');
  if (!mayChangeForwarding(session)) throw outOfScope(MSG.forwardingWholeAdministrator, 403);
}

/** Forwarding settings of the caller's administrator, secrets masked; `duocsua` says whether the caller may change them. */
export async function getForwarding(db: Db, session: Session): Promise<Forwarding[]> {
  requireRight(session, 'quanlytaikhoan');
  const rows = await listForwarding(db, session.user.admin_id);
  return MESSAGING_SERVICES.map((s) => toForwarding(s, rows.find((r) => r.service === s), mayChangeForwarding(session)));
}

/** Saves one service's settings; an empty secret keeps the stored one (requireForwardingOwner). */
export async function updateForwarding(db: Db, session: Session, body: ForwardingUpdateBody, outbound: Outbound): Promise<Forwarding> {
  requireForwardingOwner(session);
  const stored = (await listForwarding(db, session.user.admin_id)).find((r) => r.service === body.dichvu)?.config ?? {};
  let config: Record<string, string>;
  if (body.dichvu === 'telegram') {
    const bottoken = body.cauhinh.bottoken || stored.bottoken;
    if (!bottoken) throw badRequest(NOTIFICATION_MESSAGES.telegramTokenRequired);
    config = { bottoken, chatid: body.cauhinh.chatid };
  } else if (body.dichvu === 'zalo') {
    const accesstoken = body.cauhinh.accesstoken || stored.accesstoken;
    if (!accesstoken) throw badRequest(NOTIFICATION_MESSAGES.zaloTokenRequired);
    config = { accesstoken, nguoinhan: body.cauhinh.nguoinhan.split(',').map((x) => x.trim()).join(',') };
  } else {
    // The server will post to it: the host must pass the outbound rules (public, or allow-listed).
    outbound.assertAllowed(body.cauhinh.url);
    config = { url: body.cauhinh.url, ...((body.cauhinh.bimat || stored.bimat) ? { bimat: body.cauhinh.bimat || stored.bimat } : {}) };
  }
  // The language of its messages, kept with the service's settings (only a non-default one is written).
  if (body.ngonngu !== DEFAULT_LOCALE) config.ngonngu = body.ngonngu;
  const events = [...new Set(body.sukien)];
  await db.transaction(async (tx) => {
    await saveForwarding(tx, { admin_id: session.user.admin_id, service: body.dichvu, enabled: body.batdau, events, config });
    await writeSystemLog(tx, session.actor, { action: 'cau-hinh-chuyen-tiep-thong-bao', targetType: 'chuyentiep', targetId: body.dichvu, detail: { batdau: body.batdau, sukien: events } });
  });
  return toForwarding(body.dichvu, { admin_id: session.user.admin_id, service: body.dichvu, enabled: body.batdau, events, config, last_error: null });
}

/** Sends a test message through one configured service (requireForwardingOwner): a webhook receives the distinct event `thu-nghiem`. */
export async function testForwarding(deps: ForwardingDeps, session: Session, service: MessagingService): Promise<void> {
  requireForwardingOwner(session);
  const row = (await listForwarding(deps.db, session.user.admin_id)).find((r) => r.service === service);
  if (!row) throw badRequest(NOTIFICATION_MESSAGES.notConfigured);
  try {
    await sendThrough(deps, row, { kind: TEST_EVENT, title: NOTIFICATION_MESSAGES.testMessage, body: '', link: null, target: null, at: new Date() });
  } catch (error) {
    throw badRequest(`${NOTIFICATION_MESSAGES.sendFailed} ${failureReason(error)}`);
  }
}
