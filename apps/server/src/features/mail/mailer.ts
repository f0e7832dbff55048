import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The administrator the mail belongs to: only their accounts may read it in the outbox. */
  adminId: string;
  /** What the mail is about (an invitation, or an account): the outbox shows it to whoever may act on that. */
  concerns?: MailConcern;
}

export interface MailConcern {
  loai: 'loimoi' | 'taikhoan';
  id: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** The folder of .eml files when there is no SMTP server. */
  readonly outboxDir: string | null;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export const ADMIN_HEADER = 'X-Loa-Admin';
export const CONCERNS_HEADER = 'X-Loa-Concerns';

/** Mail through SMTP_URL, or, without it, one .eml file per message in the outbox folder. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: opts.smtpUrl ? 'smtp' : 'outbox',
    outboxDir: opts.smtpUrl ? null : opts.outboxDir,
    async send(m) {
      const info = await transport.sendMail({
        from: opts.from, to: m.to, subject: m.subject, text: m.text, textEncoding: 'base64', headers: {
          [ADMIN_HEADER]: m.adminId, ...(m.concerns ? { [CONCERNS_HEADER]: `${m.concerns.loai}:${m.concerns.id}` } : {}),
        },
      });
      if (opts.smtpUrl) return;
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(opts.outboxDir, name), (info as { message: Buffer }).message);
    },
    close: () => transport.close(),
  };
}
