/**
 * Device fleet: registers N speakers through the API, connects N simulated agents to the real
 * server (a child process), and measures the connect storm, the steady state and how fast a
 * console sees a speaker die or come back. `npm run bench -- fleet --count 10000`.
 */
import { performance } from 'node:perf_hooks';
import { createFleet, type FleetDevice } from '@loa/speaker';
import { numericOptions } from './lib/args';
import { ConsoleClient } from './lib/consoleClient';
import { readHealth, type Health } from './lib/health';
import { describeMachine } from './lib/machine';
import { sleep } from './lib/pool';
import { createAreas, registerDevices } from './lib/seed';
import { startServer } from './lib/server';
import { distribution, ms, table } from './lib/stats';
import { measureKills, measureReconnects, type LatencySamples } from './lib/statusLatency';
import { StatusWatcher } from './lib/statusWatcher';
import { Teardown } from './lib/teardown';

const opts = numericOptions('npm run bench -- fleet [options]', {
  count: { default: 1000, help: 'speakers to register and connect' },
  concurrency: { default: 200, help: 'agent connection attempts in flight' },
  'register-concurrency': { default: 16, help: 'device registrations in flight' },
  communes: { default: 20, help: 'communes the devices are spread over' },
  samples: { default: 200, help: 'status-change samples (kills, then as many reconnects)' },
  'sample-gap-ms': { default: 20, help: 'time between two samples' },
  'steady-seconds': { default: 25, help: 'steady-state window (agents report every 20 s)' },
  'connect-timeout-s': { default: 600, help: 'give up waiting for the fleet after this long' },
});
const N = opts.count;
const TARGETS = { rssMb: 1536, eldP99Ms: 50, visibleP95Ms: 1000 };
const log = (line: string) => console.log(line);
const mib = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v} MiB`);

const teardown = new Teardown();

/** Connects the fleet and polls until every agent is connected and the server counts N online. */
async function connectStorm(client: ConsoleClient, mqttUrl: string, devices: FleetDevice[]) {
  const t0 = performance.now();
  const fleet = createFleet({ mqttUrl, devices, concurrency: opts.concurrency });
  teardown.add(() => fleet.agents.forEach((agent) => agent.kill()));
  let agentsAt: number | null = null;
  let serverAt: number | null = null;
  let maxRss = 0;
  let last: Health | null = null;
  while (performance.now() - t0 < opts['connect-timeout-s'] * 1000) {
    await sleep(1000);
    const connected = fleet.connectedCount();
    last = await readHealth(client);
    maxRss = Math.max(maxRss, last.rssMb);
    const elapsed = performance.now() - t0;
    if (agentsAt === null && connected === N) agentsAt = elapsed;
    if (serverAt === null && last.thietbi.online === N) serverAt = elapsed;
    log(`  ${(elapsed / 1000).toFixed(0).padStart(4)} s  agents connected ${String(connected).padStart(6)}/${N}  server online ${String(last.thietbi.online).padStart(6)}  rss ${last.rssMb} MiB  eld p99 ${last.eventLoopDelayMs.p99} ms`);
    if (agentsAt !== null && serverAt !== null) break;
  }
  const refused = fleet.refused().length;
  if (refused > 0) log(`  ${refused} agents refused by the broker`);
  const end = await readHealth(client, true);
  return { fleet, agentsAt, serverAt, maxRss: Math.max(maxRss, end.rssMb), end, connected: fleet.connectedCount() };
}

function latencyRow(name: string, s: LatencySamples): string[] {
  const d = distribution(s.visible);
  return [name, String(d.count), String(s.missed), ms(d.p50), ms(d.p95), ms(d.p99), ms(d.max)];
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

log(`Loa fleet benchmark: ${N} speakers`);
log(`Machine: ${describeMachine()}`);

// BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (written when it stops).
const server = await startServer({ nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) });
teardown.add(() => server.stop());
log(`Server pid ${server.pid} at ${server.baseUrl}, MQTT ${server.mqttUrl}`);
const client = new ConsoleClient(server.baseUrl);
await client.login(server.adminUser, server.adminPassword);
const idle = await readHealth(client);

// 1. Registration through the API, as an operator (or an import script) would do it.
const communeIds = await createAreas(client, opts.communes);
const regStart = performance.now();
const step = Math.max(1, Math.round(N / 10));
const devices = await registerDevices(client, N, communeIds, opts['register-concurrency'], (done) => {
  if (done % step === 0 || done === N) log(`  registered ${done}/${N} (${((performance.now() - regStart) / 1000).toFixed(1)} s)`);
});
const registrationMs = performance.now() - regStart;
log(`Registration: ${N} devices in ${ms(registrationMs)} (${Math.round(N / (registrationMs / 1000))}/s)`);

const registered = await readHealth(client);
const peakAfterRegistration = await server.peakRssMb();

// 2. A console listening to live status; it joins the area rooms in scope when it connects.
const watcher = await StatusWatcher.connect(server.baseUrl, client.cookieHeader());
teardown.add(() => watcher.close());

// 3. The connect storm.
await readHealth(client, true);
log(`Connecting ${N} agents, ${opts.concurrency} attempts in flight…`);
const storm = await connectStorm(client, server.mqttUrl, devices);
const peakAfterStorm = await server.peakRssMb();

// 4. Steady state: every agent reports once per 20 s; nothing the console shows changes.
log(`Steady state for ${opts['steady-seconds']} s…`);
const eventsBefore = watcher.entries;
await sleep(opts['steady-seconds'] * 1000);
const steady = await readHealth(client, true);
const steadyEntries = watcher.entries - eventsBefore;

// 5. Status change latency: kills (last will), then the same devices coming back.
const sampleCount = Math.min(opts.samples, storm.connected);
const connectedIds = storm.fleet.agents.filter((a) => a.connected).map((a) => a.deviceId);
const picked = connectedIds.sort(() => Math.random() - 0.5).slice(0, sampleCount);
log(`Status latency: killing ${picked.length} agents ${opts['sample-gap-ms']} ms apart…`);
const kills = await measureKills(storm.fleet, picked, watcher, opts['sample-gap-ms'], 15_000);
const secrets = new Map(devices.map((d) => [d.id, d.secret]));
log(`Status latency: restarting them ${opts['sample-gap-ms']} ms apart…`);
const reconnects = await measureReconnects(server.mqttUrl, picked.map((id) => ({ id, secret: secrets.get(id)! })), watcher, opts['sample-gap-ms'], 30_000);
teardown.add(() => reconnects.agents.forEach((agent) => agent.kill()));
const during = await readHealth(client);
const peakRss = (await server.peakRssMb()) ?? Math.max(storm.maxRss, steady.rssMb, during.rssMb);

// 6. Summary.
log('');
log(table([
  ['figure', 'value'],
  ['server RSS idle (no devices) / heap', `${mib(idle.rssMb)} / ${mib(idle.heapMb)}`],
  ['devices registered', `${N} in ${ms(registrationMs)}`],
  ['server RSS after registration / heap / peak so far', `${mib(registered.rssMb)} / ${mib(registered.heapMb)} / ${mib(peakAfterRegistration)}`],
  ['agents connected (agent side)', `${storm.connected}/${N} after ${ms(storm.agentsAt ?? Number.NaN)}`],
  ['server shows all online', storm.serverAt === null ? `no (${storm.end.thietbi.online}/${N})` : `after ${ms(storm.serverAt)}`],
  ['connect storm: server RSS (max polled / at end)', `${mib(storm.maxRss)} / ${mib(storm.end.rssMb)}`],
  ['connect storm: heap at end', mib(storm.end.heapMb)],
  ['connect storm: event-loop delay p50 / p99 / max', `${storm.end.eventLoopDelayMs.p50} / ${storm.end.eventLoopDelayMs.p99} / ${storm.end.eventLoopDelayMs.max} ms`],
  ['steady state: server RSS / heap', `${mib(steady.rssMb)} / ${mib(steady.heapMb)}`],
  ['steady state: event-loop delay p50 / p99 / max', `${steady.eventLoopDelayMs.p50} / ${steady.eventLoopDelayMs.p99} / ${steady.eventLoopDelayMs.max} ms`],
  ['steady state: status entries pushed to the console', String(steadyEntries)],
  ['kill/restart samples: event-loop delay p99 / max', `${during.eventLoopDelayMs.p99} / ${during.eventLoopDelayMs.max} ms`],
  ['server peak RSS (VmHWM, whole run)', `${mib(peakRss)} (after storm ${mib(peakAfterStorm)})`],
]));
log('');
log('Status change visible in the console (from the cause to the Socket.IO event):');
log(table([
  ['change', 'samples', 'missed', 'p50', 'p95', 'p99', 'max'],
  latencyRow('offline (agent killed, last will)', kills),
  latencyRow('online (agent restarted)', reconnects),
  ['  of which agent connected', String(reconnects.agentConnected.length), '', ...[50, 95, 99].map((p) => ms(distribution(reconnects.agentConnected)[`p${p}` as 'p50'])), ms(distribution(reconnects.agentConnected).max)],
]));

const killP95 = distribution(kills.visible).p95;
const backP95 = distribution(reconnects.visible).p95;
const eldP99 = Math.max(storm.end.eventLoopDelayMs.p99, steady.eventLoopDelayMs.p99);
const checks: [string, string, boolean][] = [
  [`all ${N} connected and shown online`, `${storm.connected} agents, server ${storm.end.thietbi.online}`, storm.connected === N && storm.serverAt !== null],
  [`server RSS ≤ ${TARGETS.rssMb} MiB (peak)`, mib(peakRss), peakRss <= TARGETS.rssMb],
  [`event-loop delay p99 ≤ ${TARGETS.eldP99Ms} ms (storm)`, `${storm.end.eventLoopDelayMs.p99} ms`, storm.end.eventLoopDelayMs.p99 <= TARGETS.eldP99Ms],
  [`event-loop delay p99 ≤ ${TARGETS.eldP99Ms} ms (steady)`, `${steady.eventLoopDelayMs.p99} ms`, steady.eventLoopDelayMs.p99 <= TARGETS.eldP99Ms],
  [`offline visible p95 ≤ ${TARGETS.visibleP95Ms} ms`, `${ms(killP95)}, ${kills.missed} missed`, killP95 <= TARGETS.visibleP95Ms && kills.missed === 0],
  [`online visible p95 ≤ ${TARGETS.visibleP95Ms} ms`, `${ms(backP95)}, ${reconnects.missed} missed`, backP95 <= TARGETS.visibleP95Ms && reconnects.missed === 0],
];
log('');
log(table([['target', 'measured', 'verdict'], ...checks.map(([name, value, ok]) => [name, value, verdict(ok)])]));
log(`\nOverall: ${checks.every(([, , ok]) => ok) ? 'PASS' : 'FAIL'} (worst event-loop p99 ${eldP99} ms)`);

await teardown.run();
process.exit(0);
