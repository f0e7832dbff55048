import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** The console's public address, for links in mail. */
    publicUrl: string;
  }
}

/** Decorates the app with the mailer (SMTP or outbox) and the console's public address. */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.OUTBOX_DIR ?? path.join(config.DATA_DIR, 'outbox') });
  app.decorate('mailer', mailer);
  app.decorate('publicUrl', (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''));
  app.addHook('onClose', async () => mailer.close());
});
