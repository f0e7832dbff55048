/**
 * Speakers in step: N speaker agents whose clocks are wrong by up to ± `max-clock-error-ms` and
 * whose every message is delayed by a random `base-latency-ms` + [0, `jitter-ms`) each way, all
 * synchronising with the real server over MQTT; then bulletins to the district, and for each the
 * start skew within each commune. `npm run bench -- sync --count 1000`.
 *
 * Start skew: the spread (max − min) of the true start instants of the agents of one commune.
 * An agent starts when its corrected clock reaches the command's `startAt`; since this machine's
 * clock is the server's, the true instant of that is `startAt − e`, where `e` (the agent's
 * corrected clock minus the true time) is read at the moment it starts. That is the skew the clock
 * synchronisation leaves. The instants at which the agents' code actually ran are reported too:
 * all the agents share this process's two cores, so a thousand timers due in the same millisecond
 * run one after another, a queue that a fleet of real speakers (a CPU each) does not have.
 */
import os from 'node:os';
import { CLOCK_SYNC, type LiveBroadcast } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { numericOptions } from './lib/args';
import { bulletinForm } from './lib/bulletin';
import { connectFleet } from './lib/connectFleet';
import { ConsoleClient } from './lib/consoleClient';
import { readHealth } from './lib/health';
import { describeMachine } from './lib/machine';
import { sleep } from './lib/pool';
import { createDistrict, registerDevices } from './lib/seed';
import { startServer } from './lib/server';
import { distribution, ms, table } from './lib/stats';
import { Teardown } from './lib/teardown';

const opts = numericOptions('npm run bench -- sync [options]', {
  count: { default: 1000, help: 'speaker agents (all in this process)' },
  communes: { default: 20, help: 'communes of the district the agents are spread over' },
  bulletins: { default: 5, help: 'bulletins to the whole district' },
  'max-clock-error-ms': { default: 30_000, help: 'each agent\'s clock is wrong by a uniform random amount within ± this' },
  'base-latency-ms': { default: 5, help: 'one-way delay every message gets' },
  'jitter-ms': { default: 30, help: 'plus a uniform random delay in [0, this) per message, each way' },
  'relay-seconds': { default: 5, help: 'length of each bulletin' },
  concurrency: { default: 200, help: 'agent connection attempts in flight' },
  'register-concurrency': { default: 16, help: 'device registrations in flight' },
  'connect-timeout-s': { default: 600, help: 'give up waiting for the fleet after this long' },
});
const N = opts.count;
const TARGETS = { skewP95Ms: 20, skewMaxMs: 50 };
const SEND = '/v1/client/phatngay/phatngay';
const log = (line: string) => console.log(line);
const teardown = new Teardown();

log(`Loa sync benchmark: ${N} speaker agents, clocks within ±${ms(opts['max-clock-error-ms'])}, links ${opts['base-latency-ms']} + [0, ${opts['jitter-ms']}) ms each way`);
log(`Machine: ${describeMachine()}`);
const loadAtStart = os.loadavg()[0];
const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
teardown.add(() => server.stop());
const client = new ConsoleClient(server.baseUrl);
await client.login(server.adminUser, server.adminPassword);
const { districtId, communeIds } = await createDistrict(client, opts.communes);
const devices = await registerDevices(client, N, communeIds, opts['register-concurrency']);
const communeOf = new Map(devices.map((d, i) => [d.id, communeIds[i % communeIds.length]]));
const errors = devices.map(() => Math.round((Math.random() * 2 - 1) * opts['max-clock-error-ms']));
const latency = () => opts['base-latency-ms'] + Math.random() * opts['jitter-ms'];
log(`Registered ${N} devices; connecting…`);
const { fleet, allOnlineMs } = await connectFleet(client, server.mqttUrl, devices, {
  concurrency: opts.concurrency, timeoutS: opts['connect-timeout-s'], log, clockErrorMs: (i) => errors[i], simulatedLatency: latency,
});
teardown.add(() => fleet.agents.forEach((agent) => agent.kill()));
if (allOnlineMs === null) throw new Error('the fleet did not come online');
log(`All ${N} online after ${ms(allOnlineMs)}; waiting for every clock's first exchanges…`);
const synced = () => fleet.agents.filter((a) => a.clock.status().samples >= CLOCK_SYNC.burst).length;
for (let waited = 0; synced() < N && waited < 60; waited += 1) await sleep(1000);
log(`${synced()}/${N} agents have their first burst of answers`);
// Then they settle (docs/device-protocol.md "Clock"): exchanges a few seconds apart while their
// bounds are wider than CLOCK_SYNC.settleTargetMs, at most settleMax of them. Waited for, as a fleet
// that has been up for a minute has done it.
const settled = () => fleet.agents.filter((a) => (a.clock.uncertainty() ?? Infinity) <= CLOCK_SYNC.settleTargetMs).length;
const settleLimitMs = CLOCK_SYNC.settleMax * CLOCK_SYNC.settleGapMs * 2 + 5000;
const settleStart = Date.now();
while (settled() < N && Date.now() - settleStart < settleLimitMs) await sleep(1000);
const uncertainties = distribution(fleet.agents.map((a) => a.clock.uncertainty() ?? Infinity));
log(`${settled()}/${N} agents settled within ${CLOCK_SYNC.settleTargetMs} ms after ${ms(Date.now() - settleStart)}; bounds width p50 ${uncertainties.p50.toFixed(1)} / p95 ${uncertainties.p95.toFixed(1)} / max ${uncertainties.max.toFixed(1)} ms`);
await sleep(2000);

// How far each agent's corrected clock is from the true one (this machine's = the server's).
const estimateErrors = fleet.agents.map((a) => Math.abs(a.clock.now() - Date.now()));
const rtts = fleet.agents.map((a) => a.clock.status().rtt);

interface Start { commune: string; intended: number; fired: number; late: boolean; position: number }
const starts = new Map<string, Start[]>();
const commandAt = new Map<string, { startAt: number; lead: number }>();
for (const agent of fleet.agents as SpeakerAgent[]) {
  agent.on('command', (c) => {
    if (c.type === 'play') commandAt.set(`${agent.deviceId}|${c.sessionId}`, { startAt: c.startAt, lead: c.startAt - Date.now() });
  });
  agent.on('event', (e) => {
    if (e.type !== 'started' || !e.sessionId || e.itemIndex !== 0) return;
    const now = Date.now();
    const error = agent.clock.now() - now;
    const command = commandAt.get(`${agent.deviceId}|${e.sessionId}`);
    if (!command) return;
    const list = starts.get(e.sessionId) ?? [];
    // The true instant its corrected clock reached startAt (a late joiner seeks in: the same instant
    // of the timeline); and the instant its code ran, less the position it seeked to.
    list.push({ commune: communeOf.get(agent.deviceId) ?? '', intended: command.startAt - error, fired: now - (e.position ?? 0) * 1000, late: command.lead < 0, position: e.position ?? 0 });
    starts.set(e.sessionId, list);
  });
}

const spreads: number[] = [];
const firedSpreads: number[] = [];
const leads: number[] = [];
let late = 0;
for (let i = 1; i <= opts.bulletins; i += 1) {
  await readHealth(client, true);
  const live = await client.postForm<LiveBroadcast>(SEND, bulletinForm(`Bản tin đồng bộ ${i}`, [districtId], opts['relay-seconds']));
  const end = Date.now() + opts['relay-seconds'] * 1000 + 5000;
  while ((starts.get(live.idlichphat)?.length ?? 0) < N && Date.now() < end) await sleep(50);
  const health = await readHealth(client);
  const list = starts.get(live.idlichphat) ?? [];
  const byCommune = new Map<string, Start[]>();
  for (const s of list) byCommune.set(s.commune, [...(byCommune.get(s.commune) ?? []), s]);
  const these: number[] = [];
  const theseFired: number[] = [];
  for (const group of byCommune.values()) {
    these.push(Math.max(...group.map((s) => s.intended)) - Math.min(...group.map((s) => s.intended)));
    theseFired.push(Math.max(...group.map((s) => s.fired)) - Math.min(...group.map((s) => s.fired)));
  }
  spreads.push(...these);
  firedSpreads.push(...theseFired);
  late += list.filter((s) => s.late).length;
  for (const agent of fleet.agents) {
    const command = commandAt.get(`${agent.deviceId}|${live.idlichphat}`);
    if (command) leads.push(command.lead);
  }
  const d = distribution(these);
  log(`  #${i}: ${list.length}/${N} started; skew per commune p50 ${d.p50.toFixed(1)} / p95 ${d.p95.toFixed(1)} / max ${d.max.toFixed(1)} ms; code ran within ${ms(distribution(theseFired).max)}; server event-loop p99 ${health.eventLoopDelayMs.p99} ms`);
  while (fleet.playingCount() > 0 && Date.now() < end + 10_000) await sleep(100);
  await sleep(1000);
}

const skew = distribution(spreads);
const fired = distribution(firedSpreads);
const lead = distribution(leads.map((l) => -l));
const est = distribution(estimateErrors);
const rtt = distribution(rtts);
const health = await readHealth(client);
log('');
log(table([
  ['figure', 'p50', 'p95', 'max'],
  ['start skew within a commune (corrected clocks), ms', skew.p50.toFixed(1), skew.p95.toFixed(1), skew.max.toFixed(1)],
  ['spread of the instants the agents\' code ran, ms', fired.p50.toFixed(1), fired.p95.toFixed(1), fired.max.toFixed(1)],
  ['|corrected clock − true clock| per agent, ms', est.p50.toFixed(1), est.p95.toFixed(1), est.max.toFixed(1)],
  ['round trip of each agent\'s best exchange, ms', rtt.p50.toFixed(1), rtt.p95.toFixed(1), rtt.max.toFixed(1)],
  ['command arrival before startAt (negative: late), ms', (-lead.p50).toFixed(0), (-lead.p95).toFixed(0), `${(-lead.max).toFixed(0)} (worst)`],
]));
log(`Commands that arrived after their start (the agent seeks in): ${late}/${N * opts.bulletins}`);
log(`Clock requests answered / ignored by the server: ${health.dongho.traloi} / ${health.dongho.boqua}`);
const checks: [string, string, boolean][] = [
  [`start skew p95 ≤ ${TARGETS.skewP95Ms} ms`, `${skew.p95.toFixed(1)} ms`, skew.p95 <= TARGETS.skewP95Ms],
  [`start skew max ≤ ${TARGETS.skewMaxMs} ms`, `${skew.max.toFixed(1)} ms`, skew.max <= TARGETS.skewMaxMs],
  ['every agent started every bulletin', `${spreads.length} commune starts`, [...starts.values()].every((l) => l.length === N)],
];
log('');
log(table([['target', 'measured', 'verdict'], ...checks.map(([name, value, ok]) => [name, value, ok ? 'PASS' : 'FAIL'])]));
log(`Load average (1 min) at start / end: ${loadAtStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
log(`\nOverall: ${checks.every(([, , ok]) => ok) ? 'PASS' : 'FAIL'}`);
await teardown.run();
process.exit(0);
