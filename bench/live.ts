/**
 * Live voice, mouth to speaker: an officer talks through the console in Chromium, whose fake
 * microphone plays a WAV of timed tone bursts; real speaker agents decode the live stream with
 * mpg123 (writing what they play), and simulated listeners read the same stream over HTTP, for
 * 1, 100 and 1,000 listeners in turn. `npm run bench -- live [--talk-seconds 300]`.
 *
 * Mouth: when each burst reaches the console's microphone stream (the page taps the stream the
 * console encodes, after the browser's own voice processing). Speaker: when the burst plays at a
 * real agent — its decoded output (mpg123's WAV, read as it grows) placed on a playback clock: the
 * agent's own jitter buffer (apps/speaker/src/livePacer.ts) feeds the decoder each frame
 * LIVE_FEED_AHEAD_MS before it plays, so the clock starts that long after the first audio and plays
 * in real time, underrunning when audio is late (bench/lib/playout.ts). Simulated listeners read the
 * MP3 with a buffer of `buffer-ms` (the agent's prebuffer by default) on the same model.
 * The server's CPU and memory are read from /proc while each talk lasts.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { LIVE_KBPS, MSG, type DeviceCommand } from '@loa/contract';
import { LIVE_FEED_AHEAD_MS, LIVE_PREBUFFER_MS, SpeakerAgent, silentLogger } from '@loa/speaker';
import { encodeWav, parseWav } from '../apps/speaker/src/testing/audioCheck';
import { parseWavHeader } from '../apps/speaker/src/wav';
import { BURST_LENGTHS_MS, burstSignal, envelopeOf, findBursts, latencies, type Burst } from './lib/bursts';
import { ConsoleClient } from './lib/consoleClient';
import { readHealth } from './lib/health';
import { describeMachine } from './lib/machine';
import { PlayoutModel } from './lib/playout';
import { sleep } from './lib/pool';
import { createDistrict, registerDevices } from './lib/seed';
import { startServer } from './lib/server';
import { distribution, ms, table } from './lib/stats';
import { Teardown } from './lib/teardown';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    listeners: { type: 'string', default: '1,100,1000' },
    agents: { type: 'string', default: '3' },
    'talk-seconds': { type: 'string', default: '60' },
    'period-ms': { type: 'string', default: '2000' },
    'buffer-ms': { type: 'string', default: String(LIVE_PREBUFFER_MS) },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(`npm run bench -- live [options]

Options:
  --listeners LIST     listener counts, one talk each (default 1,100,1000); the first real agents count among them
  --agents N           real speaker agents decoding the stream with mpg123 (default 3; one in a talk to 1 listener)
  --talk-seconds S     how long each talk lasts (default 60; 300 for the five-minute check)
  --period-ms P        one tone burst every P ms (default 2000)
  --buffer-ms B        a simulated listener's playback starts B ms after its first audio (default ${LIVE_PREBUFFER_MS}, the agents' prebuffer)

LOA_BENCH_DEBUG=DIR keeps each talk's microphone envelope and the agents' WAV files in DIR, and prints the page's console.`);
  process.exit(0);
}
const counts = values.listeners.split(',').map(Number);
const AGENTS = Number(values.agents);
const TALK_S = Number(values['talk-seconds']);
const PERIOD_MS = Number(values['period-ms']);
const BUFFER_MS = Number(values['buffer-ms']);
if (counts.some((n) => !Number.isInteger(n) || n < 1) || !(AGENTS >= 1) || !(TALK_S >= 10) || !(PERIOD_MS >= 500)) {
  throw new Error('--listeners must list positive whole numbers, --agents ≥ 1, --talk-seconds ≥ 10, --period-ms ≥ 500');
}
const TARGETS = { p95Ms: 1000, maxMs: 1500 };
/** Underruns this long after a listener's first audio count against "no underrun" (its join is left out). */
const SETTLE_MS = 1000;
const log = (line: string) => console.log(line);
const teardown = new Teardown();

log(`Loa live voice benchmark: listeners ${counts.join(', ')}; ${AGENTS} real agents (prebuffer ${LIVE_PREBUFFER_MS} ms); ${TALK_S} s talks; a burst every ${PERIOD_MS} ms; simulated listeners' buffer ${BUFFER_MS} ms`);
log(`Machine: ${describeMachine()}`);
// The console the browser opens is the server's built one.
execFileSync(process.execPath, ['scripts/ensure-web-build.mjs'], { stdio: 'inherit' });

// The microphone: 48 kHz bursts, one loop of five kinds (Chromium loops the file).
const work = await mkdtemp(path.join(os.tmpdir(), 'loa-bench-live-'));
teardown.add(() => rm(work, { recursive: true, force: true }));
const MIC_RATE = 48_000;
const mic = path.join(work, 'micro.wav');
await writeFile(mic, encodeWav({ sampleRate: MIC_RATE, samples: burstSignal({ sampleRate: MIC_RATE, periodMs: PERIOD_MS, seconds: (PERIOD_MS * BURST_LENGTHS_MS.length) / 1000 }) }));

const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
teardown.add(() => server.stop());
const client = new ConsoleClient(server.baseUrl);
await client.login(server.adminUser, server.adminPassword);
// One commune per agent: a talk to one listener is sent to the first commune only.
const { communeIds } = await createDistrict(client, AGENTS);
const communeNames = communeIds.map((_, i) => `Xã Thử Tải ${i + 1}`);
const devices = await registerDevices(client, AGENTS, communeIds, 4);

interface Listening {
  agent: SpeakerAgent;
  dir: string;
  /** Sizes of the WAV mpg123 is writing, as [time, bytes], per file. */
  growth: Map<string, [number, number][]>;
}
const speakers: Listening[] = [];
for (const [i, d] of devices.entries()) {
  const dir = await mkdtemp(path.join(work, `loa-${i}-`));
  const agent = new SpeakerAgent({ mqttUrl: server.mqttUrl, deviceId: d.id, secret: d.secret, audioBaseUrl: server.baseUrl, outputDir: dir, logger: silentLogger });
  teardown.add(() => agent.stop());
  await agent.start();
  speakers.push({ agent, dir, growth: new Map() });
}
// What each agent's decoder has written so far, every 5 ms: when each piece of audio came out.
const watch = setInterval(() => {
  const now = Date.now();
  for (const s of speakers) {
    for (const name of readdirSync(s.dir)) {
      if (!name.endsWith('.wav.part')) continue;
      let size: number;
      try {
        size = statSync(path.join(s.dir, name)).size;
      } catch {
        continue;
      }
      const list = s.growth.get(name) ?? [];
      if (list.length === 0 || list[list.length - 1][1] !== size) list.push([now, size]);
      s.growth.set(name, list);
    }
  }
}, 5);
teardown.add(() => clearInterval(watch));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${mic}`,
    '--autoplay-policy=no-user-gesture-required',
  ],
});
teardown.add(() => browser.close());
const context = await browser.newContext({ permissions: ['microphone'], baseURL: server.baseUrl });
// The mouth: the page taps the stream the console gets from getUserMedia (the loudness of every
// 2 ms of it, with the wall-clock time it was captured), without changing what the console does.
await context.addInitScript(() => {
  interface Take { calls: [number, number][]; rms: number[] }
  const w = window as unknown as { __mouth: Take | null };
  w.__mouth = null;
  let previous: AudioContext | null = null;
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    void previous?.close();
    const ctx = new AudioContext({ sampleRate: 48_000 });
    previous = ctx;
    const take: Take = { calls: [], rms: [] };
    w.__mouth = take;
    const source = ctx.createMediaStreamSource(stream);
    const tap = ctx.createScriptProcessor(256, 1, 1);
    const mute = ctx.createGain();
    mute.gain.value = 0;
    source.connect(tap);
    tap.connect(mute);
    mute.connect(ctx.destination);
    const frame = 128;
    let captured = 0;
    tap.onaudioprocess = (event) => {
      const data = event.inputBuffer.getChannelData(0);
      captured += data.length;
      // The block ends about now (callbacks only run late): the bench fits the samples' times to these.
      take.calls.push([performance.timeOrigin + performance.now(), captured]);
      for (let f = 0; f + frame <= data.length; f += frame) {
        let sum = 0;
        for (let i = f; i < f + frame; i += 1) sum += data[i] * data[i];
        take.rms.push(Math.sqrt(sum / frame));
      }
    };
    return stream;
  };
});
const page = await context.newPage();
if (process.env.LOA_BENCH_DEBUG) page.on('console', (m) => log(`  [page] ${m.text()}`)).on('pageerror', (e) => log(`  [page error] ${e.message}`));
await page.goto('/login');
await page.getByLabel('Tên tài khoản').fill(server.adminUser);
await page.getByLabel('Mật khẩu', { exact: true }).fill(server.adminPassword);
await page.getByRole('button', { name: 'Đăng nhập' }).click();
await page.getByRole('button', { name: 'Tài khoản' }).waitFor();

/** Opens the live voice dialog, chooses the communes and starts talking (no chime). */
async function startTalk(page: Page, communes: string[], title: string): Promise<void> {
  await page.getByRole('button', { name: 'Phát trực tiếp' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Phát trực tiếp' });
  await dialog.getByLabel('Tên chương trình').fill(title);
  await dialog.getByLabel('Loại bản tin').selectOption({ label: 'Thông tin đột xuất' });
  await dialog.getByRole('combobox', { name: 'Địa bàn' }).click();
  for (const c of communes) await page.getByRole('option', { name: c, exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('combobox', { name: 'Thiết bị' }).click();
  await page.getByRole('option', { name: MSG.allDevices }).click();
  await page.keyboard.press('Escape');
  await dialog.getByLabel('Phát chuông báo trước khi nói').uncheck();
  await dialog.getByRole('button', { name: 'Bắt đầu phát trực tiếp' }).click();
  await dialog.getByTestId('live-voice-status').filter({ hasText: 'Đang phát trực tiếp' }).waitFor({ timeout: 20_000 });
}

async function stopTalk(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Phát trực tiếp' });
  await dialog.getByRole('button', { name: 'Dừng phát trực tiếp' }).click();
  await dialog.getByRole('button', { name: 'Bắt đầu phát trực tiếp' }).waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** A simulated listener: reads the stream and holds it to the playback model (bytes of 64 kbit/s MP3). */
function listen(url: string, agent: http.Agent): { model: PlayoutModel; close: () => void; connected: Promise<void> } {
  const model = new PlayoutModel((LIVE_KBPS * 1000) / 8, BUFFER_MS);
  let request: http.ClientRequest;
  const connected = new Promise<void>((resolve, reject) => {
    request = http.get(url, { agent }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`listener refused: HTTP ${response.statusCode}`));
        response.resume();
        return;
      }
      resolve();
      response.on('data', (chunk: Buffer) => model.arrive(Date.now(), chunk.length));
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
  return { model, close: () => request.destroy(), connected };
}

/** The server's CPU seconds so far (user + system) and resident memory (MiB). */
async function serverUsage(pid: number): Promise<{ cpuS: number; rssMb: number }> {
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return { cpuS: (Number(stat[11]) + Number(stat[12])) / 100, rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024 };
}

/** What a speaker played, as bursts on the playback clock, and its underruns. */
async function heardBy(s: Listening, file: string): Promise<{ bursts: Burst[]; model: PlayoutModel } | null> {
  const sealed = path.join(s.dir, file.replace(/\.part$/, ''));
  const growth = s.growth.get(file);
  if (!growth) return null;
  const wavBytes = await readFile(sealed);
  const layout = parseWavHeader(wavBytes);
  const audio = parseWav(wavBytes);
  // The agent writes each frame to the decoder LIVE_FEED_AHEAD_MS before it plays (its jitter buffer did the waiting).
  const model = new PlayoutModel(layout.sampleRate, LIVE_FEED_AHEAD_MS, 10, true);
  let frames = 0;
  for (const [at, size] of growth) {
    const now = Math.floor(Math.max(0, size - layout.dataOffset) / layout.blockAlign);
    if (now > frames) model.arrive(at, now - frames);
    frames = Math.max(frames, now);
  }
  const env = envelopeOf(audio.samples, audio.sampleRate);
  const times = new Float64Array(env.rms.length);
  for (let f = 0; f < times.length; f += 1) times[f] = model.playTimeOf(f * env.frameSamples);
  const known = times.findIndex(Number.isNaN);
  const upTo = known < 0 ? times.length : known;
  return { bursts: findBursts({ times: times.subarray(0, upTo), rms: env.rms.subarray(0, upTo) }), model };
}

/**
 * When the microphone's samples were captured, on the wall clock: its callbacks (wall time, samples
 * so far) fitted to a line — the slope is the rate it really delivers, which a fake device may not
 * hold — placed at the earliest callback (callbacks only run late).
 */
function captureClock(calls: [number, number][]): { rate: number; timeOf: (sample: number) => number } {
  if (calls.length < 2) return { rate: MIC_RATE, timeOf: (sample) => (calls[0]?.[0] ?? 0) + (sample / MIC_RATE) * 1000 };
  const n = calls.length;
  const meanS = calls.reduce((sum, [, c]) => sum + c, 0) / n;
  const meanT = calls.reduce((sum, [t]) => sum + t, 0) / n;
  let num = 0;
  let den = 0;
  for (const [t, c] of calls) {
    num += (c - meanS) * (t - meanT);
    den += (c - meanS) * (c - meanS);
  }
  const msPerSample = num / den;
  const base = Math.min(...calls.map(([t, c]) => t - c * msPerSample));
  return { rate: 1000 / msPerSample, timeOf: (sample) => base + sample * msPerSample };
}

interface Result {
  listeners: number;
  agents: number;
  bursts: number;
  unmatched: number;
  latency: ReturnType<typeof distribution>;
  agentUnderruns: number;
  agentSilentMs: number;
  listenerUnderruns: number;
  listenersUnderrun: number;
  /** Listeners that underran once settled (a second after their first audio), and speakers likewise. */
  listenersUnderrunSettled: number;
  agentUnderrunsSettled: number;
  cpuPercent: number;
  rssMb: number;
}
const results: Result[] = [];
const httpAgent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

for (const [round, n] of counts.entries()) {
  const inTalk = n === 1 ? 1 : Math.min(AGENTS, n);
  const talking = speakers.slice(0, inTalk);
  let url: string | null = null;
  const onCommand = (c: DeviceCommand) => {
    if (c.type === 'play') {
      const item = c.items.find((i) => i.kind === 'live');
      if (item) url = new URL(item.url, server.baseUrl).toString();
    }
  };
  talking[0].agent.on('command', onCommand);
  for (const s of talking) s.growth.clear();

  log(`\nTalk ${round + 1}: ${n} listener(s) (${inTalk} real agent(s), ${n - inTalk} simulated)…`);
  await startTalk(page, communeNames.slice(0, n === 1 ? 1 : AGENTS), `Nói thử ${n}`);
  for (let waited = 0; (!url || talking.some((s) => s.agent.playing?.title !== 'Phát trực tiếp')) && waited < 100; waited += 1) await sleep(100);
  talking[0].agent.off('command', onCommand);
  if (!url) throw new Error('no agent received the live play command');
  const sims = Array.from({ length: n - inTalk }, () => listen(url!, httpAgent));
  await Promise.all(sims.map((s) => s.connected));
  const before = await serverUsage(server.pid);
  await readHealth(client, true);
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  ownLoop.enable();
  const talkStart = Date.now();
  log(`  all ${n} listening; talking for ${TALK_S} s`);
  await sleep(TALK_S * 1000);
  const after = await serverUsage(server.pid);
  const talkEnd = Date.now();
  // Whose event loop stalled, if anything stalled: the server's, or this process's (its listeners' clock).
  const serverLoop = (await readHealth(client)).eventLoopDelayMs;
  ownLoop.disable();
  const benchLoop = { p99: ownLoop.percentile(99) / 1e6, max: ownLoop.max / 1e6 };
  await stopTalk(page);
  for (const s of sims) s.close();
  await sleep(1500);

  // What the microphone gave during this talk (the console opens it anew for each).
  const mouth = await page.evaluate(() => (window as unknown as { __mouth: { calls: [number, number][]; rms: number[] } | null }).__mouth ?? { calls: [], rms: [] });
  const capture = captureClock(mouth.calls);
  const mouthTimes = Float64Array.from(mouth.rms, (_, i) => capture.timeOf(i * 128));
  log(`  microphone: ${capture.rate.toFixed(0)} samples per wall-clock second (nominal ${MIC_RATE}; ${(((capture.rate - MIC_RATE) / MIC_RATE) * 100).toFixed(2)} %)`);
  const spoken = findBursts({ times: mouthTimes, rms: Float32Array.from(mouth.rms) });
  if (process.env.LOA_BENCH_DEBUG) {
    const sorted = [...mouth.rms].sort((a, b) => a - b);
    log(`  [debug] mouth frames ${mouth.rms.length}, rms p50 ${sorted[sorted.length >> 1]} p99 ${sorted[Math.floor(sorted.length * 0.99)]} max ${sorted[sorted.length - 1]}; first ${mouthTimes[0] - talkStart} ms`);
    await writeFile(path.join(process.env.LOA_BENCH_DEBUG, `mouth-${n}.json`), JSON.stringify({ talkStart, talkEnd, ...mouth }));
    for (const s of talking) for (const f of readdirSync(s.dir)) await writeFile(path.join(process.env.LOA_BENCH_DEBUG, `${n}-${s.agent.deviceId}-${f}`), await readFile(path.join(s.dir, f)));
    for (const s of talking) log(`  [debug] ${s.agent.deviceId}: ${[...s.growth.entries()].map(([f, g]) => `${f} ${g.length} sizes, last ${g[g.length - 1][1]}`).join('; ')} files ${readdirSync(s.dir).join(',')}`);
  }
  const all: number[] = [];
  let unmatched = 0;
  let heardBursts = 0;
  let agentUnderruns = 0;
  let agentUnderrunsSettled = 0;
  let agentSilentMs = 0;
  for (const s of talking) {
    const file = [...s.growth.keys()][0];
    const heard = file ? await heardBy(s, file) : null;
    if (!heard) throw new Error(`agent ${s.agent.deviceId} wrote nothing`);
    // Bursts heard while the talk was measured (its first and last period left out).
    const inWindow = heard.bursts.filter((b) => b.at >= talkStart + PERIOD_MS && b.at <= talkEnd - PERIOD_MS);
    const matched = latencies(spoken, inWindow, PERIOD_MS);
    all.push(...matched.latencyMs);
    unmatched += matched.unmatched;
    heardBursts += inWindow.length;
    agentUnderruns += heard.model.underruns;
    agentUnderrunsSettled += heard.model.underrunsAfter(SETTLE_MS);
    agentSilentMs += heard.model.silentMs;
  }
  const expected = Math.floor((talkEnd - talkStart - 2 * PERIOD_MS) / PERIOD_MS) * inTalk;
  const result: Result = {
    listeners: n, agents: inTalk, bursts: heardBursts, unmatched, latency: distribution(all), agentUnderruns, agentSilentMs,
    listenerUnderruns: sims.reduce((sum, s) => sum + s.model.underruns, 0),
    listenersUnderrun: sims.filter((s) => s.model.underruns > 0).length,
    listenersUnderrunSettled: sims.filter((s) => s.model.underrunsAfter(SETTLE_MS) > 0).length,
    agentUnderrunsSettled,
    cpuPercent: ((after.cpuS - before.cpuS) / ((talkEnd - talkStart) / 1000)) * 100,
    rssMb: after.rssMb,
  };
  results.push(result);
  log(`  spoken bursts ${spoken.length}; heard ${heardBursts} of about ${expected} at the agents (${unmatched} unmatched); latency p50 ${ms(result.latency.p50)}, p95 ${ms(result.latency.p95)}, max ${ms(result.latency.max)}`);
  log(`  agents: ${agentUnderruns} underruns (${ms(agentSilentMs)} silent), ${agentUnderrunsSettled} of them once settled; simulated listeners: ${result.listenersUnderrun} of ${sims.length} underran (${result.listenerUnderruns} times), ${result.listenersUnderrunSettled} once settled`);
  log(`  server: ${result.cpuPercent.toFixed(1)} % of a core, ${result.rssMb.toFixed(0)} MiB resident, event-loop delay p99 ${ms(serverLoop.p99)}, max ${ms(serverLoop.max)}; this process's: p99 ${ms(benchLoop.p99)}, max ${ms(benchLoop.max)}`);
  const rates = sims.map((s) => s.model.arrivalRate).filter((r) => !Number.isNaN(r));
  if (rates.length > 0) log(`  stream: ${(rates.reduce((a, b) => a + b, 0) / rates.length).toFixed(4)} s of audio per wall-clock second at the simulated listeners`);
  if (sims.some((s) => s.model.received === 0)) log(`  ${sims.filter((s) => s.model.received === 0).length} simulated listeners received nothing`);
}

log('\nMouth-to-speaker latency (bursts heard by the real agents) and the server under the listeners:');
log(table([
  ['listeners', 'agents', 'bursts', 'p50', 'p95', 'max', 'agent underruns (settled)', 'listeners underran (settled)', 'server CPU', 'server RSS'],
  ...results.map((r) => [
    String(r.listeners), String(r.agents), `${r.bursts}${r.unmatched ? ` (${r.unmatched} unmatched)` : ''}`, ms(r.latency.p50), ms(r.latency.p95), ms(r.latency.max),
    `${r.agentUnderruns} (${r.agentUnderrunsSettled})`, `${r.listenersUnderrun} (${r.listenersUnderrunSettled})/${r.listeners - r.agents}`, `${r.cpuPercent.toFixed(1)} %`, `${r.rssMb.toFixed(0)} MiB`,
  ]),
]));
const first = results[0];
const last = results[results.length - 1];
if (results.length > 1 && last.listeners > first.listeners) {
  const per = last.listeners - first.listeners;
  log(`Per listener (from ${first.listeners} to ${last.listeners}): ${(((last.cpuPercent - first.cpuPercent) / per) * 10).toFixed(3)} ‰ of a core, ${(((last.rssMb - first.rssMb) * 1024) / per).toFixed(0)} KiB`);
}
const worst = { p95: Math.max(...results.map((r) => r.latency.p95)), max: Math.max(...results.map((r) => r.latency.max)) };
// A listener's first second is its join (it starts from the newest chunk, which is already old).
const underran = results.some((r) => r.agentUnderrunsSettled > 0 || r.listenersUnderrunSettled > 0);
const missing = results.some((r) => r.bursts === 0 || r.unmatched > 0);
log(`Targets: p95 ≤ ${ms(TARGETS.p95Ms)} (worst ${ms(worst.p95)}) ${worst.p95 <= TARGETS.p95Ms ? 'PASS' : 'FAIL'}; max ≤ ${ms(TARGETS.maxMs)} (worst ${ms(worst.max)}) ${worst.max <= TARGETS.maxMs ? 'PASS' : 'FAIL'}; no underrun once settled ${underran ? 'FAIL' : 'PASS'}; every burst matched ${missing ? 'FAIL' : 'PASS'}`);
await teardown.run();
process.exit(worst.p95 <= TARGETS.p95Ms && worst.max <= TARGETS.maxMs && !underran && !missing ? 0 : 1);
