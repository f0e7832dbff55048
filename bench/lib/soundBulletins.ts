/**
 * The sound part of the fan-out benchmark (issue #29): bulletins whose audio every simulated
 * speaker fetches as the agent does (lib/soundFleet.ts), timed from the officer's request:
 *  - a stored 60 s MP3 (uploaded beforehand, as the officer sent it);
 *  - a 60 s text-to-speech bulletin made in the request (the chime plays while it is made);
 *  - a relay of an endless stream (a stream server in this process);
 *  - the same stored MP3 from Debian's nginx (its own configuration, one worker, a free port) to the
 *    same speakers in the same run, for the ratio against a plain static server.
 * Live voice is measured by `npm run bench -- live` (real agents and up to 1,000 listeners).
 */
import { readdir, readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { LiveBroadcast } from '@loa/contract';
import { encodeMp3, speechLike } from '../../apps/speaker/src/testing/signals';
import type { ConsoleClient } from './consoleClient';
import { readHealth } from './health';
import { startNginx } from './nginx';
import { startHog, type Hog } from './hog';
import { startRelayStream } from './relayStream';
import { PREBUFFER_SECONDS, type ItemFetch, type SoundEars } from './soundFleet';
import { distribution, ms, table, type Distribution } from './stats';
import { sleep } from './pool';

const SEND = '/v1/client/phatngay/phatngay';
export const SOUND_TARGETS = { firstByteP99Ms: 1500, chimeP95Ms: 2000, eventLoopP99Ms: 100, rssMb: 1536, nginxRatio: 1.5, speechKbPerMinute: 400 };

/** About a minute of Vietnamese speech at the offline voice's speed (≈ 13 characters a second, numbers read out). */
const MINUTE_OF_SPEECH = [
  'Thông báo khẩn của Ủy ban nhân dân huyện về tình hình mưa lũ.',
  'Do ảnh hưởng của áp thấp nhiệt đới, từ đêm nay đến hết ngày mai trên địa bàn huyện có mưa to đến rất to, lượng mưa phổ biến từ 150 đến 250 mi li mét.',
  'Nước trên các sông suối lên nhanh, nguy cơ cao xảy ra lũ quét và sạt lở đất tại các xã vùng núi.',
  'Đề nghị bà con các thôn ven sông, ven suối và gần sườn đồi chủ động di chuyển người, gia súc và tài sản đến nơi an toàn trước 17 giờ chiều nay.',
  'Không đi qua ngầm tràn, không vớt củi trên sông, không cho trẻ em tắm suối.',
  'Các hộ gia đình chuẩn bị lương thực, nước uống, thuốc men và đèn pin cho ít nhất 3 ngày.',
  'Khi có sự cố, liên hệ ngay trưởng thôn hoặc Ban chỉ huy phòng chống thiên tai xã theo số điện thoại đường dây nóng.',
  'Đề nghị bà con theo dõi thường xuyên các bản tin tiếp theo trên hệ thống loa truyền thanh.',
].join(' ');

export interface SoundContext {
  /** Sends the bulletins (the first server's console). */
  client: ConsoleClient;
  /** Every server's console: event-loop figures are the worst of them. */
  servers: ConsoleClient[];
  mediaDir: string;
  /** The highest peak RSS of the servers. */
  serverPeakRssMb: () => Promise<number | null>;
  /** The servers' process ids: their open descriptors are counted through each bulletin (Linux; the most any one had). */
  serverPids?: number[];
  /** The speakers' ears (lib/soundFleet.ts: in this process or in the fleet's child processes). */
  ears: SoundEars;
  speakerCount: number;
  /** Where the first speakers ask for audio (a server, or the caching tier in front of them): the hostile client asks there. */
  serverUrl: string;
  /** Requests the hostile client opens and never reads during a second stored-MP3 bulletin (0: none). */
  hogRequests: number;
  areaIds: string[];
  seconds: number;
  leadMs: number;
  log: (line: string) => void;
}

interface SoundResult {
  label: string;
  /** Per fetched item (0: the first item, 1: the speech after the chime). */
  items: { label: string; fetches: ItemFetch[]; /** Fetches that never got a byte (not in `firstByte`). */ noFirstByte: number; firstByte: Distribution; ttfb: Distribution; prebuffer: Distribution; underrunSpeakers: number; underruns: number; complete: number; errors: number; audioSeconds: number; stopped: number; stoppedFirstByte: number | null }[];
  bytesPerSpeaker: Distribution;
  httpMs: number;
  eld: { p99: number; max: number } | null;
  rssMb: number | null;
  /** The most descriptors the server had open during the bulletin (null: not counted). */
  fdPeak: number | null;
  /** The machine's TCP buffers at their highest during the bulletin, in pages (null: not read). */
  tcpMemPeak: number | null;
}

/** Which bulletin a result is, for the verdict (the table keeps the order they ran in). */
type Role = 'stored' | 'speech' | 'hogged' | 'relay' | 'nginx';

/**
 * An item's first-byte p99 and its verdict. Fetches that never got a byte (cut by the session's
 * end while still waiting) are not in the distribution: past 1 % of them the p99 of all is later
 * than anything measured, and fails.
 */
function firstByteP99(item: SoundResult['items'][number]): [string, boolean] {
  const withoutAny = item.noFirstByte > item.fetches.length / 100;
  const text = item.noFirstByte > 0 ? `${ms(item.firstByte.p99)} (${item.noFirstByte} got none)` : ms(item.firstByte.p99);
  return [text, !withoutAny && item.firstByte.p99 <= SOUND_TARGETS.firstByteP99Ms];
}

const three = (d: Distribution) => `${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)}`;

/** Samples a figure every half second until stopped; answers the highest seen (null: never read). */
function samplePeak(sample: () => Promise<number | null>): () => number | null {
  let peak: number | null = null;
  const take = () => void sample().then((n) => { if (n !== null) peak = Math.max(peak ?? 0, n); }, () => undefined);
  take();
  const timer = setInterval(take, 500);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** The most descriptors any one of the processes had open. */
const descriptorsOf = (pids: number[]) => async () =>
  Math.max(0, ...(await Promise.all(pids.map((pid) => readdir(`/proc/${pid}/fd`).then((fds) => fds.length, () => 0)))));

/**
 * The machine's TCP buffers, in pages (`/proc/net/sockstat`, "TCP: … mem N"): past the kernel's
 * pressure threshold (`net.ipv4.tcp_mem`, its second figure) every socket's buffers are cut back,
 * whichever process holds them; this tells a run slowed by the machine from one slowed by the code.
 */
async function tcpMemoryPages(): Promise<number | null> {
  const m = /^TCP:.*\bmem (\d+)/m.exec(await readFile('/proc/net/sockstat', 'utf8').catch(() => ''));
  return m ? Number(m[1]) : null;
}

/** `net.ipv4.tcp_mem`: low, pressure, high, in pages (null where it cannot be read). */
async function tcpMemLimits(): Promise<[number, number, number] | null> {
  const parts = (await readFile('/proc/sys/net/ipv4/tcp_mem', 'utf8').catch(() => '')).trim().split(/\s+/).map(Number);
  return parts.length === 3 && parts.every(Number.isFinite) ? [parts[0], parts[1], parts[2]] : null;
}

function summarise(label: string, fetches: ItemFetch[], t0: number, httpMs: number, eld: SoundResult['eld'], rssMb: number | null, audioSeconds: number[], itemLabels: string[], fdPeak: number | null, tcpMemPeak: number | null): SoundResult {
  const indexes = [...new Set(fetches.map((f) => f.itemIndex))].sort();
  const items = indexes.map((index, i) => {
    const of = fetches.filter((f) => f.itemIndex === index);
    const got = of.filter((f) => f.firstByteAt !== null);
    const cut = of.filter((f) => f.stopped);
    return {
      label: itemLabels[i] ?? `item ${index}`,
      fetches: of,
      noFirstByte: of.length - got.length,
      firstByte: distribution(got.map((f) => f.firstByteAt! - t0)),
      ttfb: distribution(got.map((f) => f.firstByteAt! - f.askedAt)),
      prebuffer: distribution(of.filter((f) => f.prebufferAt !== null).map((f) => f.prebufferAt! - t0)),
      underrunSpeakers: of.filter((f) => f.underruns > 0).length,
      underruns: of.reduce((n, f) => n + f.underruns, 0),
      complete: of.filter((f) => f.status === 200 && (f.expected === null ? f.bytes > 0 : f.bytes === f.expected)).length,
      errors: of.filter((f) => f.error !== null || (f.status !== null && f.status >= 400)).length,
      audioSeconds: audioSeconds[i] ?? 0,
      // Speakers still reading when the session's planned end sent its stop: they began that late.
      stopped: cut.length,
      stoppedFirstByte: cut.length > 0 ? Math.min(...cut.map((f) => (f.firstByteAt ?? Infinity) - t0)) : null,
    };
  });
  const perSpeaker = new Map<string, number>();
  for (const f of fetches) perSpeaker.set(f.speaker, (perSpeaker.get(f.speaker) ?? 0) + f.bytes);
  return { label, items, bytesPerSpeaker: distribution([...perSpeaker.values()]), httpMs, eld, rssMb, fdPeak, tcpMemPeak };
}

/** Runs the sound bulletins and prints their figures; answers the verdict lines. */
export async function runSoundBulletins(ctx: SoundContext): Promise<[string, string, boolean][]> {
  const { client, log } = ctx;
  const N = ctx.speakerCount;
  const fleet = ctx.ears;
  // In the order they ran (the table's), found by role for the verdict.
  const byRole = new Map<Role, SoundResult>();
  let hogStatuses: Record<string, number> = {};
  const waitMs = (ctx.seconds + 60) * 1000;
  try {
    // A recorded announcement as the officer sent it: 60 s, mono 64 kbps (uploads are never re-encoded).
    const mp3 = encodeMp3(speechLike(29, ctx.seconds), 64);
    const key = await client.uploadMp3('ban-tin-60-giay.mp3', mp3);
    log(`Sound: ${N} speakers fetch every item at its start instant, prebuffer ${PREBUFFER_SECONDS} s, read at the playback rate`);

    const bulletin = async (role: Role, label: string, sources: unknown[], itemLabels: string[], audioSeconds: () => Promise<number[]>, during?: () => () => void) => {
      await Promise.all(ctx.servers.map((c) => readHealth(c, true)));
      fleet.arm(true);
      const fds = ctx.serverPids?.length ? samplePeak(descriptorsOf(ctx.serverPids)) : () => null;
      const tcpMem = samplePeak(tcpMemoryPages);
      const stopDuring = during?.();
      const t0 = performance.now();
      const live = await client.post<LiveBroadcast>(SEND, {
        thongtin: { tieude: `Thử âm thanh: ${label}`, loaibantin: 2, uutien: 1, diabanchon: ctx.areaIds, thietbichon: ['tatca'], kieulaplai: 0 },
        nguonphat: sources,
      });
      const httpMs = performance.now() - t0;
      const fetches = await fleet.collect(live.idlichphat, waitMs + live.thoiluong * 1000);
      fleet.arm(false);
      stopDuring?.();
      const health = await Promise.all(ctx.servers.map((c) => readHealth(c)));
      const eld = { p99: Math.max(...health.map((h) => h.eventLoopDelayMs.p99)), max: Math.max(...health.map((h) => h.eventLoopDelayMs.max)) };
      const r = summarise(label, fetches, t0, httpMs, eld, await ctx.serverPeakRssMb(), await audioSeconds(), itemLabels, fds(), tcpMem());
      byRole.set(role, r);
      log(`  ${label}: HTTP ${ms(httpMs)}, ${r.items.map((i) => `${i.label} first byte p99 ${ms(i.firstByte.p99)}${i.noFirstByte > 0 ? ` (${i.noFirstByte} speakers got none, left out of it)` : ''}, ${i.complete}/${N} whole, ${i.underruns} underruns${i.stoppedFirstByte !== null ? `, ${i.stopped} cut by the session's stop (their first byte from ${ms(i.stoppedFirstByte)})` : ''}`).join('; ')}`);
      await sleep(2000);
    };

    const storedSources = [{ kieunguon: 'FILE', thoigianBatdau: ctx.seconds, files: [{ fileName: 'ban-tin-60-giay.mp3', url: key, duration: ctx.seconds }] }];
    await bulletin('stored', 'stored MP3', storedSources, ['MP3'], async () => [ctx.seconds]);
    // Text-to-speech made in the request: the chime while it is made, then the speech.
    await bulletin('speech', 'speech made in the request', [{ kieunguon: 'Tổng Hợp Giọng Nói', thoigianBatdau: 0, vanban: MINUTE_OF_SPEECH, giongdoc: 'banmaiace' }], ['chime', 'speech'],
      async () => {
        // The speech's own length, from the library it was put in.
        const library = await client.get<{ loai: string; thoiluong: number; ngaytao: number }[]>('/v1/client/thuvien');
        const made = library.filter((m) => m.loai === 'tts').sort((a, b) => b.ngaytao - a.ngaytao)[0];
        return [2.2, made?.thoiluong ?? Number.NaN];
      });
    // Bad input: the same bulletin while one client opens requests for the file and reads none.
    if (ctx.hogRequests > 0) {
      let hog: Hog | null = null;
      await bulletin('hogged', `stored MP3, a client holding ${ctx.hogRequests} requests`, storedSources, ['MP3'], async () => [ctx.seconds], () => {
        hog = startHog(`${ctx.serverUrl}/media/${key.split('/').map(encodeURIComponent).join('/')}`, ctx.hogRequests);
        return () => {
          hogStatuses = hog!.statuses();
          hog!.stop();
        };
      });
      log(`    the hostile client was answered: ${Object.entries(hogStatuses).map(([status, n]) => `${n} × ${status}`).join(', ')}`);
    }
    const relay = await startRelayStream(mp3);
    try {
      await bulletin('relay', 'relay', [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: ctx.seconds, tenkenh: 'Đài thử', url: relay.url, thoiluong: ctx.seconds }], ['stream'], async () => [ctx.seconds]);
    } finally {
      await relay.stop();
    }

    // The same file from nginx, to the same speakers: every one asks at the same instant a play
    // command would have them ask (the lead after a request), no command involved.
    const nginx = await startNginx(ctx.mediaDir, N);
    try {
      fleet.arm(false);
      const tcpMem = samplePeak(tcpMemoryPages);
      const t0 = performance.now();
      const session = 'nginx';
      const url = `${nginx.baseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
      await sleep(ctx.leadMs);
      fleet.fetchAll(session, url);
      const fetches = await fleet.collect(session, waitMs);
      const r = summarise('nginx, same MP3', fetches, t0, 0, null, null, [ctx.seconds], ['MP3'], null, tcpMem());
      byRole.set('nginx', r);
      log(`  nginx: first byte p99 ${ms(r.items[0].firstByte.p99)}`);
    } finally {
      await nginx.stop();
    }
  } finally {
    await fleet.close();
  }

  const results = [...byRole.values()];
  log('');
  log(`Sound per bulletin and item, ${N} speakers, from just before the request (ms, p50 / p99 / max); TTFB from the speaker's GET; bytes per speaker for the whole bulletin`);
  const tcpMem = await tcpMemLimits();
  if (tcpMem) log(`The machine's TCP buffers (all processes, the speakers' too) come under pressure past ${tcpMem[1]} pages (net.ipv4.tcp_mem ${tcpMem.join(' ')}): a peak beyond it slowed every socket`);
  log(table([
    ['bulletin', 'item', 'first byte', 'TTFB', 'prebuffer full', 'whole', 'underruns (speakers)', 'errors', 'kB per speaker p50 / max', 'kB per minute', 'eld p99 / max', 'RSS peak', 'server fds peak', 'TCP mem peak (pages)'],
    ...results.flatMap((r) => r.items.map((i, k) => [
      k === 0 ? r.label : '', i.label, three(i.firstByte), three(i.ttfb), three(i.prebuffer), `${i.complete}/${N}`, `${i.underruns} (${i.underrunSpeakers})`, String(i.errors),
      k === 0 ? `${Math.round(r.bytesPerSpeaker.p50 / 1000)} / ${Math.round(r.bytesPerSpeaker.max / 1000)}` : '',
      i.audioSeconds > 0 ? String(Math.round((distribution(i.fetches.map((f) => f.bytes)).p50 / 1000) * (60 / i.audioSeconds))) : '—',
      k === 0 && r.eld ? `${r.eld.p99} / ${r.eld.max} ms` : '', k === 0 && r.rssMb !== null ? `${r.rssMb} MB` : '', k === 0 && r.fdPeak !== null ? String(r.fdPeak) : '',
      k === 0 && r.tcpMemPeak !== null ? String(r.tcpMemPeak) : '',
    ])),
  ]));

  // What the failed fetches were: each answer's status or error, counted (a tier's 500 is a check it could not make).
  for (const r of results) {
    for (const i of r.items) {
      if (i.errors === 0) continue;
      const kinds = new Map<string, number>();
      for (const f of i.fetches) {
        const kind = f.error ?? (f.status !== null && f.status >= 400 ? `HTTP ${f.status}` : null);
        if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      log(`  ${r.label}, ${i.label}: ${i.errors} errors: ${[...kinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} × ${k}`).join(', ')}`);
    }
  }

  const of = (role: Role) => {
    const r = byRole.get(role);
    if (!r) throw new Error(`the ${role} bulletin has no figures`);
    return r;
  };
  const [stored, speech, relayed, nginxed] = [of('stored'), of('speech'), of('relay'), of('nginx')];
  const hogged = byRole.get('hogged') ?? null;
  const checks: [string, string, boolean][] = [];
  const s0 = stored.items[0];
  const n0 = nginxed.items[0];
  const ratio = s0.ttfb.p99 / n0.ttfb.p99;
  const ratioFromRequest = s0.firstByte.p99 / n0.firstByte.p99;
  log(`First byte p99, Loa / nginx: ${ratio.toFixed(2)} from the speaker's GET (${ms(s0.ttfb.p99)} / ${ms(n0.ttfb.p99)}), ${ratioFromRequest.toFixed(2)} from the request (${ms(s0.firstByte.p99)} / ${ms(n0.firstByte.p99)})`);
  const chime = speech.items[0];
  const spoken = speech.items[1];
  const speechKbPerMin = spoken && spoken.audioSeconds > 0 ? (distribution(spoken.fetches.map((f) => f.bytes)).p50 / 1000) * (60 / spoken.audioSeconds) : Number.NaN;
  checks.push(
    [`stored MP3: first audio byte p99 ≤ ${ms(SOUND_TARGETS.firstByteP99Ms)} after the request`, ...firstByteP99(s0)],
    ['stored MP3: every speaker receives every byte, 0 underruns', `${s0.complete}/${N}, ${s0.underruns} underruns`, s0.complete === N && s0.underruns === 0],
    [`stored MP3: first-byte p99 within ${SOUND_TARGETS.nginxRatio}× nginx's (from the GET)`, `${ratio.toFixed(2)}×`, ratio <= SOUND_TARGETS.nginxRatio],
    [`speech made in the request: chime first byte p95 ≤ ${ms(SOUND_TARGETS.chimeP95Ms)}`, ms(chime.firstByte.p95), chime.firstByte.p95 <= SOUND_TARGETS.chimeP95Ms],
    ['speech made in the request: every speaker receives the whole speech, 0 underruns', spoken ? `${spoken.complete}/${N}, ${spoken.underruns} underruns` : 'no speech item', !!spoken && spoken.complete === N && spoken.underruns === 0],
    [`speech: ≤ ${SOUND_TARGETS.speechKbPerMinute} kB per minute per speaker`, `${Math.round(speechKbPerMin)} kB`, speechKbPerMin <= SOUND_TARGETS.speechKbPerMinute],
    ['relay: every speaker streams it, 0 underruns', `${relayed.items[0].complete}/${N}, ${relayed.items[0].underruns} underruns`, relayed.items[0].complete === N && relayed.items[0].underruns === 0],
    ...[stored, speech, relayed].map((r): [string, string, boolean] => [`${r.label}: server event-loop p99 ≤ ${SOUND_TARGETS.eventLoopP99Ms} ms through the bulletin`, `${r.eld?.p99} ms`, (r.eld?.p99 ?? Infinity) <= SOUND_TARGETS.eventLoopP99Ms]),
    [`server RSS ≤ ${SOUND_TARGETS.rssMb} MB`, `${Math.max(...results.map((r) => r.rssMb ?? 0))} MB peak`, results.every((r) => r.rssMb === null || r.rssMb <= SOUND_TARGETS.rssMb)],
  );
  if (hogged) {
    const h0 = hogged.items[0];
    const refused = hogStatuses['429'] ?? 0;
    checks.push(
      [`${hogged.label}: the rest refused at once (429)`, `${refused}/${ctx.hogRequests} refused, ${hogStatuses['200'] ?? 0} answered 200`, refused > 0 && refused + (hogStatuses['200'] ?? 0) === ctx.hogRequests],
      [`${hogged.label}: every speaker still receives every byte, 0 underruns`, `${h0.complete}/${N}, ${h0.underruns} underruns`, h0.complete === N && h0.underruns === 0],
      [`${hogged.label}: first audio byte p99 ≤ ${ms(SOUND_TARGETS.firstByteP99Ms)}`, ...firstByteP99(h0)],
    );
  }
  return checks;
}
