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
import { writeSystemLog } from '../system-log/systemLog.service';
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

async function synthesizeAndStore(ctx: TtsContext, key: string, engineId: string, voice: VoiceId, spoken: string, fimename: string): Promise<q.TtsCacheRow> {
  const engine = ctx.engines.get(engineId)!;
  let audio;
  try {
    audio = await engine.synthesize(spoken, voice, AbortSignal.timeout(ctx.timeoutMs ?? 110_000));
  } catch (error) {
    ctx.logError(error, `text-to-speech engine ${engineId} failed`);
    throw new AppError(500, MSG.ttsOverloaded);
  }
  const mediaKey = `tts/${uniqueMediaName(`giong-noi-${fimename}.mp3`)}`;
  await ctx.storage.put(mediaKey, audio.mp3);
  const row = { key, engine: engineId, voice, media_key: mediaKey, duration: audio.durationSeconds };
  await q.saveCached(ctx.db, { ...row, chars: spoken.length, createdBy: ctx.session.user.id });
  return row;
}

/**
 * Converts a bulletin to speech (POST /v1/client/tts/:engine): checks the right, then the text and the
 * voice in the order of spec §5, reads numbers, dates and abbreviations out, and answers the stored MP3.
 * The same text, engine and voice answer the stored file at once.
 */
export async function convert(ctx: TtsContext, engineId: string, body: TtsConvertBody): Promise<TtsResult> {
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
  const started = Date.now();
  let row = await q.findCached(ctx.db, key);
  const cached = row !== null && (await ctx.storage.exists(row.media_key));
  if (row && cached) {
    await q.touchCached(ctx.db, key);
  } else {
    let pending = ctx.inflight.get(key);
    if (!pending) {
      const fimename = String(body.fimename ?? Date.now());
      pending = synthesizeAndStore(ctx, key, engineId, voice, spoken, fimename).finally(() => ctx.inflight.delete(key));
      ctx.inflight.set(key, pending);
    }
    try {
      row = await pending;
    } catch (error) {
      await writeSystemLog(ctx.db, ctx.session.actor, {
        action: 'tong-hop-giong-noi', targetType: 'giongnoi', outcome: 'failed', detail: { engine: engineId, voice, kytu: text.length },
      });
      throw error;
    }
  }
  // The result is listed in the caller's media library (its own copy when another library holds the cached file).
  const libraryKey = await speechInLibrary(ctx.db, ctx.storage, ctx.session, { key: row.media_key, name: summaryOf(text), duration: row.duration });
  await writeSystemLog(ctx.db, ctx.session.actor, {
    action: 'tong-hop-giong-noi', targetType: 'giongnoi', targetId: libraryKey,
    detail: { engine: engineId, voice, kytu: text.length, thoiluong: row.duration, dasan: cached, ms: Date.now() - started },
  });
  return toResult(ctx, row, libraryKey, text);
}
