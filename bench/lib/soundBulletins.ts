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
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DeviceCommand, LiveBroadcast } from '@loa/contract';
import { encodeMp3, speechLike } from '../../apps/speaker/src/testing/signals';
import type { ConsoleClient } from './consoleClient';
import { readHealth } from './health';
import { startNginx } from './nginx';
import { startRelayStream } from './relayStream';
import { PREBUFFER_SECONDS, SoundFleet, type ItemFetch } from './soundFleet';
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
  client: ConsoleClient;
  serverUrl: string;
  mediaDir: string;
  serverPeakRssMb: () => Promise<number | null>;
  speakers: readonly { deviceId: string; on(event: 'command', fn: (command: DeviceCommand) => void): unknown }[];
  secrets: ReadonlyMap<string, string>;
  areaIds: string[];
  seconds: number;
  leadMs: number;
  log: (line: string) => void;
}

interface SoundResult {
  label: string;
  /** Per fetched item (0: the first item, 1: the speech after the chime). */
  items: { label: string; fetches: ItemFetch[]; firstByte: Distribution; ttfb: Distribution; prebuffer: Distribution; underrunSpeakers: number; underruns: number; complete: number; errors: number; audioSeconds: number }[];
  bytesPerSpeaker: Distribution;
  httpMs: number;
  eld: { p99: number; max: number } | null;
  rssMb: number | null;
}

const three = (d: Distribution) => `${ms(d.p50)} / ${ms(d.p99)} / ${ms(d.max)}`;

function summarise(label: string, fetches: ItemFetch[], t0: number, httpMs: number, eld: SoundResult['eld'], rssMb: number | null, audioSeconds: number[], itemLabels: string[]): SoundResult {
  const indexes = [...new Set(fetches.map((f) => f.itemIndex))].sort();
  const items = indexes.map((index, i) => {
    const of = fetches.filter((f) => f.itemIndex === index);
    const got = of.filter((f) => f.firstByteAt !== null);
    return {
      label: itemLabels[i] ?? `item ${index}`,
      fetches: of,
      firstByte: distribution(got.map((f) => f.firstByteAt! - t0)),
      ttfb: distribution(got.map((f) => f.firstByteAt! - f.askedAt)),
      prebuffer: distribution(of.filter((f) => f.prebufferAt !== null).map((f) => f.prebufferAt! - t0)),
      underrunSpeakers: of.filter((f) => f.underruns > 0).length,
      underruns: of.reduce((n, f) => n + f.underruns, 0),
      complete: of.filter((f) => f.status === 200 && (f.expected === null ? f.bytes > 0 : f.bytes === f.expected)).length,
      errors: of.filter((f) => f.error !== null || (f.status !== null && f.status >= 400)).length,
      audioSeconds: audioSeconds[i] ?? 0,
    };
  });
  const perSpeaker = new Map<string, number>();
  for (const f of fetches) perSpeaker.set(f.speaker, (perSpeaker.get(f.speaker) ?? 0) + f.bytes);
  return { label, items, bytesPerSpeaker: distribution([...perSpeaker.values()]), httpMs, eld, rssMb };
}

/** Runs the sound bulletins and prints their figures; answers the verdict lines. */
export async function runSoundBulletins(ctx: SoundContext): Promise<[string, string, boolean][]> {
  const { client, log } = ctx;
  const N = ctx.speakers.length;
  const fleet = new SoundFleet(ctx.serverUrl, ctx.secrets);
  for (const s of ctx.speakers) fleet.listen(s);
  const results: SoundResult[] = [];
  const waitMs = (ctx.seconds + 60) * 1000;
  try {
    // A recorded announcement as the officer sent it: 60 s, mono 64 kbps (uploads are never re-encoded).
    const mp3 = encodeMp3(speechLike(29, ctx.seconds), 64);
    const key = await client.uploadMp3('ban-tin-60-giay.mp3', mp3);
    log(`Sound: ${N} speakers fetch every item at its start instant, prebuffer ${PREBUFFER_SECONDS} s, read at the playback rate`);

    const bulletin = async (label: string, sources: unknown[], itemLabels: string[], audioSeconds: () => Promise<number[]>) => {
      await readHealth(client, true);
      fleet.armed = true;
      const t0 = performance.now();
      const live = await client.post<LiveBroadcast>(SEND, {
        thongtin: { tieude: `Thử âm thanh: ${label}`, loaibantin: 2, uutien: 1, diabanchon: ctx.areaIds, thietbichon: ['tatca'], kieulaplai: 0 },
        nguonphat: sources,
      });
      const httpMs = performance.now() - t0;
      const fetches = await fleet.collect(live.idlichphat, waitMs + live.thoiluong * 1000, N);
      fleet.armed = false;
      const health = await readHealth(client);
      const r = summarise(label, fetches, t0, httpMs, { p99: health.eventLoopDelayMs.p99, max: health.eventLoopDelayMs.max }, await ctx.serverPeakRssMb(), await audioSeconds(), itemLabels);
      results.push(r);
      log(`  ${label}: HTTP ${ms(httpMs)}, ${r.items.map((i) => `${i.label} first byte p99 ${ms(i.firstByte.p99)}, ${i.complete}/${N} whole, ${i.underruns} underruns`).join('; ')}`);
      await sleep(2000);
    };

    await bulletin('stored MP3', [{ kieunguon: 'FILE', thoigianBatdau: ctx.seconds, files: [{ fileName: 'ban-tin-60-giay.mp3', url: key, duration: ctx.seconds }] }], ['MP3'], async () => [ctx.seconds]);
    // Text-to-speech made in the request: the chime while it is made, then the speech.
    await bulletin('speech made in the request', [{ kieunguon: 'Tổng Hợp Giọng Nói', thoigianBatdau: 0, vanban: MINUTE_OF_SPEECH, giongdoc: 'banmaiace' }], ['chime', 'speech'],
      async () => {
        // The speech's own length, from the library it was put in.
        const library = await client.get<{ loai: string; thoiluong: number; ngaytao: number }[]>('/v1/client/thuvien');
        const made = library.filter((m) => m.loai === 'tts').sort((a, b) => b.ngaytao - a.ngaytao)[0];
        return [2.2, made?.thoiluong ?? Number.NaN];
      });
    const relay = await startRelayStream(mp3);
    try {
      await bulletin('relay', [{ kieunguon: 'Tiếp Sóng', thoigianBatdau: ctx.seconds, tenkenh: 'Đài thử', url: relay.url, thoiluong: ctx.seconds }], ['stream'], async () => [ctx.seconds]);
    } finally {
      await relay.stop();
    }

    // The same file from nginx, to the same speakers: every one asks at the same instant a play
    // command would have them ask (the lead after a request), no command involved.
    const nginx = await startNginx(ctx.mediaDir, N);
    try {
      fleet.armed = false;
      const t0 = performance.now();
      const session = 'nginx';
      const url = `${nginx.baseUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
      await sleep(ctx.leadMs);
      for (const s of ctx.speakers) fleet.fetch(s.deviceId, session, 0, 'file', url);
      const fetches = await fleet.collect(session, waitMs);
      results.push(summarise('nginx, same MP3', fetches, t0, 0, null, null, [ctx.seconds], ['MP3']));
      log(`  nginx: first byte p99 ${ms(results.at(-1)!.items[0].firstByte.p99)}`);
    } finally {
      await nginx.stop();
    }
  } finally {
    fleet.close();
  }

  log('');
  log(`Sound per bulletin and item, ${N} speakers, from just before the request (ms, p50 / p99 / max); TTFB from the speaker's GET; bytes per speaker for the whole bulletin`);
  log(table([
    ['bulletin', 'item', 'first byte', 'TTFB', 'prebuffer full', 'whole', 'underruns (speakers)', 'errors', 'kB per speaker p50 / max', 'kB per minute', 'eld p99 / max', 'RSS peak'],
    ...results.flatMap((r) => r.items.map((i, k) => [
      k === 0 ? r.label : '', i.label, three(i.firstByte), three(i.ttfb), three(i.prebuffer), `${i.complete}/${N}`, `${i.underruns} (${i.underrunSpeakers})`, String(i.errors),
      k === 0 ? `${Math.round(r.bytesPerSpeaker.p50 / 1000)} / ${Math.round(r.bytesPerSpeaker.max / 1000)}` : '',
      i.audioSeconds > 0 ? String(Math.round((distribution(i.fetches.map((f) => f.bytes)).p50 / 1000) * (60 / i.audioSeconds))) : '—',
      k === 0 && r.eld ? `${r.eld.p99} / ${r.eld.max} ms` : '', k === 0 && r.rssMb !== null ? `${r.rssMb} MB` : '',
    ])),
  ]));

  const [stored, speech, relayed, nginxed] = results;
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
    [`stored MP3: first audio byte p99 ≤ ${ms(SOUND_TARGETS.firstByteP99Ms)} after the request`, ms(s0.firstByte.p99), s0.firstByte.p99 <= SOUND_TARGETS.firstByteP99Ms],
    ['stored MP3: every speaker receives every byte, 0 underruns', `${s0.complete}/${N}, ${s0.underruns} underruns`, s0.complete === N && s0.underruns === 0],
    [`stored MP3: first-byte p99 within ${SOUND_TARGETS.nginxRatio}× nginx's (from the GET)`, `${ratio.toFixed(2)}×`, ratio <= SOUND_TARGETS.nginxRatio],
    [`speech made in the request: chime first byte p95 ≤ ${ms(SOUND_TARGETS.chimeP95Ms)}`, ms(chime.firstByte.p95), chime.firstByte.p95 <= SOUND_TARGETS.chimeP95Ms],
    ['speech made in the request: every speaker receives the whole speech, 0 underruns', spoken ? `${spoken.complete}/${N}, ${spoken.underruns} underruns` : 'no speech item', !!spoken && spoken.complete === N && spoken.underruns === 0],
    [`speech: ≤ ${SOUND_TARGETS.speechKbPerMinute} kB per minute per speaker`, `${Math.round(speechKbPerMin)} kB`, speechKbPerMin <= SOUND_TARGETS.speechKbPerMinute],
    ['relay: every speaker streams it, 0 underruns', `${relayed.items[0].complete}/${N}, ${relayed.items[0].underruns} underruns`, relayed.items[0].complete === N && relayed.items[0].underruns === 0],
    ...[stored, speech, relayed].map((r): [string, string, boolean] => [`${r.label}: server event-loop p99 ≤ ${SOUND_TARGETS.eventLoopP99Ms} ms through the bulletin`, `${r.eld?.p99} ms`, (r.eld?.p99 ?? Infinity) <= SOUND_TARGETS.eventLoopP99Ms]),
    [`server RSS ≤ ${SOUND_TARGETS.rssMb} MB`, `${Math.max(...results.map((r) => r.rssMb ?? 0))} MB peak`, results.every((r) => r.rssMb === null || r.rssMb <= SOUND_TARGETS.rssMb)],
  );
  return checks;
}

/** The media folder of a bench server (DATA_DIR/media). */
export const mediaDirOf = (dataDir: string) => path.join(dataDir, 'media');
