import fp from 'fastify-plugin';
import { EVENTS } from '@loa/contract';
import type { FastifyInstance } from 'fastify';
import { userRoom } from '../../infra/realtime';
import { notifyScheduleAlert, type NotifyDeps } from './notify';
import { notificationRoutes } from './notifications.routes';
import { onBroadcastChanged, onBroadcastCut, onDeviceCutOff, sweepClockFaults, sweepHealthFaults, sweepOfflineDevices } from './sources';

declare module 'fastify' {
  interface FastifyInstance {
    /** For other features: `notify(app.notifyDeps, …)`, `notifyScheduleAwaitingApproval(app.notifyDeps, …)`. */
    notifyDeps: NotifyDeps;
  }
}

/**
 * Notifications: fed by the bus (broadcasts) and a sweep (devices offline too long), stored per
 * user, sent live as THONG-BAO-MOI and forwarded to the administrator's messaging services.
 */
export const notificationsFeature = fp(async (app: FastifyInstance): Promise<void> => {
  const { config } = app;
  const forwarding = { db: app.db, outbound: app.outbound, telegramApiUrl: config.TELEGRAM_API_URL, zaloApiUrl: config.ZALO_API_URL };
  const deps: NotifyDeps = { db: app.db, bus: app.bus, forwarding, publicUrl: app.publicUrl, onError: (err) => app.log.error({ err }, 'notification failed') };
  app.decorate('notifyDeps', deps);

  const offs = [
    app.bus.on('notification.created', ({ userId, notification }) => app.io.to(userRoom(userId)).emit(EVENTS.newNotification, notification)),
    app.bus.on('broadcast.changed', (() => {
      const handle = onBroadcastChanged(deps);
      return (change) => void handle(change).catch(deps.onError);
    })()),
    app.bus.on('broadcast.cut', (() => {
      const handle = onBroadcastCut(deps);
      return (cut) => void handle(cut).catch(deps.onError);
    })()),
    app.bus.on('schedule.alert', (alert) => void notifyScheduleAlert(deps, alert).catch(deps.onError)),
    app.bus.on('device.cutOff', (() => {
      const handle = onDeviceCutOff(deps);
      return (cut) => void handle(cut).catch(deps.onError);
    })()),
  ];
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepOfflineDevices(deps, config.NOTIFY_DEVICE_OFFLINE_SECONDS)
      .then(() => sweepClockFaults(deps))
      .then(() => sweepHealthFaults(deps))
      .catch(deps.onError).finally(() => { sweeping = false; });
  }, config.NOTIFY_SWEEP_SECONDS * 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    offs.forEach((off) => off());
  });

  await app.register(notificationRoutes, { forwarding });
});
