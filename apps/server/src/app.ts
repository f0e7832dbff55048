import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDb, type Db } from './infra/db';
import { DomainBus } from './infra/events';
import { useErrorHandling } from './infra/errorHandling';
import { serveWebConsole } from './infra/webConsole';
import { createRealtime, type RealtimeServer } from './infra/realtime';
import { security } from './infra/security';
import { useZodValidation } from './infra/validation';
import { closeUnreadConnections, cutStragglersOnClose, httpTimeouts } from './infra/httpLimits';
import { MULTIPART_LIMITS } from './infra/multipartLimits';
import { migrate } from './db/migrate';
import { TokenSigner } from './features/auth/tokens';
import type { AuthDeps } from './features/auth/auth.service';
import { authPlugin } from './features/auth/auth.plugin';
import { authRoutes } from './features/auth/auth.routes';
import { profileRoutes } from './features/accounts/accounts.routes';
import { bootstrap, type BootstrapResult } from './features/accounts/bootstrap';
import { overviewRoutes } from './features/overview/overview.routes';
import { settingsRoutes } from './features/overview/settings.routes';
import { holidayRoutes } from './features/holidays/holidays.routes';
import { systemRoutes } from './features/system/system.routes';
import { areaRoutes } from './features/areas/areas.routes';
import { deviceRoutes } from './features/devices/devices.routes';
import { enrolmentRoutes } from './features/enrolment/enrolment.routes';
import { updateRoutes } from './features/updates/updates.routes';
import { RolloutDispatcher } from './features/updates/rolloutDispatcher';
import { DeviceGateway } from './gateway/gateway';
import { PlayoutEngine } from './playout/engine';
import multipart from '@fastify/multipart';
import { mediaRoutes } from './features/media/media.routes';
import { channelRoutes } from './features/channels/channels.routes';
import { broadcastRoutes } from './features/broadcasts/broadcasts.routes';
import { liveFeature } from './features/live/live.plugin';
import { Scheduler } from './features/schedules/scheduler';
import { DevicePlans } from './playout/devicePlans';
import { planFileRoutes } from './playout/planFiles.routes';
import { scheduleRoutes } from './features/schedules/schedules.routes';
import { programmeRoutes } from './features/programmes/programmes.routes';
import { ttsRoutes } from './features/tts/tts.routes';
import { connectExternalBroker, startEmbeddedBroker, type BrokerTransport } from './infra/broker';
import { createStorage, type MediaStorage } from './infra/storage';
import { mustChangePasswordGuard } from './features/accounts/mustChangePassword';
import { accountAdminRoutes } from './features/accounts/accountsAdmin.routes';
import { emailVerificationRoutes } from './features/accounts/emailVerification.routes';
import { mailPlugin } from './features/mail/mail.plugin';
import { outboxRoutes } from './features/mail/outbox.routes';
import { invitationRoutes } from './features/invitations/invitations.routes';
import { systemLogRoutes } from './features/system-log/systemLog.routes';
import { asRunRoutes } from './features/asrun/asrun.routes';
import { refusalAudit } from './features/system-log/refusalAudit';
import { notificationsFeature } from './features/notifications/notifications.plugin';
import { provinceFeature } from './features/province/province.plugin';
import { createOutbound, type Outbound } from './infra/outbound';
import { createEngines, type EngineRegistry } from './features/tts/engines/registry';
import type { TtsCacheRow } from './features/tts/tts.queries';
import { PendingMedia } from './features/media/pendingMedia';
import { signedItems } from './features/media/mediaAccess';
import { apiKeyAudit } from './features/api-keys/apiKeyAudit';
import { apiKeyRoutes } from './features/api-keys/apiKeys.routes';
import { capPoller, capRoutes } from './features/cap/cap.plugin';
import { areaGeographyRoutes } from './features/areas/geography.routes';
import { API_KEY_SCHEME, ACCESS_COOKIE } from '@loa/contract';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    bus: DomainBus;
    authDeps: AuthDeps;
    io: RealtimeServer;
    gateway: DeviceGateway;
    broker: BrokerTransport;
    storage: MediaStorage;
    /** The only way to fetch a URL a user or a remote party chose (SSRF rules, infra/outbound). */
    outbound: Outbound;
    engine: PlayoutEngine;
    scheduler: Scheduler;
    /** Each speaker's plan of scheduled occurrences (issue #30). */
    plans: DevicePlans;
    /** Sends the rollouts' update commands to the speakers (issue #31). */
    rollouts: RolloutDispatcher;
    /** The speech engines, shared by the text-to-speech routes and the CAP bulletins; conversions under way by cache key. */
    tts: { engines: EngineRegistry; inflight: Map<string, Promise<TtsCacheRow>>; pending: PendingMedia };
    bootstrapResult: BootstrapResult;
    /** Every route as registered (method and path), for the permission walk and the docs. */
    routeTable: { method: string; url: string }[];
  }
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one per worker); closed by the caller then. */
  db?: Db;
  logger?: boolean;
}

async function tokenSecret(db: Db): Promise<string> {
  await db.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', ['token_secret', crypto.randomBytes(48).toString('base64url')]);
  const rows = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', ['token_secret']);
  return rows[0].value;
}

/** Builds the whole server: infrastructure first, then the features, in reading order. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    ...httpTimeouts(config),
    // Signed upload addresses carry their token in the path.
    routerOptions: { maxParamLength: 2048 },
  });
  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);

  // Infrastructure
  const db = opts.db ?? (await openDb({
    databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, inMemory: config.inMemory, log: app.log,
    timeouts: { statementSeconds: config.DB_STATEMENT_TIMEOUT_SECONDS, lockSeconds: config.DB_LOCK_TIMEOUT_SECONDS, connectSeconds: config.DB_CONNECT_TIMEOUT_SECONDS },
  }));
  try {
    await migrate(db);
  } catch (error) {
    // A schema this build cannot use (main.ts serves the reason in standby): nothing else is opened.
    if (!opts.db) await db.close();
    throw error;
  }
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('bus', new DomainBus());
  app.decorate('authDeps', {
    db, bus: app.bus, signer: new TokenSigner(await tokenSecret(db)),
    accessTtl: config.ACCESS_TOKEN_TTL, refreshTtl: config.REFRESH_TOKEN_TTL,
  });
  app.decorate('storage', await createStorage(config));
  app.decorate('outbound', createOutbound(config.OUTBOUND_ALLOW_HOSTS));
  app.decorate('tts', { engines: createEngines(config, app.outbound, { workers: config.TTS_WORKERS }), inflight: new Map(), pending: new PendingMedia() });
  app.decorate('bootstrapResult', await bootstrap(db, { adminUser: config.ADMIN_USER, adminPassword: config.ADMIN_PASSWORD, demo: config.DEMO }));

  useZodValidation(app);
  useErrorHandling(app);
  closeUnreadConnections(app);
  cutStragglersOnClose(app);
  await app.register(cookie);
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Loa API', description: 'API của hệ thống truyền thanh cơ sở Loa', version: '1.0.0' },
      // Two ways in: the console's login cookie (state changes also need the CSRF header), or an
      // API key created on the Kết nối page, sent as `Authorization: Bearer loa_…` (no CSRF).
      components: {
        securitySchemes: {
          [API_KEY_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'loa_<mã>_<bí mật>', description: 'Khoá API do quản trị viên tạo ở trang Kết nối; quyền và địa bàn như một tài khoản.' },
          phienDangNhap: { type: 'apiKey', in: 'cookie', name: ACCESS_COOKIE, description: 'Phiên đăng nhập của bảng điều khiển (kèm tiêu đề x-csrf-token khi thay đổi dữ liệu).' },
        },
      },
      security: [{ [API_KEY_SCHEME]: [] }, { phienDangNhap: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Its own policy (its scripts' hashes), without upgrade-insecure-requests, which would break it on plain HTTP.
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, '') });
  await app.register(security);
  await app.register(authPlugin);
  await app.register(mailPlugin);
  app.decorate('gateway', new DeviceGateway(db, app.bus, app.log, {
    silenceSeconds: config.DEVICE_SILENCE_SECONDS,
    clockReportSeconds: config.DEVICE_CLOCK_REPORT_SECONDS,
    healthThresholds: { tempMaxC: config.DEVICE_HEALTH_TEMP_MAX_C, diskFreeMinPercent: config.DEVICE_HEALTH_DISK_FREE_MIN_PERCENT, memFreeMinPercent: config.DEVICE_HEALTH_MEMORY_FREE_MIN_PERCENT },
  }));
  await app.gateway.load();
  app.decorate('io', await createRealtime(app));
  let broker: BrokerTransport;
  try {
    broker = config.MQTT_URL ? await connectExternalBroker(app, config.MQTT_URL, { dynsec: config.MQTT_DYNSEC }) : await startEmbeddedBroker(app, app.gateway, config.MQTT_PORT);
  } catch (error) {
    // A broker that refuses (main.ts waits in standby and builds again): what is open so far closes.
    await app.close().catch(() => undefined);
    await app.gateway.stop();
    if (!opts.db) await db.close();
    throw error;
  }
  app.decorate('broker', broker);
  await app.gateway.attach(app.broker);
  app.decorate('engine', new PlayoutEngine(db, app.gateway, app.bus, app.log, {
    leadMs: config.PLAY_LEAD_MS, signItems: (items, sessionId, runEndMs) => signedItems(app.authDeps.signer, items, sessionId, runEndMs),
  }));
  await app.engine.recover();
  app.decorate('scheduler', new Scheduler(db, app.engine, app.log, { databaseUrl: config.DATABASE_URL, bus: app.bus, onReloaded: () => void app.plans.refresh() }));
  app.decorate('plans', new DevicePlans(db, app.storage, app.gateway, app.scheduler, app.log, { horizonHours: config.PLAN_HORIZON_HOURS }));
  app.gateway.onConfigPublished(() => void app.plans.refresh());
  await app.scheduler.start();
  void app.plans.refresh();
  app.decorate('rollouts', new RolloutDispatcher(db, app.gateway, app.plans, app.bus, app.log, { tickMs: config.UPDATE_DISPATCH_MS, resendSeconds: config.UPDATE_RESEND_SECONDS }));
  app.rollouts.start();
  // The scheduler and engine first, then devices, then what they write to, then the database.
  app.addHook('onClose', async () => {
    await app.scheduler.stop();
    await app.rollouts.stop();
    await app.plans.stop();
    await app.engine.close();
    await app.broker.close();
    await app.gateway.stop();
    await app.storage.close?.();
    await app.tts.engines.close();
    if (!opts.db) await db.close();
  });

  // Features (the password-change guard first: it wraps every route registered after it)
  await app.register(refusalAudit);
  await app.register(apiKeyAudit);
  await app.register(mustChangePasswordGuard);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(overviewRoutes);
  await app.register(settingsRoutes);
  await app.register(systemRoutes);
  await app.register(areaRoutes);
  await app.register(deviceRoutes);
  await app.register(enrolmentRoutes);
  await app.register(updateRoutes);
  await app.register(mediaRoutes);
  await app.register(planFileRoutes);
  await app.register(channelRoutes);
  await app.register(liveFeature);
  await app.register(broadcastRoutes);
  await app.register(scheduleRoutes);
  await app.register(holidayRoutes);
  await app.register(programmeRoutes);
  await app.register(ttsRoutes);
  await app.register(accountAdminRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(invitationRoutes);
  await app.register(outboxRoutes);
  await app.register(systemLogRoutes);
  await app.register(asRunRoutes);
  await app.register(notificationsFeature);
  await app.register(provinceFeature);
  await app.register(capPoller);
  await app.register(apiKeyRoutes);
  await app.register(areaGeographyRoutes);
  await app.register(capRoutes);

  // The built console, compressed and cached, with client-side routes falling back to index.html (see useErrorHandling).
  await serveWebConsole(app, config.WEB_DIST);
  return app;
}
