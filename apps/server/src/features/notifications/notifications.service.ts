import {
  MESSAGING_SERVICES, NOTIFICATION_MESSAGES, type Forwarding, type ForwardingUpdateBody, type MessagingService, type Notification,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';
import { listForwarding, saveForwarding, sendThrough, type ForwardingDeps, type ForwardingRow } from './forwarding';
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

function toForwarding(service: MessagingService, row: ForwardingRow | undefined): Forwarding {
  const c = row?.config ?? {};
  const cauhinh: Record<string, string> = service === 'telegram' ? { bottoken: mask(c.bottoken), chatid: c.chatid ?? '' } : { url: c.url ?? '', bimat: mask(c.bimat) };
  return { dichvu: service, batdau: row?.enabled ?? false, sukien: row?.events ?? [], cauhinh, loigannhat: row?.last_error ?? null };
}

/** Forwarding settings of the caller's administrator, secrets masked. Right: quanlytaikhoan. */
export async function getForwarding(db: Db, session: Session): Promise<Forwarding[]> {
  requireRight(session, 'quanlytaikhoan');
  const rows = await listForwarding(db, session.user.admin_id);
  return MESSAGING_SERVICES.map((s) => toForwarding(s, rows.find((r) => r.service === s)));
}

/** Saves one service's settings; an empty secret keeps the stored one. Right: quanlytaikhoan. */
export async function updateForwarding(db: Db, session: Session, body: ForwardingUpdateBody): Promise<Forwarding> {
  requireRight(session, 'quanlytaikhoan');
  const stored = (await listForwarding(db, session.user.admin_id)).find((r) => r.service === body.dichvu)?.config ?? {};
  let config: Record<string, string>;
  if (body.dichvu === 'telegram') {
    const bottoken = body.cauhinh.bottoken || stored.bottoken;
    if (!bottoken) throw badRequest(NOTIFICATION_MESSAGES.telegramTokenRequired);
    config = { bottoken, chatid: body.cauhinh.chatid };
  } else {
    config = { url: body.cauhinh.url, ...((body.cauhinh.bimat || stored.bimat) ? { bimat: body.cauhinh.bimat || stored.bimat } : {}) };
  }
  const events = [...new Set(body.sukien)];
  await saveForwarding(db, { admin_id: session.user.admin_id, service: body.dichvu, enabled: body.batdau, events, config });
  await writeSystemLog(db, session.actor, { action: 'cau-hinh-chuyen-tiep-thong-bao', targetType: 'chuyentiep', targetId: body.dichvu, detail: { batdau: body.batdau, sukien: events } });
  return toForwarding(body.dichvu, { admin_id: session.user.admin_id, service: body.dichvu, enabled: body.batdau, events, config, last_error: null });
}

/** Sends a test message through one configured service. Right: quanlytaikhoan. */
export async function testForwarding(deps: ForwardingDeps, session: Session, service: MessagingService): Promise<void> {
  requireRight(session, 'quanlytaikhoan');
  const row = (await listForwarding(deps.db, session.user.admin_id)).find((r) => r.service === service);
  if (!row) throw badRequest(NOTIFICATION_MESSAGES.notConfigured);
  try {
    await sendThrough(deps, row, { kind: 'phat-batdau', title: NOTIFICATION_MESSAGES.testMessage, body: '', link: null, target: null, at: new Date() });
  } catch {
    throw badRequest(NOTIFICATION_MESSAGES.sendFailed);
  }
}
