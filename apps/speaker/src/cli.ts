import { ConnectionRefusedError, SpeakerAgent } from './agent';
import { fail, onSignal, parseCommandLine } from './cliSupport';
import { consoleLogger } from './consoleLogger';
import { choosePlayer } from './player';
import { simulate } from './simulate';
import { installTrustedFetch } from './serverTls';
import { mqttUrlFromServer } from './urls';

const USAGE = `Loa — loa giả lập / speaker agent

  LOA_DEVICE_SECRET=SECRET npm run speaker -- --server URL --id ID [--mqtt URL] [--output-dir DIR] [--cache-dir DIR]
      [--reconnect-base-ms MS] [--verbose]
  npm run speaker -- simulate --server URL --count N [--mqtt URL]
      (ADMIN_USER, mặc định/default "admin"; ADMIN_PASSWORD bắt buộc/required)

  --mqtt mặc định / defaults to ws(s)://<server>/mqtt. Khoá bí mật trong biến môi trường / the secret in
      LOA_DEVICE_SECRET (--secret SECRET also works, but npm echoes the command line).
  --output-dir ghi âm thanh ra tệp WAV thay vì loa (cần mpg123) / writes what it plays to WAV files
      in DIR instead of the sound device, one per item: <sessionId>-<item>.wav (needs mpg123).
  --cache-dir giữ lịch phát và tệp của nó trong DIR, phát cả khi mất kết nối / keeps the plan's files
      in DIR (at most 512 MB), so scheduled programmes play while the link is down.
  --reconnect-base-ms chờ trước lần kết nối lại đầu tiên, gấp đôi tới 30 s / first reconnect delay,
      doubled up to 30 s (default 1000).`;

async function runOne(values: Record<string, string | boolean | undefined>): Promise<void> {
  const server = values.server as string | undefined;
  const id = values.id as string | undefined;
  const secret = (values.secret as string | undefined) ?? process.env.LOA_DEVICE_SECRET;
  if (!server || !id || !secret) fail(USAGE);
  const log = consoleLogger(Boolean(values.verbose));
  const mqttUrl = (values.mqtt as string | undefined) ?? mqttUrlFromServer(server);
  const outputDir = values['output-dir'] as string | undefined;
  const cacheDir = values['cache-dir'] as string | undefined;
  const reconnectBaseMs = values['reconnect-base-ms'] === undefined ? undefined : Number(values['reconnect-base-ms']);
  if (reconnectBaseMs !== undefined && !(Number.isInteger(reconnectBaseMs) && reconnectBaseMs >= 50 && reconnectBaseMs <= 30_000)) {
    fail('--reconnect-base-ms: số mili giây từ 50 đến 30000 / milliseconds from 50 to 30000', 1);
  }
  const player = await choosePlayer({ fetchAudio: true, outputDir }).catch((error: Error) => fail(error.message, 1));
  log.info(`Loa ${id} → ${mqttUrl} (trình phát / player: ${player.name})`);
  const agent = new SpeakerAgent({ mqttUrl, deviceId: id, secret, player, audioBaseUrl: server, logger: log, cacheDir, reconnectBaseMs });
  agent.on('reconnecting', (ms) => log.info(`Kết nối lại sau / reconnecting in ${(ms / 1000).toFixed(1)} s`));
  onSignal(() => agent.stop());
  try {
    await agent.start();
  } catch (error) {
    if (error instanceof ConnectionRefusedError) fail('Sai mã thiết bị hoặc khoá bí mật / wrong device id or secret', 1);
    throw error;
  }
}

async function runSimulation(values: Record<string, string | boolean | undefined>): Promise<void> {
  const server = values.server as string | undefined;
  const count = Number(values.count);
  if (!server || !Number.isInteger(count) || count < 1) fail(USAGE);
  const adminPassword = process.env.ADMIN_PASSWORD;
  if (!adminPassword) fail('Thiếu ADMIN_PASSWORD / ADMIN_PASSWORD is required');
  const log = consoleLogger(Boolean(values.verbose));
  const mqttUrl = (values.mqtt as string | undefined) ?? mqttUrlFromServer(server);
  const { fleet, stopSummary } = await simulate({ serverUrl: server, mqttUrl, count, adminUser: process.env.ADMIN_USER ?? 'admin', adminPassword, logger: log });
  onSignal(async () => {
    stopSummary();
    await fleet.stop();
  });
}

/** Entry point of `npm run speaker`. */
export async function main(argv: string[]): Promise<void> {
  installTrustedFetch();
  const { values, positionals } = parseCommandLine(argv, {
    server: { type: 'string' },
    id: { type: 'string' },
    secret: { type: 'string' },
    mqtt: { type: 'string' },
    'output-dir': { type: 'string' },
    'cache-dir': { type: 'string' },
    'reconnect-base-ms': { type: 'string' },
    count: { type: 'string' },
    verbose: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (positionals[0] === 'simulate') await runSimulation(values);
  else if (positionals.length === 0) await runOne(values);
  else fail(USAGE);
}

main(process.argv.slice(2)).catch((error: unknown) => fail(`Lỗi / error: ${error instanceof Error ? error.message : String(error)}`, 1));
