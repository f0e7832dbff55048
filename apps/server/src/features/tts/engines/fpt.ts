import type { VoiceId } from '@loa/contract';
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
  /** How often to look for the audio while FPT.AI makes it. */
  pollIntervalMs?: number;
  /** How long to wait for it in all (the console waits 120 s for the first call). */
  timeoutMs?: number;
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
      const response = await fetch(opts.url, {
        method: 'POST',
        headers: { 'api-key': opts.apiKey, voice: FPT_VOICES[voice], speed: '', format: 'mp3', 'content-type': 'text/plain; charset=utf-8' },
        body: text,
        signal,
      });
      if (!response.ok) throw new TtsEngineError(`fpt answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      const answer = (await response.json().catch(() => null)) as { async?: unknown; error?: unknown; message?: unknown } | null;
      if (!answer || answer.error !== 0 || typeof answer.async !== 'string') {
        throw new TtsEngineError(`fpt refused: ${JSON.stringify(answer).slice(0, 200)}`);
      }
      const audioUrl = new URL(answer.async, opts.url);
      for (;;) {
        const audio = await fetch(audioUrl, { signal });
        if (audio.ok) {
          const mp3 = Buffer.from(await audio.arrayBuffer());
          const info = readMp3(mp3);
          if (info) return { mp3, durationSeconds: info.durationSeconds };
        } else {
          await audio.body?.cancel();
        }
        if (Date.now() + pollIntervalMs > deadline) throw new TtsEngineError(`fpt audio not ready within ${timeoutMs} ms (last status ${audio.status})`);
        await sleep(pollIntervalMs, signal);
      }
    },
  };
}
