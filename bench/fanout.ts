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
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { LiveBroadcast } from '@loa/contract';
import { numericOptions } from './lib/args';
import { bulletinForm } from './lib/bulletin';
import { connectFleet } from './lib/connectFleet';
import { ConsoleClient } from './lib/consoleClient';
import { readHealth } from './lib/health';
import { describeMachine } from './lib/machine';
import { connectLeanFleet } from './lib/leanFleet';
import { PlayTracker, since, type TrackedSpeaker } from './lib/playTracker';
import { sleep } from './lib/pool';
import { createDistrict, registerDevices } from './lib/seed';
import { startServer, watchServerLog } from './lib/server';
import { Teardown } from './lib/teardown';
import { distribution, ms, table, type Distribution } from './lib/stats';

const opts = numericOptions('npm run bench -- fanout [options]', {
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
});
const N = opts.count;
const TARGETS = { commandP99Ms: 500, commandMaxMs: 1000, playingP99Ms: 2000 };
const SEND = '/v1/client/phatngay/phatngay';
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
  eldP99: number;
}

/** Sends one bulletin, waits until every speaker plays it (or its time is up), then until it has ended everywhere. */
async function sendBulletin(variant: string, index: number, areaIds: string[]): Promise<Sent> {
  await readHealth(client, true);
  const form = bulletinForm(`Bản tin thử tải ${variant} ${index}`, areaIds, opts['relay-seconds']);
  const t0 = performance.now();
  const live = await client.postForm<LiveBroadcast>(SEND, form);
  const httpMs = performance.now() - t0;
  const session = tracker.session(live.idlichphat);
  await until(() => session.started.size >= N, opts['relay-seconds'] * 1000);
  const health = await readHealth(client);
  await until(() => fleet.playingCount() === 0, opts['relay-seconds'] * 1000 + 10_000, 100);
  const sent: Sent = {
    variant, index, httpMs, deliveredMs: delivered.get(live.idlichphat), received: session.play.size, started: session.started.size,
    command: since(session.play, t0), playing: since(session.started, t0), eldP99: health.eventLoopDelayMs.p99,
  };
  const c = distribution(sent.command);
  log(`  ${variant} #${index}: HTTP ${ms(httpMs)}, server wrote it to every subscriber in ${writtenIn(sent)}, play to ${sent.received}/${N} p99 ${ms(c.p99)} max ${ms(c.max)}, started ${sent.started}/${N}`);
  await sleep(opts['gap-seconds'] * 1000);
  return sent;
}

const three = (d: Distribution) => [ms(d.p50), ms(d.p99), ms(d.max)];

function row(label: string, addressed: string, http: string, written: string, received: string, command: number[], playing: number[], eld: string): string[] {
  return [label, addressed, http, written, received, ...three(distribution(command)), ...three(distribution(playing)), eld];
}
const writtenIn = (s: Sent) => (s.deliveredMs === undefined ? '?' : ms(s.deliveredMs));

const fullAgents = opts['full-agents'] === 1;
log(`Loa fan-out benchmark: ${N} ${fullAgents ? 'speaker agents' : 'lean simulated speakers'}, ${opts.bulletins} bulletins per variant`);
log(`Machine: ${describeMachine()}`);
const loadAtStart = os.loadavg()[0];

// The engine logs, at info, how long the broker took to hand a session's play command to every subscriber.
const delivered = new Map<string, number>();
const server = await startServer({
  nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  // Info logging (every HTTP request of the registration, every fan-out) costs both processes CPU
  // and slows the bulletins it measures: on only with --server-timing 1.
  env: { LOG_LEVEL: opts['server-timing'] ? 'info' : 'warn' },
  onLog: watchServerLog({
    'play command delivered': (entry) => {
      if (typeof entry.broadcast === 'string' && typeof entry.deliveredMs === 'number' && !delivered.has(entry.broadcast)) delivered.set(entry.broadcast, entry.deliveredMs);
    },
  }),
});
teardown.add(() => server.stop());
log(`Server pid ${server.pid} at ${server.baseUrl}, MQTT ${server.mqttUrl}`);
const client = new ConsoleClient(server.baseUrl);
await client.login(server.adminUser, server.adminPassword);

// 1. A district of `communes` communes, N devices over them, every agent online.
const { districtId, communeIds } = await createDistrict(client, opts.communes);
const regStart = performance.now();
const devices = await registerDevices(client, N, communeIds, opts['register-concurrency']);
log(`Registered ${N} devices in ${ms(performance.now() - regStart)}; connecting…`);
/** The speakers, whichever kind: what the rest of the benchmark needs of them. */
let fleet: { agents: readonly TrackedSpeaker[]; playingCount(): number };
let unsubscribed = 0;
const connectOptions = { concurrency: opts.concurrency, timeoutS: opts['connect-timeout-s'], log };
let up: { allOnlineMs: number | null; online: number };
if (fullAgents) {
  const agents = await connectFleet(client, server.mqttUrl, devices, connectOptions);
  teardown.add(() => agents.fleet.agents.forEach((agent) => agent.kill()));
  unsubscribed = agents.unsubscribedAreas.length;
  log(`Agents whose configuration arrived before their SUBACK: ${agents.configFirst}/${N}; not subscribed to all their areas: ${unsubscribed}/${N}`);
  [fleet, up] = [agents.fleet, agents];
} else {
  const lean = await connectLeanFleet(client, server.mqttUrl, devices, connectOptions);
  teardown.add(() => lean.fleet.kill());
  [fleet, up] = [lean.fleet, lean];
}
if (up.allOnlineMs === null) throw new Error(`only ${up.online}/${N} devices online`);
log(`All ${N} online after ${ms(up.allOnlineMs)}`);
log(`Settling ${opts['settle-seconds']} s…`);
await sleep(opts['settle-seconds'] * 1000);
const tracker = new PlayTracker(fleet.agents, () => performance.now());

// 2. Bulletins to the district (one publish), then to its communes as whole areas (one publish each).
const sent: Sent[] = [];
for (const [variant, areas] of [['district', [districtId]], [`${communeIds.length} communes`, communeIds]] as const) {
  log(`Bulletins addressed to the ${variant}:`);
  for (let i = 1; i <= opts.bulletins; i += 1) sent.push(await sendBulletin(variant, i, [...areas]));
}

// 3. Stop: a longer bulletin, then Stop once every speaker plays it.
log('Stop:');
const long = await client.postForm<LiveBroadcast>(SEND, bulletinForm('Bản tin thử dừng', [districtId], 120));
const stopSession = tracker.session(long.idlichphat);
await until(() => stopSession.started.size >= N, 10_000);
await sleep(1000);
const playingBeforeStop = fleet.playingCount();
await readHealth(client, true);
const s0 = performance.now();
// Poll while the request is in flight: speakers may fall silent before the answer comes.
const stopAnswer = client.get<{ sochuongtrinh: number }>(STOP).then(() => performance.now() - s0);
const allSilent = await until(() => fleet.playingCount() === 0, 15_000, 10);
const silentMs = performance.now() - s0;
const stopHttpMs = await stopAnswer;
const stopHealth = await readHealth(client);
const stopCmd = distribution(since(stopSession.stop, s0));
const silent = distribution(since(stopSession.stopped, s0));
log(`  ${playingBeforeStop} playing; HTTP ${ms(stopHttpMs)}; all silent ${allSilent ? `after ${ms(silentMs)}` : `NO (${fleet.playingCount()} still playing)`}`);

// 4. Summary.
const variants = [...new Set(sent.map((s) => s.variant))];
const pooled = (v: string, pick: (s: Sent) => number[]) => sent.filter((s) => s.variant === v).flatMap(pick);
log('');
log('Per bulletin, from just before the request (ms): play command received, started reported');
log(table([
  ['bulletin', 'addressed to', 'HTTP', 'server wrote', 'received', 'cmd p50', 'cmd p99', 'cmd max', 'play p50', 'play p99', 'play max', 'eld p99'],
  ...sent.map((s) => row(`#${s.index}`, s.variant, ms(s.httpMs), writtenIn(s), `${s.received}/${N}`, s.command, s.playing, `${s.eldP99} ms`)),
  ...variants.map((v) => {
    const of = sent.filter((s) => s.variant === v);
    const http = distribution(of.map((s) => s.httpMs));
    return row('all', v, `≤ ${ms(http.max)}`, `≤ ${ms(Math.max(...of.map((s) => s.deliveredMs ?? Number.NaN)))}`, `${Math.min(...of.map((s) => s.received))}/${N} min`, pooled(v, (s) => s.command), pooled(v, (s) => s.playing), `${Math.max(...of.map((s) => s.eldP99))} ms`);
  }),
]));
log('');
log(table([
  ['stop', 'value'],
  ...(fullAgents ? [['agents not subscribed to all their areas', `${unsubscribed}/${N}`]] : []),
  ['speakers playing when Stop was sent', `${playingBeforeStop}/${N}`],
  ['HTTP answer (GET dungphatngay)', ms(stopHttpMs)],
  ['stop command received p50 / p99 / max', `${three(stopCmd).join(' / ')} (${stopCmd.count} speakers)`],
  ['speaker silent (playing null) p50 / p99 / max', `${three(silent).join(' / ')} (${silent.count} speakers)`],
  ['every agent silent (polled every 10 ms)', allSilent ? ms(silentMs) : 'no'],
  ['server event-loop delay p99 / max during Stop', `${stopHealth.eventLoopDelayMs.p99} / ${stopHealth.eventLoopDelayMs.max} ms`],
]));

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
  );
}
checks.push(['Stop: every speaker silent', allSilent ? `after ${ms(silentMs)}` : `${fleet.playingCount()} still playing`, allSilent]);
log('');
log(table([['target', 'measured', 'verdict'], ...checks.map(([name, value, ok]) => [name, value, ok ? 'PASS' : 'FAIL'])]));
log(`Load average (1 min) at start / end: ${loadAtStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other processes share the machine)`);
log(`\nOverall: ${checks.every(([, , ok]) => ok) ? 'PASS' : 'FAIL'}`);

await teardown.run();
process.exit(0);
