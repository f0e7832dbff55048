import fs from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_MESSAGES, ADMIN_ACCOUNT_TYPE, RIGHTS } from '@loa/contract';
import type { z } from 'zod';
import type { outboxItemSchema, outboxMessageSchema } from '@loa/contract';
import type { Db } from '../../infra/db';
import { outOfScope } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { findAccount } from '../accounts/accounts.queries';
import { managerScope, refusalToActOn, type AccountTarget } from '../accounts/accountRules';
import { findInvitation } from '../invitations/invitations.queries';
import { ADMIN_HEADER, CONCERNS_HEADER, type Mailer } from './mailer';
import { parseEml } from './eml';

type OutboxItem = z.infer<typeof outboxItemSchema>;
type OutboxMessage = z.infer<typeof outboxMessageSchema>;

interface OutboxMail {
  item: OutboxItem;
  adminId: string;
  concerns: string;
  text: string;
  raw: string;
}

async function readOne(dir: string, name: string): Promise<OutboxMail | null> {
  let raw: string;
  try {
    raw = await fs.readFile(path.join(dir, path.basename(name)), 'utf8');
  } catch {
    return null;
  }
  const { headers, text } = parseEml(raw);
  const date = headers.get('date');
  return {
    item: {
      _id: name, nguoinhan: headers.get('to') ?? '', tieude: headers.get('subject') ?? '',
      thoigian: (date ? new Date(date) : new Date(0)).toISOString(), kichthuoc: Buffer.byteLength(raw),
    },
    adminId: headers.get(ADMIN_HEADER.toLowerCase()) ?? '',
    concerns: headers.get(CONCERNS_HEADER.toLowerCase()) ?? '',
    text,
    raw,
  };
}

/**
 * Who may read a mail: whoever may act on what it is about (refusalToActOn), since an invitation
 * mail carries the link that creates the invited account and a verification mail the link that
 * vouches for an address. A mail whose subject is unknown or gone counts as being about the widest
 * account of its administrator (no area, every right), so only a manager of everything reads it.
 */
function mailReader(db: Db, session: Session) {
  let scope: Promise<Set<string> | null> | undefined;
  const targets = new Map<string, Promise<AccountTarget | null>>();
  const targetOf = (concerns: string): Promise<AccountTarget | null> => {
    const [loai, id] = concerns.split(':');
    if (!id || (loai !== 'loimoi' && loai !== 'taikhoan')) return Promise.resolve(null);
    if (!targets.has(concerns)) targets.set(concerns, loai === 'loimoi' ? findInvitation(db, id) : findAccount(db, id));
    return targets.get(concerns)!;
  };
  return async (mail: OutboxMail): Promise<boolean> => {
    if (mail.adminId !== session.user.admin_id) return false;
    const target = (await targetOf(mail.concerns)) ?? { admin_id: mail.adminId, area_id: null, loaitaikhoan: ADMIN_ACCOUNT_TYPE, quyenhan: RIGHTS.map((r) => r.value) };
    return refusalToActOn(session.user, await (scope ??= managerScope(db, session.user)), target) === null;
  };
}

/** The outbox mail the caller may read, newest first (empty when mail goes through SMTP). Right: quanlytaikhoan. */
export async function listOutbox(mailer: Mailer, db: Db, session: Session, limit = 200): Promise<OutboxItem[]> {
  requireRight(session, 'quanlytaikhoan');
  if (!mailer.outboxDir) return [];
  const mayRead = mailReader(db, session);
  const names = await fs.readdir(mailer.outboxDir).catch(() => [] as string[]);
  const items: OutboxItem[] = [];
  // File names start with the time, so name order is time order.
  for (const name of names.filter((n) => n.endsWith('.eml')).sort().reverse()) {
    const mail = await readOne(mailer.outboxDir, name);
    if (mail && (await mayRead(mail))) items.push(mail.item);
    if (items.length >= limit) break;
  }
  return items;
}

/** One message the caller may read: its text and the raw .eml. Right: quanlytaikhoan. */
export async function readOutboxMessage(mailer: Mailer, db: Db, session: Session, name: string): Promise<OutboxMessage> {
  requireRight(session, 'quanlytaikhoan');
  const mail = mailer.outboxDir ? await readOne(mailer.outboxDir, name) : null;
  if (!mail || !(await mailReader(db, session)(mail))) throw outOfScope(ACCOUNT_MESSAGES.mailUnknown);
  return { ...mail.item, noidung: mail.text, eml: mail.raw };
}
