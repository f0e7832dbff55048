import fs from 'node:fs/promises';
import path from 'node:path';
import { ACCOUNT_MESSAGES } from '@loa/contract';
import type { z } from 'zod';
import type { outboxItemSchema, outboxMessageSchema } from '@loa/contract';
import { notFound } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { ADMIN_HEADER, type Mailer } from './mailer';
import { parseEml } from './eml';

type OutboxItem = z.infer<typeof outboxItemSchema>;
type OutboxMessage = z.infer<typeof outboxMessageSchema>;

async function readOne(dir: string, name: string): Promise<{ item: OutboxItem; adminId: string; text: string; raw: string } | null> {
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
    text,
    raw,
  };
}

/** The outbox of the caller's administrator, newest first (empty when mail goes through SMTP). Right: quanlytaikhoan. */
export async function listOutbox(mailer: Mailer, session: Session, limit = 200): Promise<OutboxItem[]> {
  requireRight(session, 'quanlytaikhoan');
  if (!mailer.outboxDir) return [];
  const names = await fs.readdir(mailer.outboxDir).catch(() => [] as string[]);
  const items: OutboxItem[] = [];
  // File names start with the time, so name order is time order.
  for (const name of names.filter((n) => n.endsWith('.eml')).sort().reverse()) {
    const mail = await readOne(mailer.outboxDir, name);
    if (mail && mail.adminId === session.user.admin_id) items.push(mail.item);
    if (items.length >= limit) break;
  }
  return items;
}

/** One message of the caller's administrator: its text and the raw .eml. Right: quanlytaikhoan. */
export async function readOutboxMessage(mailer: Mailer, session: Session, name: string): Promise<OutboxMessage> {
  requireRight(session, 'quanlytaikhoan');
  const mail = mailer.outboxDir ? await readOne(mailer.outboxDir, name) : null;
  if (!mail || mail.adminId !== session.user.admin_id) throw notFound(ACCOUNT_MESSAGES.mailUnknown);
  return { ...mail.item, noidung: mail.text, eml: mail.raw };
}
