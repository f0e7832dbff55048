import crypto from 'node:crypto';
import {
  MSG, TTS_MAX_CHARS, TTS_MESSAGES, TTS_MIN_CHARS, TTS_SUMMARY_CHARS, VOICES,
  type TtsConvertBody, type TtsEngineInfo, type TtsResult, type VoiceId,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, badRequest, notFound } from '../../infra/errors';
import { uniqueMediaName, type MediaStorage } from '../../infra/storage';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { speechInLibrary } from '../media/media.service';
import { writeSystemLog, type LogEntry } from '../system-log/systemLog.service';
import type { EngineRegistry } from './engines/registry';
import { normalizeVietnamese } from './normalize/normalizeVietnamese';
import * as q from './tts.queries';

export interface TtsContext {
  db: Db;
  storage: MediaStorage;
  engines: EngineRegistry;
  session: Session;
  /** Conversions under way, by cache key: a second identical request waits for the first. */
  inflight: Map<string, Promise<q.TtsCacheRow>>;
  logError: (error: unknown, message: string) => void;
  /** Longest a conversion may take; the console waits 120 s for the first one. */
  timeoutMs?: number;
}

/** Path under which a stored conversion is offered as a download rather than played. */
export const downloadPath = (mediaKey: string) => `/v1/client/tts/taixuong/${encodeURIComponent(mediaKey.replace(/^tts\//, ''))}`;

/** The engines this server offers (the offline one always). */
export function listEngines(engines: EngineRegistry): TtsEngineInfo[] {
  return engines.list().map((engine) => ({ id: engine.id, label: engine.label }));
}

const isVoice = (id: string | undefined): id is VoiceId => VOICES.some((voice) => voice.id === id);

/** The first characters of the text and an ellipsis: what a text-to-speech source keeps (spec §3). */
export const summaryOf = (text: string) => `${[...text.trim()].slice(0, TTS_SUMMARY_CHARS).join('')}…`;

function toResult(ctx: TtsContext, row: q.TtsCacheRow, libraryKey: string, text: string): TtsResult {
  return {
    url: ctx.storage.publicPath(libraryKey),
    urldownload: downloadPath(libraryKey),
    thoiluong: Math.round(row.duration * 100) / 100,
    noidunggiongnoi: summaryOf(text),
  };
}

/** A checked conversion request: the text as spoken, its engine and voice, and its cache key. */
export interface PlannedSpeech {
  engineId: string;
  voice: VoiceId;
  text: string;
  spoken: string;
  key: string;
}

/**
 * Checks a conversion request in the order of spec §5 (right, length, voice, engine) and reads
 * numbers, dates and abbreviations out; throws the spec's message for the first rule broken.
 */
export function planSpeech(ctx: Pick<TtsContext, 'engines' | 'session'>, engineId: string, body: TtsConvertBody): PlannedSpeech {
  requireRight(ctx.session, 'themsuaxoalichphat');
  const text = body.input ?? '';
  if (text.length > TTS_MAX_CHARS) throw badRequest(MSG.ttsTooLong);
  if (text.trim().length < TTS_MIN_CHARS) throw badRequest(MSG.ttsTooShort);
  const voice = body.speaker_id;
  if (!isVoice(voice)) throw badRequest(MSG.ttsNoVoice);
  if (!ctx.engines.get(engineId)) throw notFound(TTS_MESSAGES.engineUnknown);
  const spoken = normalizeVietnamese(text);
  if (!/\p{L}/u.test(spoken)) throw badRequest(MSG.ttsTooShort);
  const key = crypto.createHash('sha256').update(`${engineId}\n${voice}\n${spoken}`).digest('hex');
  return { engineId, voice, text, spoken, key };
}

/** The stored result of the same text, engine and voice, when its file is still there. */
export async function cachedSpeech(ctx: Pick<TtsContext, 'db' | 'storage'>, plan: PlannedSpeech): Promise<q.TtsCacheRow | null> {
  const row = await q.findCached(ctx.db, plan.key);
  return row && (await ctx.storage.exists(row.media_key)) ? row : null;
}

/** A new stored name for a conversion's MP3. */
export const speechKey = (fimename: string) => `tts/${uniqueMediaName(`giong-noi-${fimename}.mp3`)}`;

/**
 * Synthesises and stores the speech under `mediaKey`, once: a second identical request waits for
 * the first (and, when it asked for another key, gets the same bytes there too).
 */
export async function makeSpeech(ctx: TtsContext, plan: PlannedSpeech, mediaKey: string, signal?: AbortSignal): Promise<q.TtsCacheRow> {
  const pending = ctx.inflight.get(plan.key);
  if (pending) {
    const row = await pending;
    if (row.media_key !== mediaKey) await ctx.storage.put(mediaKey, await ctx.storage.read(row.media_key));
    return { ...row, media_key: mediaKey };
  }
  const made = (async () => {
    const engine = ctx.engines.get(plan.engineId)!;
    let audio;
    try {
      audio = await engine.synthesize(plan.spoken, plan.voice, signal ?? AbortSignal.timeout(ctx.timeoutMs ?? 110_000));
    } catch (error) {
      ctx.logError(error, `text-to-speech engine ${plan.engineId} failed`);
      throw new AppError(500, MSG.ttsOverloaded);
    }
    await ctx.storage.put(mediaKey, audio.mp3);
    const row = { key: plan.key, engine: plan.engineId, voice: plan.voice, media_key: mediaKey, duration: audio.durationSeconds };
    await q.saveCached(ctx.db, { ...row, chars: plan.spoken.length, createdBy: ctx.session.user.id });
    return row;
  })().finally(() => ctx.inflight.delete(plan.key));
  ctx.inflight.set(plan.key, made);
  return made;
}

/** The failed conversion's system-log entry. */
export async function logSpeechFailed(ctx: Pick<TtsContext, 'db' | 'session'>, plan: PlannedSpeech): Promise<void> {
  await writeSystemLog(ctx.db, ctx.session.actor, {
    action: 'tong-hop-giong-noi', targetType: 'giongnoi', outcome: 'failed', detail: { engine: plan.engineId, voice: plan.voice, kytu: plan.text.length },
  });
}

/**
 * Lists a conversion's result in the caller's media library (its own copy when another library
 * holds the cached file), writes its system-log entry and answers it.
 */
export async function speechDone(ctx: TtsContext, plan: PlannedSpeech, row: q.TtsCacheRow, cached: boolean, started: number): Promise<TtsResult> {
  const { result, log } = await speechInLibraryOf(ctx, plan, row, cached, started);
  await writeSystemLog(ctx.db, ctx.session.actor, log);
  return result;
}

/** Lists a conversion's result in the caller's library; answers it and its system-log entry (for the caller to write with its change). */
export async function speechInLibraryOf(ctx: TtsContext, plan: PlannedSpeech, row: q.TtsCacheRow, cached: boolean, started: number): Promise<{ result: TtsResult; log: LogEntry }> {
  const libraryKey = await speechInLibrary(ctx.db, ctx.storage, ctx.session, { key: row.media_key, name: summaryOf(plan.text), duration: row.duration });
  return {
    result: toResult(ctx, row, libraryKey, plan.text),
    log: {
      action: 'tong-hop-giong-noi', targetType: 'giongnoi', targetId: libraryKey,
      detail: { engine: plan.engineId, voice: plan.voice, kytu: plan.text.length, thoiluong: row.duration, dasan: cached, ms: Date.now() - started },
    },
  };
}

/**
 * Converts a bulletin to speech (POST /v1/client/tts/:engine): checks the right, then the text and the
 * voice in the order of spec §5, reads numbers, dates and abbreviations out, and answers the stored MP3.
 * The same text, engine and voice answer the stored file at once.
 */
export async function convert(ctx: TtsContext, engineId: string, body: TtsConvertBody): Promise<TtsResult> {
  const plan = planSpeech(ctx, engineId, body);
  const started = Date.now();
  let row = await cachedSpeech(ctx, plan);
  const cached = row !== null;
  if (row) {
    await q.touchCached(ctx.db, plan.key);
  } else {
    try {
      // An identical conversion under way: its file is the answer.
      row = await (ctx.inflight.get(plan.key) ?? makeSpeech(ctx, plan, speechKey(String(body.fimename ?? Date.now()))));
    } catch (error) {
      await logSpeechFailed(ctx, plan);
      throw error;
    }
  }
  return speechDone(ctx, plan, row, cached, started);
}
