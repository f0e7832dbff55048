/**
 * Broadcast fan-out: N speakers online, then K emergency bulletins one after the other, timed from
 * the moment the console sends `POST /v1/client/phatngay/phatngay` to each speaker's `play` command
 * and its `started` report; then Stop, timed until every speaker is silent.
 * `npm run bench -- fanout --count 10000`.
 *
 * The speakers are lean simulated speakers (lib/leanFleet.ts: real MQTT connections speaking the
 * device protocol, a few µs of CPU per command) unless `--full-agents 1` runs the speaker agent
 * itself, whose ~100 µs per command add up, for 10,000 of them in this one process, to a queue
 * no real fleet has (each speaker has its own CPU).
 *
 * Then the sound (issue #29, lib/soundBulletins.ts): bulletins whose every item each lean speaker
 * fetches as the agent does, timed from the request to its first audio byte, prebuffer and the
 * end, with underruns and bytes per speaker; the same MP3 again from nginx for the ratio.
 *
 * `--servers 2 --external-broker 1 --fleet-processes 2` runs a province instead: two servers on one
 * Mosquitto, PostgreSQL database and Redis (bench/lib/deployment.ts), bulletins sent through each
 * in turn, the speakers split over two child processes (bench/lib/fleetProcesses.ts).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { LiveBroadcast } from '@loa/contract';
import { numericOptions } from './lib/args';
import { bulletinForm } from './lib/bulletin';
import { connectFleet, waitUntilOnline } from './lib/connectFleet';
import { CpuWindow, type CpuUse } from './lib/cpu';
import { serverLabel, startDeployment } from './lib/deployment';
import { FleetProcesses } from './lib/fleetProcesses';
import { readHealth, type Health } from './lib/health';
import { describeMachine, hardFileLimit } from './lib/machine';
import { connectLeanFleet, type LeanSpeaker } from './lib/leanFleet';
import { runSoundBulletins } from './lib/soundBulletins';
import { localEars } from './lib/soundFleet';
import { PlayTracker, since, type TrackedSpeaker } from './lib/playTracker';
import { sleep } from './lib/pool';
import { createDistrict, registerDevices } from './lib/seed';
import { watchServerLog } from './lib/server';
import { Teardown } from './lib/teardown';
import { startMediaCache } from '../apps/server/test/mediaCache';
import { distribution, ms, table, type Distribution } from './lib/stats';

const USAGE = `npm run bench -- fanout [options]

A province: npm run bench -- fanout --count 20000 --servers 2 --external-broker 1 --fleet-processes 2
  --external-broker 1 starts a Mosquitto of its own (free port, temporary directory) and, with it,
  a fresh PostgreSQL database (LOA_CLUSTER_PG, default postgres://postgres@127.0.0.1:5432) and a
  private Redis, shared by the servers (DATABASE_URL, MQTT_URL, REDIS_URL; MQTT_DYNSEC unset).
  Device accounts on that Mosquitto differ from production (MQTT_DYNSEC=1, dynamic security, whose
  file is rewritten after every command: 2,000 devices took 204 s): the benchmark writes each
  device's id and secret to a password file (mosquitto_passwd's PBKDF2 format) once registration
  is done and has Mosquitto read it again (SIGHUP); an ACL file lets a device write only its own
  state, event and clock topics and read its own cmd, config and time topics, as in production,
  but read the command topic of ANY area (production: only its area and that area's ancestors).`;
const opts = numericOptions(USAGE, {
  count: { default: 1000, help: 'speakers to register and connect' },
  bulletins: { default: 5, help: 'bulletins per addressing variant (district, then its communes)' },
  communes: { default: 20, help: 'communes of the district the devices are spread over' },
  'relay-seconds': { default: 10, help: 'length of each bulletin (one relay item)' },
  'gap-seconds': { default: 2, help: 'pause after a bulletin has ended everywhere' },
  concurrency: { default: 200, help: 'agent connection attempts in flight' },
  'register-concurrency': { default: 16, help: 'device registrations in flight' },
  'settle-seconds': { default: 5, help: 'quiet time after the fleet is online, before the first bulletin' },
  'connect-timeout-s': { default: 600, help: 'give up waiting for the fleet after this long' },
  'server-timing': { default: 0, help: '1: run the server at LOG_LEVEL=info and print how long it took to write each play command to every subscriber (costs CPU)' },
  'full-agents': { default: 0, help: '1: the speaker agent itself instead of lean simulated speakers (~100 µs of CPU per command each, all in this process)' },
  servers: { default: 1, help: 'Loa servers; more than 1 needs --external-broker 1 (bulletins go through each in turn)' },
  'external-broker': { default: 0, help: '1: an external Mosquitto, PostgreSQL and Redis instead of the embedded broker and data (see above)' },
  'fleet-processes': { default: 0, help: 'N ≥ 1: the lean speakers in N child processes instead of this one' },
  sound: { default: 1, help: '1: then the sound bulletins (lean speakers, in this process or in --fleet-processes; with several servers each speaker asks one in turn, sharing a media folder): every speaker fetches each item as the agent does; a stored MP3, speech made in the request, a relay, and the same MP3 from nginx (issue #29)' },
  'media-cache': { default: 0, help: '1: the speakers fetch their audio through the caching tier in front of the server(s): deploy/nginx/loa-media-cache.conf as shipped, on Debian\'s nginx (one worker), as docs/operations.md "Audio at scale" sets it up' },
  'hog-requests': { default: 500, help: 'requests a hostile client opens for the stored MP3 and never reads, during a second stored-MP3 bulletin (0: no such bulletin)' },
  'sound-seconds': { default: 60, help: 'length of the sound bulletins\' MP3, relay and (about) speech' },
  'max-queued': { default: 100_000, help: 'the external Mosquitto\'s max_queued_messages per client (100000 as docs/device-protocol.md sets it for production; 1000 is Mosquitto\'s default, 0 no limit): beyond it, messages to a server\'s QoS 1 subscription are dropped ("[mosquitto] Outgoing messages are being dropped")' },
});
const N = opts.count;
const SERVERS = opts.servers;
const FLEET_PROCESSES = opts['fleet-processes'];
if (!Number.isInteger(SERVERS) || SERVERS < 1) throw new Error('--servers must be a whole number ≥ 1');
if (SERVERS > 1 && !opts['external-broker']) throw new Error('--servers > 1 needs --external-broker 1: the embedded broker is one server\'s');
if (FLEET_PROCESSES > 0 && opts['full-agents']) throw new Error('--fleet-processes runs lean speakers only: drop --full-agents');
/** Whether this is the default run (one server, embedded broker, speakers in this process), whose output stays as it was. */
const province = SERVERS > 1 || opts['external-broker'] === 1 || FLEET_PROCESSES > 0;
// Speakers in this process hold an MQTT connection, an audio request and (the relay) its server
// side each: past this process's open-file limit the run would end in EMFILE part-way.
const fileLimit = hardFileLimit();
if (FLEET_PROCESSES === 0 && !opts['full-agents'] && N * (opts.sound ? 3 : 1) + 1000 > fileLimit) {
  console.error(`${N} speakers in this process need about ${N * (opts.sound ? 3 : 1) + 1000} open files, over this machine's limit of ${fileLimit}: add --fleet-processes 2 (or more)`);
  process.exit(2);
}
// The server with its embedded broker holds each speaker's MQTT connection and, during a sound bulletin, its audio request.
// (With the caching tier the speakers' audio requests are the tier's: the server holds only its checks.)
const audioFiles = opts['media-cache'] ? 0 : Math.ceil(N / SERVERS);
const serverFiles = (opts['external-broker'] ? 0 : N) + audioFiles;
if (opts.sound === 1 && serverFiles + 200 > fileLimit) {
  console.log(`Warning: the server will hold about ${serverFiles + 200} open files during the sound bulletins, over this machine's limit of ${fileLimit}: speakers past it are refused (EMFILE). Production's unit sets LimitNOFILE=65536.`);
}
const TARGETS = { commandP99Ms: 500, commandMaxMs: 1000, playingP99Ms: 2000, eventLoopP99Ms: 100 };
const SEND = '/v1/client/phatngay/phatngay';
/** The server's PLAY_LEAD_MS (its default): a play command names an instant this far after the request. */
const PLAY_LEAD_MS = 600;
const STOP = '/v1/client/phatngay/dungphatngay';
const log = (line: string) => console.log(line);

const teardown = new Teardown();

/** Polls `done` every `everyMs` until it holds or `timeoutMs` passes; answers whether it held. */
async function until(done: () => boolean, timeoutMs: number, everyMs = 20): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > end) return false;
    await sleep(everyMs);
  }
  return true;
}

interface Sent {
  variant: string;
  index: number;
  httpMs: number;
  /** Server side: from the engine's publish until the broker had written the command to every subscriber. */
  deliveredMs: number | undefined;
  received: number;
  started: number;
  command: number[];
  playing: number[];
  /** The highest of the servers' event-loop delay p99, from the request until every speaker had started. */
  eldP99: number;
  /** Each server's (A, B, …). */
  eldP99s: number[];
  /** CPU used from the request until the bulletin had ended everywhere, by process. */
  cpu: Record<string, CpuUse>;
  via: string;
  /** The highest of the servers' event-loop delay p99 and max over the whole bulletin, until it had ended everywhere (the states and `finished` included). */
  wholeP99: number;
  wholeMax: number;
}

/** Every server's health (a new event-loop window after it with `reset`). */
const readAllHealth = (reset = false): Promise<Health[]> => Promise.all(clients.map((c) => readHealth(c, reset)));

/** Sends one bulletin, waits until every speaker plays it (or its time is up), then until it has ended everywhere. */
async function sendBulletin(variant: string, index: number, areaIds: string[]): Promise<Sent> {
  // Through each server in turn.
  const viaIndex = sentCount++ % clients.length;
  await readAllHealth(true);
  const cpu = new CpuWindow(pids);
  await cpu.start();
  const form = bulletinForm(`Bản tin thử tải ${variant} ${index}`, areaIds, opts['relay-seconds']);
  const t0 = performance.now();
  const live = await clients[viaIndex].postForm<LiveBroadcast>(SEND, form);
  const httpMs = performance.now() - t0;
  const session = tracker.session(live.idlichphat);
  await until(() => session.started.size >= N, opts['relay-seconds'] * 1000);
  const eld = (await readAllHealth()).map((h) => h.eventLoopDelayMs.p99);
  await until(() => fleet.playingCount() === 0, opts['relay-seconds'] * 1000 + 10_000, 100);
  const whole = await readAllHealth();
  const sent: Sent = {
    variant, index, httpMs, deliveredMs: delivered.get(live.idlichphat), received: session.play.size, started: session.started.size,
    command: since(session.play, t0), playing: since(session.started, t0), eldP99: Math.max(...eld),
    eldP99s: eld, cpu: await cpu.stop(), via: serverLabel(viaIndex),
    wholeP99: Math.max(...whole.map((h) => h.eventLoopDelayMs.p99)), wholeMax: Math.max(...whole.map((h) => h.eventLoopDelayMs.max)),
  };
  const c = distribution(sent.command);
  log(`  ${variant} #${index}: HTTP ${ms(httpMs)}, server wrote it to every subscriber in ${writtenIn(sent)}, play to ${sent.received}/${N} p99 ${ms(c.p99)} max ${ms(c.max)}, started ${sent.started}/${N}`);
  await sleep(opts['gap-seconds'] * 1000);
  return sent;
}

const three = (d: Distribution) => [ms(d.p50), ms(d.p99), ms(d.max)];

function row(label: string, addressed: string, http: string, written: string, received: string, command: number[], playing: number[], eld: string, whole: string): string[] {
  return [label, addressed, http, written, received, ...three(distribution(command)), ...three(distribution(playing)), eld, whole];
}
const writtenIn = (s: Sent) => (s.deliveredMs === undefined ? '?' : ms(s.deliveredMs));

const fullAgents = opts['full-agents'] === 1;
log(`Loa fan-out benchmark: ${N} ${fullAgents ? 'speaker agents' : 'lean simulated speakers'}, ${opts.bulletins} bulletins per variant`);
if (province) log(`${SERVERS} server(s), ${opts['external-broker'] ? 'external Mosquitto, PostgreSQL and Redis' : 'embedded broker'}, speakers ${FLEET_PROCESSES > 0 ? `in ${FLEET_PROCESSES} child process(es)` : 'in this process'}`);
log(`Machine: ${describeMachine()}`);
const loadAtStart = os.loadavg()[0];

// The engine logs, at info, how long the broker took to hand a session's play command to every subscriber.
const delivered = new Map<string, number>();
const deployment = await startDeployment({
  servers: SERVERS, externalBroker: opts['external-broker'] === 1, speakers: N, maxQueued: opts['max-queued'],
  nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  // Info logging (every HTTP request of the registration, every fan-out) costs both processes CPU
  // and slows the bulletins it measures: on only with --server-timing 1.
  env: { LOG_LEVEL: opts['server-timing'] ? 'info' : 'warn' },
  // The caching tier asks each server's own check listener, as the shipped nginx file does.
  mediaChecks: opts['media-cache'] === 1,
  onLog: () => watchServerLog({
    'play command delivered': (entry) => {
      if (typeof entry.broadcast === 'string' && typeof entry.deliveredMs === 'number' && !delivered.has(entry.broadcast)) delivered.set(entry.broadcast, entry.deliveredMs);
    },
  }),
}, teardown);
deployment.summary.forEach(log);
const { clients, mqttUrl } = deployment;
let sentCount = 0;

// 1. A district of `communes` communes, N devices over them, every agent online.
const { districtId, communeIds } = await createDistrict(clients[0], opts.communes);
const regStart = performance.now();
const devices = await registerDevices(clients, N, communeIds, opts['register-concurrency']);
log(`Registered ${N} devices in ${ms(performance.now() - regStart)}; connecting…`);
if (opts['external-broker']) {
  const accountsStart = performance.now();
  await deployment.addDevices(devices);
  log(`  their accounts written to Mosquitto's password file and read by it in ${ms(performance.now() - accountsStart)}`);
}
if (clients.length > 1) {
  // A device added through one server reaches the others' gateways when they first hear from it
  // (read from the database then) or at their next reading of the device list (every minute). So
  // that the run starts with every server's registry whole, as after a night's running, one that
  // does not know them all yet is restarted (it reads them all at start), and said so.
  for (let i = 0; i < clients.length; i += 1) {
    const known = (await readHealth(clients[i])).thietbi.tong;
    if (known >= N) continue;
    log(`  server ${serverLabel(i)} knows ${known}/${N} devices (not yet those added through the other servers): restarting it so it reads them now`);
    await deployment.restartServer(i);
    log(`  server ${serverLabel(i)} restarted: pid ${deployment.servers[i].pid} at ${deployment.servers[i].baseUrl}, knows ${(await readHealth(clients[i])).thietbi.tong}/${N} devices`);
  }
}
/** The speakers, whichever kind: what the rest of the benchmark needs of them. */
let fleet: { agents: readonly TrackedSpeaker[]; playingCount(): number };
let unsubscribed = 0;
// On an external broker a server hears an idle speaker only through its periodic state (as the agent sends it).
const connectOptions = { concurrency: opts.concurrency, timeoutS: opts['connect-timeout-s'], log, reportState: opts['external-broker'] === 1 };
let up: { allOnlineMs: number | null; online: number };
let fleetProcesses: FleetProcesses | null = null;
let leanSpeakers: readonly LeanSpeaker[] = [];
if (fullAgents) {
  const agents = await connectFleet(clients, mqttUrl, devices, connectOptions);
  teardown.add(() => agents.fleet.agents.forEach((agent) => agent.kill()));
  unsubscribed = agents.unsubscribedAreas.length;
  log(`Agents whose configuration arrived before their SUBACK: ${agents.configFirst}/${N}; not subscribed to all their areas: ${unsubscribed}/${N}`);
  [fleet, up] = [agents.fleet, agents];
} else if (FLEET_PROCESSES > 0) {
  const t0 = performance.now();
  const children = new FleetProcesses(mqttUrl, devices, FLEET_PROCESSES, opts.concurrency, { reportState: connectOptions.reportState });
  teardown.add(() => children.kill());
  fleetProcesses = children;
  [fleet, up] = [{ agents: [], playingCount: () => children.playingCount() }, await waitUntilOnline(clients, () => children.connectedCount(), N, t0, connectOptions)];
} else {
  const lean = await connectLeanFleet(clients, mqttUrl, devices, connectOptions);
  teardown.add(() => lean.fleet.kill());
  [fleet, up] = [lean.fleet, lean];
  leanSpeakers = lean.fleet.agents;
}
if (up.allOnlineMs === null) throw new Error(`only ${up.online}/${N} devices online`);
log(`All ${N} online after ${ms(up.allOnlineMs)}${clients.length > 1 ? ' (counted by every server)' : ''}`);
log(`Settling ${opts['settle-seconds']} s…`);
await sleep(opts['settle-seconds'] * 1000);
const tracker = new PlayTracker(fleet.agents, () => performance.now());
fleetProcesses?.track(tracker);
/** The processes whose CPU is measured per bulletin: the servers, an external broker, the fleet processes. */
const pids = { ...deployment.pids, ...fleetProcesses?.pids() };
const wholeRun = new CpuWindow(pids);
await wholeRun.start();

// 2. Bulletins to the district (one publish), then to its communes as whole areas (one publish each).
const sent: Sent[] = [];
for (const [variant, areas] of [['district', [districtId]], [`${communeIds.length} communes`, communeIds]] as const) {
  log(`Bulletins addressed to the ${variant}:`);
  for (let i = 1; i <= opts.bulletins; i += 1) sent.push(await sendBulletin(variant, i, [...areas]));
}

// 3. Stop: a longer bulletin, then Stop once every speaker plays it (with several servers: sent through the first, stopped through the last).
log('Stop:');
const long = await clients[0].postForm<LiveBroadcast>(SEND, bulletinForm('Bản tin thử dừng', [districtId], 120));
const stopSession = tracker.session(long.idlichphat);
await until(() => stopSession.started.size >= N, 10_000);
await sleep(1000);
const playingBeforeStop = fleet.playingCount();
await readAllHealth(true);
const s0 = performance.now();
// Poll while the request is in flight: speakers may fall silent before the answer comes.
const stopAnswer = clients[clients.length - 1].post<{ sochuongtrinh: number }>(STOP, {}).then(() => performance.now() - s0);
const allSilent = await until(() => fleet.playingCount() === 0, 15_000, 10);
const silentMs = performance.now() - s0;
const stopHttpMs = await stopAnswer;
const stopHealth = await readAllHealth();
const cpuWholeRun = await wholeRun.stop();
const stopCmd = distribution(since(stopSession.stop, s0));
const silent = distribution(since(stopSession.stopped, s0));
log(`  ${playingBeforeStop} playing; HTTP ${ms(stopHttpMs)}; all silent ${allSilent ? `after ${ms(silentMs)}` : `NO (${fleet.playingCount()} still playing)`}`);

// 3b. Sound: what the speakers hear, measured from the request to the audio (issue #29).
let soundChecks: [string, string, boolean][] = [];
if (opts.sound === 1) {
  log('');
  if (leanSpeakers.length === 0 && !fleetProcesses) {
    log('Sound bulletins: skipped (they run with lean speakers, in this process or in --fleet-processes)');
  } else {
    // With several servers each speaker asks one of them for its audio (in turn); they share one media folder.
    const serverUrls = deployment.servers.map((s) => s.baseUrl);
    // With the caching tier the speakers ask it, and it asks the servers (its checks, one fill per file).
    let mediaUrls = serverUrls;
    if (opts['media-cache'] === 1) {
      const cache = await startMediaCache(deployment.servers.map((s) => ({ port: Number(new URL(s.baseUrl).port), checkPort: s.checkPort! })), Math.min(N + 2048, Math.floor((fileLimit - 1024) / 2)));
      teardown.add(() => cache.stop());
      mediaUrls = [cache.url];
      log(`Sound through the caching tier (deploy/nginx/loa-media-cache.conf) at ${cache.url}, in front of ${serverUrls.join(', ')}`);
    }
    soundChecks = await runSoundBulletins({
      client: clients[0], servers: clients, mediaDir: deployment.mediaDir,
      serverPeakRssMb: async () => Math.max(...(await Promise.all(deployment.servers.map((s) => s.peakRssMb()))).map((mb) => mb ?? 0)) || null,
      serverPids: deployment.servers.map((s) => s.pid),
      ears: fleetProcesses ? fleetProcesses.ears(mediaUrls) : localEars(mediaUrls, new Map(devices.map((d) => [d.id, d.secret])), leanSpeakers),
      speakerCount: N, serverUrl: mediaUrls[0], hogRequests: opts['hog-requests'], areaIds: [districtId], seconds: opts['sound-seconds'], leadMs: PLAY_LEAD_MS, log,
    });
  }
}

// 4. Summary.
const variants = [...new Set(sent.map((s) => s.variant))];
const pooled = (v: string, pick: (s: Sent) => number[]) => sent.filter((s) => s.variant === v).flatMap(pick);
log('');
log('Per bulletin, from just before the request (ms): play command received, started reported');
log(table([
  ['bulletin', 'addressed to', 'HTTP', 'server wrote', 'received', 'cmd p50', 'cmd p99', 'cmd max', 'play p50', 'play p99', 'play max', 'eld p99 start', 'eld p99 / max bulletin'],
  ...sent.map((s) => row(`#${s.index}`, s.variant, ms(s.httpMs), writtenIn(s), `${s.received}/${N}`, s.command, s.playing, `${s.eldP99} ms`, `${s.wholeP99} / ${s.wholeMax} ms`)),
  ...variants.map((v) => {
    const of = sent.filter((s) => s.variant === v);
    const http = distribution(of.map((s) => s.httpMs));
    return row('all', v, `≤ ${ms(http.max)}`, `≤ ${ms(Math.max(...of.map((s) => s.deliveredMs ?? Number.NaN)))}`, `${Math.min(...of.map((s) => s.received))}/${N} min`, pooled(v, (s) => s.command), pooled(v, (s) => s.playing), `${Math.max(...of.map((s) => s.eldP99))} ms`, `${Math.max(...of.map((s) => s.wholeP99))} / ${Math.max(...of.map((s) => s.wholeMax))} ms`);
  }),
]));
log('');
log(table([
  ['stop', 'value'],
  ...(fullAgents ? [['agents not subscribed to all their areas', `${unsubscribed}/${N}`]] : []),
  ['speakers playing when Stop was sent', `${playingBeforeStop}/${N}`],
  ['HTTP answer (POST dungphatngay)', ms(stopHttpMs)],
  ['stop command received p50 / p99 / max', `${three(stopCmd).join(' / ')} (${stopCmd.count} speakers)`],
  ['speaker silent (playing null) p50 / p99 / max', `${three(silent).join(' / ')} (${silent.count} speakers)`],
  ['every agent silent (polled every 10 ms)', allSilent ? ms(silentMs) : 'no'],
  [
    `server event-loop delay p99 / max during Stop${clients.length > 1 ? ` (${clients.map((_, i) => serverLabel(i)).join(', ')})` : ''}`,
    stopHealth.map((h) => `${h.eventLoopDelayMs.p99} / ${h.eventLoopDelayMs.max} ms`).join(', '),
  ],
]));
if (province) {
  // Each server's own event loop, and where the CPU went (% of one core; the machine has os.cpus().length).
  const names = Object.keys(pids);
  const seconds = (cpu: Record<string, CpuUse>, percent = false) => names.map((n) => {
    const use = cpu[n];
    if (!Number.isFinite(use?.seconds)) return '—';
    return `${use.seconds.toFixed(2)} s${percent ? ` (${Math.round(use.percent)} %)` : ''}`;
  });
  log('');
  log('Per bulletin, each server\'s event-loop delay p99 (request → every speaker started) and the CPU time each process used (request → ended everywhere)');
  log(table([
    ['bulletin', 'addressed to', 'sent via', ...clients.map((_, i) => `eld p99 ${serverLabel(i)}`), ...names.map((n) => `CPU ${n}`)],
    ...sent.map((s) => [`#${s.index}`, s.variant, s.via, ...s.eldP99s.map((e) => `${e} ms`), ...seconds(s.cpu)]),
    ['all bulletins and Stop (% of one core)', '', '', ...clients.map(() => ''), ...seconds(cpuWholeRun, true)],
  ]));
}

const checks: [string, string, boolean][] = [];
for (const v of variants) {
  const of = sent.filter((s) => s.variant === v);
  const c = distribution(pooled(v, (s) => s.command));
  const p = distribution(pooled(v, (s) => s.playing));
  checks.push(
    [`${v}: every speaker got every play`, `${Math.min(...of.map((s) => s.received))}/${N} at least`, of.every((s) => s.received === N)],
    [`${v}: command p99 ≤ ${TARGETS.commandP99Ms} ms`, ms(c.p99), c.p99 <= TARGETS.commandP99Ms],
    [`${v}: command max ≤ ${TARGETS.commandMaxMs} ms`, ms(c.max), c.max <= TARGETS.commandMaxMs],
    [`${v}: playing reported p99 ≤ ${TARGETS.playingP99Ms} ms`, ms(p.p99), p.p99 <= TARGETS.playingP99Ms],
    [`${v}: command p99 ≤ ${TARGETS.commandP99Ms} ms on every bulletin`, `worst ${ms(Math.max(...of.map((s) => distribution(s.command).p99)))}`, of.every((s) => distribution(s.command).p99 <= TARGETS.commandP99Ms)],
    [`${v}: server event-loop p99 ≤ ${TARGETS.eventLoopP99Ms} ms on every bulletin (start, whole)`, `worst ${Math.max(...of.map((s) => s.eldP99))} / ${Math.max(...of.map((s) => s.wholeP99))} ms`, of.every((s) => Math.max(s.eldP99, s.wholeP99) <= TARGETS.eventLoopP99Ms)],
  );
}
checks.push(['Stop: every speaker silent', allSilent ? `after ${ms(silentMs)}` : `${fleet.playingCount()} still playing`, allSilent]);
checks.push(...soundChecks);
log('');
log(table([['target', 'measured', 'verdict'], ...checks.map(([name, value, ok]) => [name, value, ok ? 'PASS' : 'FAIL'])]));
log(`Load average (1 min) at start / end: ${loadAtStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other processes share the machine)`);
log(`\nOverall: ${checks.every(([, , ok]) => ok) ? 'PASS' : 'FAIL'}`);

await teardown.run();
process.exit(0);
