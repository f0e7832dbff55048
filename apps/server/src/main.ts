import { loadConfig } from './config';
import { buildApp } from './app';
import { startDemoFleet } from './features/devices/demoFleet';
import { seedDemoCap } from './features/cap/demoCap';
import { databaseFault } from './infra/dbFaults';

/** Starts Loa: reads the config, builds the app, listens and stops gracefully on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  let log: Pick<Console, 'error'> = console;
  // A background task (a device event, a sweep, a timer) that meets a database outage must not end
  // the process and the broker with it: it is logged and its next run tries again. Any other
  // unhandled rejection still ends the process.
  process.on('unhandledRejection', (reason) => {
    if (!databaseFault(reason)) throw reason;
    log.error({ err: reason }, 'database unavailable in a background task');
  });
  const app = await buildApp({ config });
  log = app.log;
  const { bootstrapResult: boot } = app;
  if (boot.generatedPassword) {
    // Printed once: the password is stored only as a hash.
    console.log(`\n  Tài khoản quản trị / administrator: ${config.ADMIN_USER}\n  Mật khẩu / password: ${boot.generatedPassword}\n  (chỉ hiện một lần — shown only once)\n`);
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const port = new URL(address).port;
  console.log(`Loa đang chạy tại http://localhost:${port} (listening on ${address})`);
  if (app.broker.tcpPort) console.log(`MQTT cho thiết bị / for devices: mqtt://<máy chủ>:${app.broker.tcpPort} và ws://<máy chủ>:${port}/mqtt`);
  const mqttUrl = config.MQTT_URL ?? (app.broker.tcpPort ? `mqtt://127.0.0.1:${app.broker.tcpPort}` : `ws://127.0.0.1:${port}/mqtt`);
  const demoFleet = config.DEMO ? await startDemoFleet(app, mqttUrl) : null;
  if (config.DEMO) await seedDemoCap(app).catch((error: unknown) => app.log.warn({ err: error }, 'demo CAP alert not received'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await demoFleet?.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
