import { loadConfig } from './config';
import { buildApp } from './app';
import { startDemoFleet } from './features/devices/demoFleet';
import { seedDemoCap } from './features/cap/demoCap';
import { databaseFault } from './infra/dbFaults';
import { buildStandbyApp, isSchemaProblem, type SchemaProblem } from './features/system/standby';
import { writePidFile } from './ops/serverLock';
import { BrokerRefusedError } from './infra/broker';
import type { Config } from './config';

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
  // Backup and restore of DATA_DIR refuse to run while this file names a live server.
  try {
    process.once('exit', writePidFile(config.DATA_DIR));
  } catch (error) {
    console.warn(`Không ghi được tệp PID trong DATA_DIR / could not write the PID file: ${error instanceof Error ? error.message : error}`);
  }
  let app;
  try {
    app = await buildApp({ config });
  } catch (error) {
    if (!isSchemaProblem(error)) throw error;
    if (!(error instanceof BrokerRefusedError)) {
      await standby(config, error);
      return;
    }
    // Refused by the broker: wait in standby (health says why) and try again, on the same port.
    const waiting = await standby(config, error);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, BROKER_RETRY_MS));
      try {
        app = await buildApp({ config });
        break;
      } catch (again) {
        if (!(again instanceof BrokerRefusedError)) throw again;
        console.error(`Máy chủ MQTT vẫn từ chối / the broker still refuses: ${again.message}`);
      }
    }
    config.PORT = waiting.port;
    await waiting.close();
  }
  log = app.log;
  const { bootstrapResult: boot } = app;
  if (boot.generatedPassword) {
    // Printed once: the password is stored only as a hash.
    console.log(`\n  Tài khoản quản trị / administrator: ${config.ADMIN_USER}\n  Mật khẩu / password: ${boot.generatedPassword}\n  (chỉ hiện một lần — shown only once)\n`);
  }
  // A district's speakers connect in the same second (an emergency's audio): Node's default accept
  // backlog of 511 drops the rest's SYNs, which retry after 1, 3, 7… s (issue #29). The kernel caps it at net.core.somaxconn.
  const address = await app.listen({ port: config.PORT, host: config.HOST, backlog: config.HTTP_BACKLOG });
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

/** How often a server refused by the broker tries again. */
const BROKER_RETRY_MS = 10_000;

/** Serves only the reason why not (503) until stopped, or until `close`: see features/system/standby.ts. */
async function standby(config: Config, problem: SchemaProblem): Promise<{ port: number; close: () => Promise<void> }> {
  const app = await buildStandbyApp(config, problem);
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const why = problem instanceof BrokerRefusedError ? 'máy chủ MQTT từ chối tài khoản' : 'cơ sở dữ liệu không hợp với phiên bản này';
  console.log(`Loa tạm ngừng phục vụ, ${why} / standby: ${problem.message} (listening on ${address})`);
  const stop = () => void app.close().then(() => process.exit(0), () => process.exit(1));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return {
    port: Number(new URL(address).port),
    close: async () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      await app.close();
    },
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
