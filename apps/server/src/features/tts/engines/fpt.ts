import type { VoiceId } from '@loa/contract';
import { OutboundError, type Outbound } from '../../../infra/outbound';
import { sleep, TtsEngineError, type TtsEngine } from './engine';
import { readMp3 } from './mp3Info';

/** FPT.AI voice names: the product's voice ids come from them (with "ace" on some). */
export const FPT_VOICES: Readonly<Record<VoiceId, string>> = {
  banmaiace: 'banmai',
  thuminhace: 'thuminh',
  leminh: 'leminh',
  lannhi: 'lannhi',
  linhsanace: 'linhsan',
  minhquangace: 'minhquang',
  myan: 'myan',
  ngoclamace: 'ngoclam',
  giahuy: 'giahuy',
};

export interface FptOptions {
  /** The TTS v5 endpoint, e.g. https://api.fpt.ai/hmi/tts/v5. */
  url: string;
  apiKey: string;
  /** The audio address comes from FPT.AI's answer: fetched under the outbound rules unless it is on `url`'s origin. */
  outbound: Outbound;
  /** How often to look for the audio while FPT.AI makes it. */
  pollIntervalMs?: number;
  /** How long to wait for it in all (the console waits 120 s for the first call). */
  timeoutMs?: number;
}

/** The JSON answer naming the audio address is small; the speech of 3,000 characters is a few MB. */
const ANSWER_MAX_BYTES = 64 * 1024;
const AUDIO_MAX_BYTES = 20 * 1024 * 1024;
/** A provider may make the speech before it answers: the whole time allowed may pass before the headers. */
const within = (ms: number) => ({ timeoutMs: ms, headersTimeoutMs: ms, idleTimeoutMs: ms });

function parseAnswer(body: Buffer): { async?: unknown; error?: unknown } | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' ? (value as { async?: unknown; error?: unknown }) : null;
  } catch {
    return null;
  }
}

/**
 * FPT.AI text-to-speech: the text is posted with the key and voice in headers; the answer names an
 * address where the MP3 appears a few seconds later, which is polled until it is there.
 */
export function createFptEngine(opts: FptOptions): TtsEngine {
  const pollIntervalMs = opts.pollIntervalMs ?? 1000;
  const timeoutMs = opts.timeoutMs ?? 100_000;
  return {
    id: 'fpt',
    label: 'FPT.AI',
    async synthesize(text, voice, signal) {
      const deadline = Date.now() + timeoutMs;
      const left = () => Math.max(1, deadline - Date.now());
      const response = await opts.outbound.fetch(opts.url, {
        method: 'POST',
        headers: { 'api-key': opts.apiKey, voice: FPT_VOICES[voice], speed: '', format: 'mp3', 'content-type': 'text/plain; charset=utf-8' },
        body: text, signal, ...within(left()), maxBytes: ANSWER_MAX_BYTES, trustOrigin: opts.url,
      });
      if (!response.ok) {
        response.discard();
        throw new TtsEngineError(`fpt answered ${response.status}`);
      }
      const answer = parseAnswer(await response.buffer());
      if (!answer || answer.error !== 0 || typeof answer.async !== 'string') {
        throw new TtsEngineError(`fpt refused (error ${String(answer?.error)})`);
      }
      const audioUrl = new URL(answer.async, opts.url).href;
      const notReady = (error: unknown): never => {
        if (error instanceof OutboundError && error.reason === 'timeout') throw new TtsEngineError(`fpt audio not ready within ${timeoutMs} ms`, { cause: error });
        throw error;
      };
      for (;;) {
        const audio = await opts.outbound.fetch(audioUrl, { signal, ...within(left()), maxBytes: AUDIO_MAX_BYTES, maxRedirects: 3, trustOrigin: opts.url }).catch(notReady);
        if (audio.ok) {
          const mp3 = await audio.buffer().catch(notReady);
          const info = readMp3(mp3);
          if (info) return { mp3, durationSeconds: info.durationSeconds };
        } else {
          audio.discard();
        }
        if (Date.now() + pollIntervalMs > deadline) throw new TtsEngineError(`fpt audio not ready within ${timeoutMs} ms (last status ${audio.status})`);
        await sleep(pollIntervalMs, signal);
      }
    },
  };
}
