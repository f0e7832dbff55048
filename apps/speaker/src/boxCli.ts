import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConnectionRefusedError, SpeakerAgent } from './agent';
import { BoxConfigError, configPath, credentialsPath, loadBoxConfig, readCredentials, type BoxConfig, type BoxCredentials } from './boxConfig';
import { fail, onSignal, parseCommandLine } from './cliSupport';
import { consoleLogger } from './consoleLogger';
import { claimHandover, enrolBox } from './enrol';
import { AmplifiedPlayer, Amplifier, attachAmplifier } from './amplifier';
import { choosePlayer, findExecutable, type Player } from './player';
import { Stopper } from './stopSignal';
import { installTrustedFetch } from './serverTls';
import { mqttUrlFromServer } from './urls';
import { AGENT_VERSION } from './version';
import { boxUpdateSettings, installUpdate, requestInstall } from './boxUpdates';

// `loa-speaker`: the command of the Debian package (npm run package:speaker). The systemd unit runs
// `loa-speaker run`; a technician runs the others. Settings come from /etc/loa/speaker.conf
// (LOA_SPEAKER_CONFIG for another file), the device id and secret from state_dir/device.json.

const USAGE = `loa-speaker ${AGENT_VERSION} — phần mềm cụm loa Loa / Loa speaker agent

  loa-speaker status                 tình trạng / what this box is and whether it is connected
  loa-speaker enrol --server URL --code XXXX-XXXX
                                     đăng ký với máy chủ bằng mã / enrol with the server using a code
  loa-speaker test-sound             phát âm thử qua loa / plays a test tone through the amplifier
  loa-speaker run                    chạy (dịch vụ systemd loa-speaker) / runs the agent (the systemd service)
  loa-speaker install-update         cài gói cập nhật đã ký mà loa yêu cầu (root, loa-speaker-update.service)
                                     installs the signed update the agent asked for (root)

  Cấu hình / configuration: ${configPath()} (LOA_SPEAKER_CONFIG)`;

/** The test tone shipped in the package, beside the bundle: /usr/share/loa-speaker/test-sound.mp3. */
export const TEST_SOUND_SECONDS = 2;
function testSoundFile(): string {
  return path.resolve(path.dirname(process.argv[1] ?? '.'), '../../share/loa-speaker/test-sound.mp3');
}

/** Enrols with the configuration's server and code when the box has no credentials yet. */
async function credentialsOrEnrol(config: BoxConfig): Promise<BoxCredentials> {
  const credentials = await readCredentials(config);
  if (credentials) return credentials;
  if (config.server && config.enrolCode) {
    await enrolBox(config, config.server, config.enrolCode).catch((error: Error) => fail(`Đăng ký thất bại / enrolment failed: ${error.message}`, 1));
    const enrolled = await readCredentials(config);
    if (enrolled) return enrolled;
  }
  return fail(`Loa chưa đăng ký / this box is not enrolled: loa-speaker enrol --server URL --code XXXX-XXXX (${credentialsPath(config)})`, 1);
}

/** The amplifier of the configuration's hooks, and the player behind it (the player alone without hooks). */
async function amplifiedPlayer(config: BoxConfig, fetchAudio: boolean): Promise<{ player: Player; sound: Player; amplifier: Amplifier }> {
  const log = consoleLogger(config.verbose);
  const sound = await choosePlayer({ fetchAudio, outputDir: config.outputDir }).catch((error: Error) => fail(error.message, 1));
  const amplifier = new Amplifier({ on: config.amplifierOn, off: config.amplifierOff, leadMs: config.amplifierLeadMs, offDelayMs: config.amplifierOffDelayMs, log });
  return { player: config.amplifierOn || config.amplifierOff ? new AmplifiedPlayer(sound, amplifier) : sound, sound, amplifier };
}

async function run(config: BoxConfig): Promise<void> {
  const log = consoleLogger(config.verbose);
  const { player, amplifier } = await amplifiedPlayer(config, true);
  let agent: SpeakerAgent | null = null;
  onSignal(async () => {
    await agent?.stop();
    await amplifier.shutdown();
  });
  for (let credentials: BoxCredentials | null = await credentialsOrEnrol(config); credentials;) {
    const mqttUrl = config.mqtt ?? credentials.mqtt ?? mqttUrlFromServer(credentials.server);
    log.info(`loa-speaker ${AGENT_VERSION}: ${credentials.deviceId.slice(0, 8)}… → ${mqttUrl} (trình phát / player: ${player.name})`);
    const current: SpeakerAgent = new SpeakerAgent({
      mqttUrl, deviceId: credentials.deviceId, secret: credentials.secret, player, audioBaseUrl: credentials.server, logger: log, updates: boxUpdateSettings(config, log),
      health: { diskPath: config.stateDir },
      // The plan's files, kept so that scheduled programmes play while the link is down (issue #30).
      cacheDir: path.join(config.stateDir, 'cache'),
    });
    agent = current;
    attachAmplifier(current, amplifier);
    current.on('reconnecting', (ms) => log.info(`Kết nối lại sau / reconnecting in ${(ms / 1000).toFixed(1)} s`));
    const used: BoxCredentials = credentials;
    // Refused: the officer may have confirmed this box as the same hardware as a device it replaces.
    const handedOver = new Promise<BoxCredentials | null>((resolve) => {
      let connected = false;
      // Refused later (start() handles the first refusal itself).
      current.on('refused', () => {
        if (connected) void claimHandover(config, used).then((next) => next && resolve(next));
      });
      current.start().then(() => void (connected = true), (error: unknown) => {
        if (!(error instanceof ConnectionRefusedError)) throw error;
        void claimHandover(config, used).then((next) => {
          if (!next) fail('Sai mã thiết bị hoặc khoá bí mật: đăng ký lại / wrong device id or secret: enrol again', 1);
          resolve(next);
        });
      }).catch((error: unknown) => fail(`Lỗi / error: ${(error as Error).message}`, 1));
    });
    credentials = await handedOver;
    log.info('Loa được gán cho thiết bị cũ cùng phần cứng / handed over to the device of the same hardware');
    await current.stop();
  }
}

async function enrol(config: BoxConfig, server: string | undefined, code: string | undefined, force: boolean): Promise<void> {
  const url = server ?? config.server;
  const given = code ?? config.enrolCode;
  if (!url || !given) fail('Cần / needs: loa-speaker enrol --server URL --code XXXX-XXXX');
  if ((await readCredentials(config)) && !force) fail('Loa đã đăng ký; để đăng ký lại / already enrolled; to enrol again: loa-speaker enrol --force …', 1);
  try {
    await enrolBox(config, url, given);
  } catch (error) {
    fail(`Đăng ký thất bại / enrolment failed: ${(error as Error).message}`, 1);
  }
  console.log('Đã đăng ký. Loa chờ cán bộ gán trong bảng điều khiển (chờ gán) / enrolled: the box waits to be assigned in the console');
  if (existsSync('/run/systemd/system')) spawnSync('systemctl', ['restart', 'loa-speaker'], { stdio: 'inherit' });
}

async function serverAnswers(server: string): Promise<string> {
  try {
    const res = await fetch(new URL('/v1/health', server), { signal: AbortSignal.timeout(5000) });
    return res.ok ? 'trả lời / answers' : `lỗi / error ${res.status}`;
  } catch (error) {
    return `không tới được / unreachable (${(error as Error).message})`;
  }
}

async function status(config: BoxConfig): Promise<void> {
  const credentials = await readCredentials(config);
  const service = existsSync('/run/systemd/system') ? spawnSync('systemctl', ['is-active', 'loa-speaker'], { encoding: 'utf8' }).stdout.trim() : 'không có systemd / no systemd';
  const lines: [string, string][] = [
    ['Phiên bản / version', AGENT_VERSION],
    ['Cấu hình / configuration', configPath()],
    ['Dịch vụ / service', service || 'không rõ / unknown'],
    ['Đăng ký / enrolment', credentials ? `đã đăng ký / enrolled (${credentials.deviceId.slice(0, 8)}…, ${credentials.enrolledAt})` : 'chưa đăng ký / not enrolled'],
    ['Máy chủ / server', credentials?.server ?? config.server ?? 'chưa đặt / not set'],
    ['mpg123', (await findExecutable('mpg123')) ?? 'không có / missing'],
    ['Bộ khuếch đại / amplifier', config.amplifierOn ? `${config.amplifierOn} (${config.amplifierLeadMs} ms trước / lead)` : 'không điều khiển / not switched'],
  ];
  const server = credentials?.server ?? config.server;
  if (server) lines.push(['Máy chủ trả lời / server reachable', await serverAnswers(server)]);
  for (const [label, value] of lines) console.log(`${label.padEnd(36)} ${value}`);
}

async function testSound(config: BoxConfig, file: string | undefined): Promise<void> {
  const sound = file ?? testSoundFile();
  if (!existsSync(sound)) fail(`Không có tệp âm thử / test sound missing: ${sound}`, 1);
  const { player, sound: speaker, amplifier } = await amplifiedPlayer(config, false);
  console.log(`Phát âm thử / playing the test sound (${player.name})…`);
  // The whole tone: the amplifier's lead first (no other speaker to keep in step with).
  await amplifier.acquire();
  await speaker.play(sound, 0, TEST_SOUND_SECONDS, new Stopper(), 'file', { sessionId: 'test-sound', index: 0 });
  amplifier.release();
  await amplifier.shutdown();
  console.log('Xong / done');
}

/** Entry point of the `loa-speaker` command. */
export async function boxMain(argv: string[]): Promise<void> {
  installTrustedFetch();
  const { values, positionals } = parseCommandLine(argv, {
    server: { type: 'string' },
    code: { type: 'string' },
    file: { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  const [command] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  let config: BoxConfig;
  try {
    config = await loadBoxConfig();
  } catch (error) {
    if (error instanceof BoxConfigError) fail(error.message, 1);
    throw error;
  }
  if (command === 'run') await run(config);
  else if (command === 'status') await status(config);
  else if (command === 'enrol') await enrol(config, values.server, values.code, Boolean(values.force));
  else if (command === 'test-sound') await testSound(config, values.file);
  else if (command === 'install-update') process.exitCode = await installUpdate(config);
  // The agent's installer (not for people): asks install-update through the path unit.
  else if (command === 'request-install' && positionals[1]) process.exitCode = await requestInstall(config, positionals[1]);
  else fail(USAGE);
}

boxMain(process.argv.slice(2)).catch((error: unknown) => fail(`Lỗi / error: ${error instanceof Error ? error.message : String(error)}`, 1));
