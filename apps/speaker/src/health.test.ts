import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkDeviceState, topics, type DeviceState } from '@loa/contract';
import { SpeakerAgent } from './agent';
import { readHealth } from './health';
import { hardwareIdentity } from './enrol';
import { DEFAULT_FIRMWARE } from './agentTypes';
import { parseModemKeyValues, parseModemLocation } from './modem';
import { SilentPlayer } from './player';
import { startTestBroker, type TestBroker } from './testing/broker';
import { AGENT_VERSION } from './version';

// Issue #31 item 4: the box's health, read from a fake root (standing for /sys and /proc) and a
// fake `mmcli` on PATH, as ModemManager prints it.
let dir: string;
let root: string;
let bin: string;
const savedPath = process.env.PATH;

const MMCLI_OUTPUT = [
  'modem.dbus-path                                 : /org/freedesktop/ModemManager1/Modem/0',
  'modem.generic.equipment-identifier              : 356938035643809',
  'modem.generic.access-technologies.length        : 1',
  'modem.generic.access-technologies.value[1]      : lte',
  'modem.generic.signal-quality.value              : 67',
  'modem.generic.signal-quality.recent             : yes',
  'modem.3gpp.operator-code                        : 45204',
  'modem.3gpp.operator-name                        : Viettel',
].join('\n');

async function fakeRoot(zones: Record<string, string>): Promise<void> {
  await rm(root, { recursive: true, force: true });
  for (const [zone, temp] of Object.entries(zones)) {
    await mkdir(join(root, 'sys/class/thermal', zone), { recursive: true });
    await writeFile(join(root, 'sys/class/thermal', zone, 'temp'), `${temp}\n`);
  }
  await mkdir(join(root, 'proc'), { recursive: true });
  await writeFile(join(root, 'proc/meminfo'), 'MemTotal:        1000000 kB\nMemFree:           20000 kB\nMemAvailable:      40000 kB\nBuffers:            1000 kB\n');
  await writeFile(join(root, 'proc/uptime'), '93784.52 180000.10\n');
}

async function fakeMmcli(script: string): Promise<void> {
  await writeFile(join(bin, 'mmcli'), `#!/bin/sh\n${script}\n`);
  await chmod(join(bin, 'mmcli'), 0o755);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-health-'));
  root = join(dir, 'root');
  bin = join(dir, 'bin');
  await mkdir(bin);
});
afterEach(async () => {
  process.env.PATH = savedPath;
  await rm(join(bin, 'mmcli'), { force: true });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('box health', () => {
  it('reads the hottest thermal zone, memory available, disk free, uptime, the agent version and the modem', async () => {
    await fakeRoot({ thermal_zone0: '48312', thermal_zone1: '81500', cooling_device0: 'x' });
    // The fake answers only the way the agent asks (any modem, key-value output).
    await fakeMmcli(`[ "$1 $2 $3" = "-m any --output-keyvalue" ] || exit 3\ncat <<'OUT'\n${MMCLI_OUTPUT}\nOUT`);
    process.env.PATH = `${bin}${delimiter}${savedPath}`;
    const health = await readHealth({ root, diskPath: dir });
    expect(health).toMatchObject({
      cpuTemp: 81.5, memFreePercent: 4, memFreeBytes: 40000 * 1024, uptime: 93784.52, agentVersion: AGENT_VERSION,
      modem: { signal: 67, operator: 'Viettel', technology: 'lte' },
    });
    expect(health.diskFreePercent).toBeGreaterThan(0);
    expect(health.diskFreePercent).toBeLessThanOrEqual(100);
    expect(health.diskFreeBytes).toBeGreaterThan(0);
    // What the contract keeps of it (the server reads it so).
    const state = checkDeviceState({ online: true, health });
    expect(state.success && state.data.health).toMatchObject({ cpuTemp: 81.5, uptime: 93784, modem: { signal: 67 } });
  });

  it('leaves out what it cannot read: no thermal zone, no mmcli, a failing mmcli, a modem that shows nothing', async () => {
    await fakeRoot({});
    process.env.PATH = bin;
    const bare = await readHealth({ root, diskPath: join(dir, 'no-such-folder') });
    expect(bare).toEqual({ memFreePercent: 4, memFreeBytes: 40000 * 1024, uptime: 93784.52, agentVersion: AGENT_VERSION });

    await fakeMmcli('echo "error: couldn\'t find modem" >&2\nexit 1');
    expect((await readHealth({ root })).modem).toBeUndefined();
    await fakeMmcli("echo 'modem.generic.signal-quality.value : --'\necho 'modem.3gpp.operator-name : --'");
    expect((await readHealth({ root })).modem).toBeUndefined();
    expect(checkDeviceState({ online: true, health: bare }).success).toBe(true);
  });

  it('parses only well-formed modem values', () => {
    expect(parseModemKeyValues(MMCLI_OUTPUT)).toEqual({ imei: '356938035643809', signal: 67, operator: 'Viettel', technology: 'lte' });
    expect(parseModemKeyValues('modem.generic.signal-quality.value : 250\nmodem.generic.equipment-identifier : abc')).toEqual({});
    expect(parseModemKeyValues('modem.3gpp.operator-name : --\nmodem.3gpp.operator-code : 45202')).toEqual({ operator: '45202' });
  });

  it('gives enrolment the machine id, the board serial, the modem IMEI and the GPS position where the modem has a fix', async () => {
    await fakeRoot({});
    await mkdir(join(root, 'etc'), { recursive: true });
    await writeFile(join(root, 'etc/machine-id'), '0f5c2a7e9b1d4c3a8e6f7a8b9c0d1e2f\n');
    await writeFile(join(root, 'proc/cpuinfo'), 'processor\t: 0\nHardware\t: BCM2835\nSerial\t\t: 10000000a3b4c5d6\n');
    // mmcli as ModemManager answers with the GPS on and a fix (`--location-get`), and without a fix.
    const location = (lat: string, lng: string) => [
      'modem.location.3gpp.mcc : 452', 'modem.location.3gpp.mnc : 04',
      'modem.location.gps.utc : 031512.00', `modem.location.gps.longitude : ${lng}`, `modem.location.gps.latitude : ${lat}`, 'modem.location.gps.altitude : 12.3',
    ].join('\n');
    const answers = (fix: string) => `case "$*" in\n"-m any --location-get --output-keyvalue") cat <<'OUT'\n${fix}\nOUT\n;;\n"-m any --output-keyvalue") cat <<'OUT'\n${MMCLI_OUTPUT}\nOUT\n;;\n*) exit 3;;\nesac`;
    process.env.PATH = `${bin}${delimiter}${savedPath}`;
    await fakeMmcli(answers(location('21.028511', '105.854167')));
    expect(await hardwareIdentity(root)).toEqual({
      machineId: '0f5c2a7e9b1d4c3a8e6f7a8b9c0d1e2f', serial: '10000000a3b4c5d6', imei: '356938035643809', firmware: DEFAULT_FIRMWARE,
      gps: { lat: 21.028511, lng: 105.854167 },
    });
    await fakeMmcli(answers(location('--', '--')));
    expect((await hardwareIdentity(root)).gps).toBeUndefined();
    expect(parseModemLocation(location('0.000000', '0.000000'))).toBeNull();
    expect(parseModemLocation(location('91.5', '105.8'))).toBeNull();
  });
});

describe('an agent that reads its health', () => {
  let broker: TestBroker;
  beforeAll(async () => {
    broker = await startTestBroker();
  });
  afterAll(async () => {
    await broker.close();
  });

  it('reports it with its state, on the device state topic', async () => {
    await fakeRoot({ thermal_zone0: '83000' });
    broker.addDevice('health-box', 's3cret');
    const agent = new SpeakerAgent({ mqttUrl: broker.url, deviceId: 'health-box', secret: 's3cret', player: new SilentPlayer({ fetchAudio: false }), health: { root, diskPath: dir } });
    try {
      await agent.start();
      const seen = await broker.waitFor((m) => m.topic === topics.state('health-box') && (m.json as DeviceState).health?.cpuTemp !== undefined, 8000);
      const state = seen.json as DeviceState;
      expect(checkDeviceState(state).success).toBe(true);
      expect(state.health).toMatchObject({ cpuTemp: 83, memFreePercent: 4, uptime: 93784, agentVersion: AGENT_VERSION });
      expect(state.health?.diskFreePercent).toBeGreaterThan(0);
    } finally {
      await agent.stop();
    }
  });
});
