import crypto from 'node:crypto';
import { MSG, SOURCE_KINDS, VOICES, type PlayItem, type Source } from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest } from '../../infra/errors';
import type { MediaStorage } from '../../infra/storage';
import type { Session } from '../auth/auth.service';
import { CHIME_SECONDS, chimeItem } from '../live/chime';
import { PENDING_MEDIA_WAIT_MS, type PendingMedia } from '../media/pendingMedia';
import type { EngineRegistry } from '../tts/engines/registry';
import type { TtsCacheRow } from '../tts/tts.queries';
import {
  cachedSpeech, logSpeechFailed, makeSpeech, planSpeech, speechDone, speechInLibraryOf, summaryOf, type PlannedSpeech, type TtsContext,
} from '../tts/tts.service';
import * as q from '../tts/tts.queries';
import type { LogEntry } from '../system-log/systemLog.service';

/** The speech engines as a broadcast uses them (app.tts). */
export interface SpeechDeps {
  engines: EngineRegistry;
  inflight: Map<string, Promise<TtsCacheRow>>;
  pending: PendingMedia;
}

/** Speech of an emergency being made while its chime plays (issue #29). */
export interface SpeechUnderWay {
  plan: PlannedSpeech;
  /** Where the speakers fetch it (the play item's key). */
  key: string;
  /** Index of the chime and of the speech among the broadcast's items, and of its source. */
  chimeIndex: number;
  itemIndex: number;
  sourceIndex: number;
  made: Promise<TtsCacheRow>;
  started: number;
}

/** Seconds of speech a text can take at most: eSpeak reads 12–15 characters a second at its product speeds. */
const upperBoundSeconds = (spoken: string) => Math.ceil(spoken.length / 8) + 5;

/**
 * A margin after the moment the speech is stored (the speakers held on it get their first byte a
 * moment later): the slot of the chime grows by it, inside the 0.5 s of silence that opens the speech.
 */
const AFTER_READY_MARGIN_S = 0.4;

const ttsContext = (db: Db, storage: MediaStorage, tts: SpeechDeps, session: Session, logError: TtsContext['logError']): TtsContext => ({
  db, storage, engines: tts.engines, inflight: tts.inflight, session, logError, timeoutMs: PENDING_MEDIA_WAIT_MS,
});

/**
 * The items of a text-to-speech source given as text (`vanban`). Speech already made for the same
 * text, voice and engine plays at once; otherwise, for the last source of an emergency, the chime
 * plays now and the speech follows in the same session: its synthesis starts here, its item names
 * the file it will be stored under (speakers asking for it are held until it is), with a duration
 * that bounds it until `settleSpeech` puts the real one. Any earlier text source is made first.
 */
export async function itemsOfText(
  ctx: { db: Db; storage: MediaStorage; session: Session; tts: SpeechDeps; logError: TtsContext['logError'] },
  source: Extract<Source, { kieunguon: typeof SOURCE_KINDS.tts }>, at: { sourceIndex: number; itemIndex: number; last: boolean },
): Promise<{ items: PlayItem[]; underWay: SpeechUnderWay | null }> {
  const tts = ttsContext(ctx.db, ctx.storage, ctx.tts, ctx.session, ctx.logError);
  const plan = planSpeech(tts, source.bochuyen || 'espeak', { input: source.vanban ?? '', speaker_id: source.giongdoc || VOICES[0].id });
  const title = summaryOf(plan.text);
  const started = Date.now();
  const cached = await cachedSpeech(tts, plan);
  if (cached) {
    await q.touchCached(ctx.db, plan.key);
    const result = await speechDone(tts, plan, cached, true, started);
    return { items: [{ url: result.url, duration: cached.duration, title, kind: 'tts' }], underWay: null };
  }
  const key = `tts/${Date.now()}-${crypto.randomBytes(8).toString('hex')}-giong-noi-phat-ngay.mp3`;
  const made = makeSpeech(tts, plan, key, AbortSignal.timeout(PENDING_MEDIA_WAIT_MS));
  if (!at.last) {
    // Only the last item can wait: an item after it would start on a guessed time.
    const row = await made.catch(async (error: unknown) => {
      await logSpeechFailed(tts, plan);
      throw error;
    });
    const result = await speechDone(tts, plan, row, false, started);
    return { items: [{ url: ctx.storage.publicPath(key), duration: row.duration, title: result.noidunggiongnoi, kind: 'tts' }], underWay: null };
  }
  made.catch(() => undefined); // settled by settleSpeech; a refused broadcast leaves it to the cache
  ctx.tts.pending.add(key, made);
  const chime = await chimeItem(ctx.storage);
  const bound = upperBoundSeconds(plan.spoken) + PENDING_MEDIA_WAIT_MS / 1000;
  return {
    items: [chime, { url: ctx.storage.publicPath(key), duration: bound, title, kind: 'tts' }],
    underWay: { plan, key, chimeIndex: at.itemIndex, itemIndex: at.itemIndex + 1, sourceIndex: at.sourceIndex, made, started },
  };
}

/** A text source's items need the speech engines: only an emergency has them (a schedule needs converted speech). */
export function assertSpeechPossible(tts: SpeechDeps | undefined): asserts tts is SpeechDeps {
  if (!tts) throw badRequest(MSG.ttsNotDone);
}

/**
 * Waits for the speech made while the chime plays and answers the session's real items and
 * sources: the speech's own duration, and the chime's slot grown by however long the speakers
 * waited for it after the chime (they were held on the speech's address meanwhile), so the
 * session ends when the speech does and a speaker joining late seeks into the right place.
 * Answers the conversion's system-log entry too, written with the change. Throws (after logging
 * the failed conversion) when the speech could not be made.
 */
export async function settleSpeech(
  ctx: { db: Db; storage: MediaStorage; session: Session; tts: SpeechDeps; logError: TtsContext['logError'] },
  w: SpeechUnderWay, row: { items: PlayItem[]; sources: Source[]; runStart: number },
): Promise<{ items: PlayItem[]; sources: Source[]; log: LogEntry }> {
  const tts = ttsContext(ctx.db, ctx.storage, ctx.tts, ctx.session, ctx.logError);
  let made: TtsCacheRow;
  try {
    made = await w.made;
  } catch (error) {
    await logSpeechFailed(tts, w.plan);
    throw error;
  }
  const ready = Date.now();
  const { result, log } = await speechInLibraryOf(tts, w.plan, made, false, w.started);
  const speechStart = row.runStart + row.items.slice(0, w.itemIndex).reduce((sum, i) => sum + i.duration, 0) * 1000;
  const waited = Math.max(0, (ready - speechStart) / 1000);
  const items = row.items.map((item, i) => {
    if (i === w.chimeIndex) return { ...item, duration: Math.round((CHIME_SECONDS + (waited > 0 ? waited + AFTER_READY_MARGIN_S : 0)) * 100) / 100 };
    if (i === w.itemIndex) return { ...item, duration: made.duration };
    return item;
  });
  const sources = row.sources.map((s, i) => (i === w.sourceIndex && s.kieunguon === SOURCE_KINDS.tts
    ? { ...s, url: result.url, urldownload: result.urldownload, noidunggiongnoi: result.noidunggiongnoi, thoigianBatdau: made.duration }
    : s));
  return { items, sources, log };
}
