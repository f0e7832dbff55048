/**
 * Schedules: N speakers online and S approved one-off schedules whose starts are spread over the
 * next M minutes of real time (with bursts of schedules sharing one second), then the start lag of
 * every occurrence as the speakers see it: play command (and `started`) minus the planned second.
 * `npm run bench -- schedules --schedules 1000 --speakers 2000 --minutes 10`.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Schedule, ScheduleBody } from '@loa/contract';
import { numericOptions } from './lib/args';
import { connectFleet } from './lib/connectFleet';
import { ConsoleClient } from './lib/consoleClient';
import { readHealth } from './lib/health';
import { describeMachine } from './lib/machine';
import { PlayTracker } from './lib/playTracker';
import { inPool, sleep } from './lib/pool';
import { createDistrict, registerDevices } from './lib/seed';
import { startServer, watchServerLog } from './lib/server';
import { Teardown } from './lib/teardown';
import { distribution, ms, table } from './lib/stats';

const opts = numericOptions('npm run bench -- schedules [options]', {
  schedules: { default: 1000, help: 'one-off schedules, each to one commune' },
  speakers: { default: 2000, help: 'speakers to register and connect' },
  minutes: { default: 10, help: 'real minutes the planned starts are spread over' },
  communes: { default: 40, help: 'communes the speakers (and schedules) are spread over' },
  bursts: { default: 10, help: 'seconds at which a burst of schedules starts together' },
  'burst-size': { default: 20, help: 'schedules per burst (each to a different commune)' },
  'relay-seconds': { default: 20, help: 'length of each schedule (one relay item)' },
  'lead-s': { default: 120, help: 'seconds from now to the first planned start (must cover creating them)' },
  'create-concurrency': { default: 4, help: 'schedule creations in flight' },
  concurrency: { default: 200, help: 'agent connection attempts in flight' },
  'register-concurrency': { default: 16, help: 'device registrations in flight' },
  'grace-s': { default: 30, help: 'wait after the last planned end before counting' },
});
const TARGET_P99_MS = 200;
const VN_OFFSET_MS = 7 * 3600 * 1000;
const log = (line: string) => console.log(line);

const teardown = new Teardown();

interface Plan {
  title: string;
  plannedAt: number;
  commune: number;
  burst: boolean;
  scheduleId?: string;
}

/** Planned starts on whole seconds: `bursts` seconds with `burst-size` schedules each, the rest spread evenly. */
function makePlans(windowStart: number): Plan[] {
  const windowS = opts.minutes * 60;
  const burstSize = Math.min(opts['burst-size'], opts.communes);
  const burstCount = Math.min(opts.bursts, Math.floor(opts.schedules / Math.max(1, burstSize)));
  const burstSeconds = Array.from({ length: burstCount }, (_, b) => Math.floor(((b + 0.5) * windowS) / burstCount));
  const plans: Omit<Plan, 'title'>[] = [];
  burstSeconds.forEach((second, b) => {
    for (let k = 0; k < burstSize; k += 1) plans.push({ plannedAt: windowStart + second * 1000, commune: (b * burstSize + k) % opts.communes, burst: true });
  });
  const singles = opts.schedules - plans.length;
  for (let i = 0; i < singles; i += 1) {
    let second = Math.floor((i * windowS) / singles);
    if (burstSeconds.includes(second)) second += 1;
    plans.push({ plannedAt: windowStart + second * 1000, commune: i % opts.communes, burst: false });
  }
  plans.sort((a, b) => a.plannedAt - b.plannedAt);
  return plans.map((p, i) => ({ ...p, title: `Lịch thử tải ${String(i + 1).padStart(5, '0')}` }));
}

/** YYYY-MM-DD and HH:mm:ss of an instant in Vietnam (UTC+7, no daylight saving). */
function vietnamTime(at: number): { date: string; time: string } {
  const iso = new Date(at + VN_OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

log(`Loa schedules benchmark: ${opts.schedules} schedules over ${opts.minutes} real minutes, ${opts.speakers} speakers in ${opts.communes} communes`);
log(`Machine: ${describeMachine()}`);
const loadAtStart = os.loadavg()[0];

// The scheduler logs each fire at info with the lag it stores in schedule_runs.lag_ms.
const serverLag = new Map<string, number>();
const server = await startServer({
  nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  env: { LOG_LEVEL: 'info' },
  onLog: watchServerLog({
    'scheduled broadcast fired': (entry) => {
      if (typeof entry.schedule === 'string') serverLag.set(entry.schedule, typeof entry.lagMs === 'number' ? entry.lagMs : Number.NaN);
    },
  }),
});
teardown.add(() => server.stop());
log(`Server pid ${server.pid} at ${server.baseUrl}, MQTT ${server.mqttUrl}`);
const client = new ConsoleClient(server.baseUrl);
await client.login(server.adminUser, server.adminPassword);

// 1. Areas, speakers, every agent online.
const { communeIds } = await createDistrict(client, opts.communes);
const devices = await registerDevices(client, opts.speakers, communeIds, opts['register-concurrency']);
const communeOf = new Map(devices.map((d, i) => [d.id, i % communeIds.length]));
const communeSize = communeIds.map((_, c) => devices.filter((_d, i) => i % communeIds.length === c).length);
const up = await connectFleet(client, server.mqttUrl, devices, { concurrency: opts.concurrency, timeoutS: 600, log });
const fleet = up.fleet;
teardown.add(() => fleet.agents.forEach((agent) => agent.kill()));
if (up.allOnlineMs === null) throw new Error(`only ${up.online}/${opts.speakers} devices online`);
log(`All ${opts.speakers} online after ${ms(up.allOnlineMs)}; ${up.configFirst} had their configuration before their SUBACK; ${up.unsubscribedAreas.length} not subscribed to all their areas`);
const tracker = new PlayTracker(fleet.agents, () => Date.now());

// 2. The schedules, created (and approved at once: the administrator holds duyetlichphat) before the first start.
const windowStart = Math.ceil((Date.now() + opts['lead-s'] * 1000) / 1000) * 1000;
const plans = makePlans(windowStart);
const createStart = performance.now();
let created = 0;
await inPool(plans, opts['create-concurrency'], async (plan) => {
  const { date, time } = vietnamTime(plan.plannedAt);
  const body: Partial<ScheduleBody> = {
    tieude: plan.title, diabanchon: [communeIds[plan.commune]], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'motlan', ngaybatdau: date, giophat: [time],
    nguonphat: [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 0, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/x', thoiluong: opts['relay-seconds'] }],
  };
  const schedule = await client.post<Schedule>('/v1/client/lichphat/taolichphat', body);
  if (schedule.trangthai !== 'daduyet') throw new Error(`schedule ${plan.title} is ${schedule.trangthai}, not approved`);
  plan.scheduleId = schedule._id;
  created += 1;
  if (created % 100 === 0) log(`  created ${created}/${plans.length} (${ms(performance.now() - createStart)})`);
});
const createMs = performance.now() - createStart;
const spare = windowStart - Date.now();
log(`Created ${plans.length} schedules in ${ms(createMs)}; first start in ${ms(spare)}`);
if (spare < 0) log('  WARNING: creation ran into the window; raise --lead-s');

// The clash check an editor's save runs (kiemtrathongtin): a schedule playing three times a day
// for a year, against every schedule above, over the year it looks ahead (issue #32 item 4).
const clashMs: number[] = [];
const yearly: Partial<ScheduleBody> = {
  tieude: 'Kiểm tra trùng lịch', diabanchon: [communeIds[0]], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangngay',
  ngaybatdau: vietnamTime(Date.now() + 86_400_000).date, giophat: ['06:00:00', '12:00:00', '18:00:00'],
  nguonphat: [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: 0, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/x', thoiluong: 300 }],
};
for (let i = 0; i < 5; i += 1) {
  const t0 = performance.now();
  await client.post('/v1/client/lichphat/kiemtrathongtin', yearly);
  clashMs.push(performance.now() - t0);
}
log(`Clash check (kiemtrathongtin, a daily schedule over the year ahead, against ${plans.length} schedules): ${clashMs.map((v) => ms(v)).join(', ')}`);

// 3. Let them fire: progress every 30 s, event-loop delay per 30 s window.
const lastEnd = plans[plans.length - 1].plannedAt + opts['relay-seconds'] * 1000;
const eldWindows: number[] = [];
await readHealth(client, true);
while (Date.now() < lastEnd + opts['grace-s'] * 1000) {
  await sleep(Math.min(30_000, Math.max(1000, lastEnd + opts['grace-s'] * 1000 - Date.now())));
  const health = await readHealth(client, true);
  eldWindows.push(health.eventLoopDelayMs.p99);
  const due = plans.filter((p) => p.plannedAt <= Date.now()).length;
  const titles = new Set(tracker.all().map(([, s]) => s.title));
  log(`  ${new Date().toISOString().slice(11, 19)} UTC  due ${due}/${plans.length}  seen by speakers ${titles.size}  eld p99 ${health.eventLoopDelayMs.p99} ms (max ${health.eventLoopDelayMs.max} ms)`);
}

// 4. Lags, as the speakers saw them, and what the server recorded.
const byTitle = new Map<string, ReturnType<PlayTracker['all']>[number][1][]>();
for (const [, session] of tracker.all()) byTitle.set(session.title, [...(byTitle.get(session.title) ?? []), session]);
const firstCmd: number[] = [];
const firstStarted: number[] = [];
const everyCmd: number[] = [];
const burstFirst: number[] = [];
const singleFirst: number[] = [];
const recorded: number[] = [];
let twice = 0;
let never = 0;
let partial = 0;
for (const plan of plans) {
  const sessions = byTitle.get(plan.title) ?? [];
  if (sessions.length === 0) never += 1;
  if (sessions.length > 1) twice += 1;
  const lag = plan.scheduleId ? serverLag.get(plan.scheduleId) : undefined;
  if (lag !== undefined) recorded.push(lag);
  if (sessions.length === 0) continue;
  const play = [...sessions[0].play].filter(([id]) => communeOf.get(id) === plan.commune).map(([, at]) => at - plan.plannedAt);
  const started = [...sessions[0].started.values()].map((at) => at - plan.plannedAt);
  if (play.length === 0) continue;
  const first = Math.min(...play);
  firstCmd.push(first);
  (plan.burst ? burstFirst : singleFirst).push(first);
  if (started.length) firstStarted.push(Math.min(...started));
  everyCmd.push(...play);
  if (play.length < communeSize[plan.commune]) partial += 1;
}
const row = (name: string, samples: number[]) => {
  const d = distribution(samples);
  return [name, String(d.count), ms(d.p50), ms(d.p95), ms(d.p99), ms(d.max)];
};
log('');
log(`Start lag against the planned second (${plans.length} occurrences, ${plans.filter((p) => p.burst).length} of them in ${opts.bursts} bursts):`);
log(table([
  ['lag', 'samples', 'p50', 'p95', 'p99', 'max'],
  row('first speaker of the commune: play command', firstCmd),
  row('  occurrences in a burst', burstFirst),
  row('  occurrences alone in their second', singleFirst),
  row('first speaker of the commune: started', firstStarted),
  row('every speaker of the commune: play command', everyCmd),
  row('server-recorded (schedule_runs.lag_ms)', recorded),
]));
const p99 = distribution(firstCmd).p99;
const checks: [string, string, boolean][] = [
  ['schedules created before the first start', `${ms(createMs)}, ${ms(spare)} to spare`, spare >= 0],
  [`start lag p99 ≤ ${TARGET_P99_MS} ms (first speaker, play command)`, ms(p99), p99 <= TARGET_P99_MS],
  ['occurrences fired twice', String(twice), twice === 0],
  ['occurrences never fired', String(never), never === 0],
  ['occurrences some speakers of the commune missed', String(partial), partial === 0],
];
log('');
log(table([
  ['figure', 'value'],
  ['speakers online after', ms(up.allOnlineMs)],
  ['agents not subscribed to all their areas', String(up.unsubscribedAreas.length)],
  ['schedules created (create-concurrency ' + opts['create-concurrency'] + ')', `${plans.length} in ${ms(createMs)} (${(plans.length / (createMs / 1000)).toFixed(1)}/s)`],
  ['event-loop delay p99 per 30 s window, worst', `${Math.max(...eldWindows)} ms`],
]));
log('');
log(table([['target', 'measured', 'verdict'], ...checks.map(([name, value, ok]) => [name, value, ok ? 'PASS' : 'FAIL'])]));
log(`Load average (1 min) at start / end: ${loadAtStart.toFixed(1)} / ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores (other processes share the machine)`);
log(`\nOverall: ${checks.every(([, , ok]) => ok) ? 'PASS' : 'FAIL'}`);

await teardown.run();
process.exit(0);
