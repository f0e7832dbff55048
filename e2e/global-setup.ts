import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
import { E2E_ADMIN, E2E_PROVINCE_REFUSES_ONCE } from './fixtures';
import { FakeProvince } from '../apps/server/test/fakeProvince';

/**
 * Starts the real server (built console, embedded database, demo data) on an ephemeral port, with
 * the province's information-source system it reports to: a local fake of that third party's API
 * (apps/server/test/fakeProvince.ts), which refuses once any message naming E2E_PROVINCE_REFUSES_ONCE.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const province = new FakeProvince(`khoa-tinh-e2e-${Math.random().toString(36).slice(2)}`, false);
  const refusedOnce = new Set<string>();
  province.refuseWhen = (m) => {
    if (!JSON.stringify(m).includes(E2E_PROVINCE_REFUSES_ONCE) || refusedOnce.has(m.idthongdiep)) return null;
    refusedOnce.add(m.idthongdiep);
    return 'Tỉnh tạm từ chối thông điệp này (thử nghiệm)';
  };
  await province.up();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-e2e-'));
  // The server's own temporary directory: it must be empty when the server has stopped.
  const serverTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-e2e-tmp-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env, TMPDIR: serverTmp, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', MQTT_PORT: '0',
      ADMIN_USER: E2E_ADMIN.tentaikhoan, ADMIN_PASSWORD: E2E_ADMIN.password, LOG_LEVEL: 'warn',
      // Every test browser shares 127.0.0.1; the per-address limit is tested in the server suite.
      RATE_LIMIT_PER_MINUTE: '100000',
      HTTT_NGUON_URL: province.url, HTTT_NGUON_KHOA: province.key, HTTT_NGUON_MA: 'loa-e2e', HTTT_NGUON_POLL_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Stops the server and removes its data folder: after the run, and when it never started.
  const stop = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await province.down();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // tsx keeps its compile cache there (tsx-<uid>): the tool's, not the server's.
    const left = fs.readdirSync(serverTmp).filter((name) => !/^tsx-\d+$/.test(name));
    fs.rmSync(serverTmp, { recursive: true, force: true });
    if (left.length > 0) throw new Error(`The server left files in its temporary directory: ${left.join(', ')}`);
  };
  let output = '';
  // Everything the server prints also goes to a file in the results folder (which Playwright empties
  // before global setup): scripts/print-e2e-failures.mjs prints its end when a test fails in CI.
  const logDir = path.join(root, 'e2e', 'test-results');
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.createWriteStream(path.join(logDir, 'e2e-server.log'));
  child.stdout?.on('data', (chunk: Buffer) => log.write(chunk));
  child.stderr?.on('data', (chunk: Buffer) => log.write(chunk));
  child.once('close', () => log.end());
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Loa đang chạy tại (http:\/\/localhost:\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  process.env.LOA_E2E_URL = url;
  // A server that ends during the run fails every test after it: say so at once, with what it printed last.
  let endedEarly: string | null = null;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    endedEarly = `The e2e server ended during the run (${signal ?? `exit code ${code}`}); it printed last:\n${output.split('\n').slice(-60).join('\n')}`;
    console.error(`\n${endedEarly}\n`);
  });
  // What the server warned about during the run (LOG_LEVEL warn) is printed at the end: a failed
  // test on a CI machine is then read beside the server's side of it.
  return async () => {
    const lines = output.split('\n').filter((line) => /^\{.*"level":\s*[4-6]\d/.test(line));
    if (lines.length > 0) console.log(`\nThe e2e server's warnings and errors (last 40 of ${lines.length}):\n${lines.slice(-40).join('\n')}\n`);
    await stop();
    if (endedEarly) throw new Error(endedEarly);
  };
}
