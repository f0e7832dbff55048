import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DeviceReports } from './deviceReports';
import { pruneSent, setExchangeOn } from './outbox.queries';
import { provinceConsoleRoutes, provinceInboundRoutes } from './province.routes';
import { ProvinceSender } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    /** The exchange with the province (HTTT_NGUON_URL); null when not configured. */
    province: { sender: ProvinceSender; reports: DeviceReports } | null;
  }
}

/**
 * The exchange with the province information-source system (issue #14, docs/interop.md): the
 * outbox sender, the device status and play log reports, and the connector's console calls.
 */
export const provinceFeature = fp(async (app: FastifyInstance): Promise<void> => {
  const { config } = app;
  await setExchangeOn(app.db, !!config.HTTT_NGUON_URL);
  if (config.HTTT_NGUON_URL) {
    const sender = new ProvinceSender(app.db, app.outbound, app.log, {
      url: config.HTTT_NGUON_URL, systemCode: config.HTTT_NGUON_MA, key: config.HTTT_NGUON_KHOA, pollMs: config.HTTT_NGUON_POLL_MS,
      retryBaseMs: config.HTTT_NGUON_RETRY_BASE_MS, retryMaxMs: config.HTTT_NGUON_RETRY_MAX_MS, timeoutMs: config.HTTT_NGUON_TIMEOUT_MS,
      publicUrl: app.publicUrl,
    });
    const reports = new DeviceReports(app.db, app.bus, () => app.scheduler.isLeader, app.log);
    app.decorate('province', { sender, reports });
    reports.start();
    sender.start();
    const prune = setInterval(() => void pruneSent(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'province outbox prune failed')), 3600_000);
    prune.unref();
    app.addHook('onClose', async () => {
      clearInterval(prune);
      await reports.stop();
      await sender.stop();
    });
  } else {
    app.decorate('province', null);
  }
  await app.register(provinceConsoleRoutes);
  await app.register(provinceInboundRoutes);
});
