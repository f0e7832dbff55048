import { createFleet, type Fleet } from './fleet';
import { AdminClient } from './httpAdmin';
import type { Logger } from './logger';

export interface SimulateOptions {
  serverUrl: string;
  mqttUrl: string;
  count: number;
  adminUser: string;
  adminPassword: string;
  logger: Logger;
  summaryEveryMs?: number;
}

/**
 * Runs `count` simulated speakers for devices of a real server: signs in as an admin, takes the
 * first `count` devices, issues them new secrets (one call) and connects them as a fleet.
 * Returns the fleet and a function that stops the periodic summary.
 */
export async function simulate(options: SimulateOptions): Promise<{ fleet: Fleet; stopSummary: () => void }> {
  const { logger: log } = options;
  const admin = new AdminClient(options.serverUrl);
  await admin.login(options.adminUser, options.adminPassword);
  log.info(`Đã đăng nhập / signed in as ${options.adminUser}`);
  const devices = (await admin.listDevices()).slice(0, options.count);
  if (devices.length === 0) throw new Error('Không có thiết bị nào / no device to simulate: add devices in the console first');
  if (devices.length < options.count) log.warn(`Chỉ có / only ${devices.length} thiết bị / devices (asked ${options.count})`);
  log.warn(`Cấp lại khoá bí mật cho / resetting the secrets of ${devices.length} thiết bị / devices (real speakers with these ids are disconnected)`);
  const secrets = await admin.resetSecrets(devices.map((d) => d._id));
  const fleet = createFleet({
    mqttUrl: options.mqttUrl,
    devices: secrets.map((s) => ({ id: s._id, secret: s.secret })),
    audioBaseUrl: options.serverUrl,
    logger: log,
    // Real speakers' clocks are off by up to a few seconds before they synchronise; so are these
    // (the device table shows what each found), and every tenth is off by half a minute.
    clockErrorMs: (i) => (i % 10 === 9 ? 30_000 : Math.round((Math.random() * 2 - 1) * 2_000)),
  });
  const total = secrets.length;
  const summary = () => log.info(`Đã kết nối / connected: ${fleet.connectedCount()}/${total} · đang phát / playing: ${fleet.playingCount()}`);
  const timer = setInterval(summary, options.summaryEveryMs ?? 10_000);
  void fleet.ready.then(() => {
    log.info(`Mọi loa đã thử kết nối / every speaker has tried to connect`);
    summary();
  });
  return { fleet, stopSummary: () => clearInterval(timer) };
}
