import type { VoiceId } from '@loa/contract';
import type { Outbound } from '../../../infra/outbound';
import { TtsEngineError, type TtsEngine } from './engine';
import { readMp3 } from './mp3Info';

/** Viettel AI voices closest to each product voice (region and gender); it has one central woman. */
export const VIETTEL_VOICES: Readonly<Record<VoiceId, string>> = {
  banmaiace: 'hn-quynhanh',
  thuminhace: 'hn-phuongtrang',
  leminh: 'hn-thanhtung',
  lannhi: 'hcm-diemmy',
  linhsanace: 'hcm-phuongly',
  minhquangace: 'hcm-minhquan',
  myan: 'hue-maingoc',
  ngoclamace: 'hue-maingoc',
  giahuy: 'hue-baoquoc',
};

export interface ViettelOptions {
  /** The speech synthesis endpoint, e.g. https://viettelai.vn/tts/speech_synthesis. */
  url: string;
  token: string;
  /** Requests go out bounded in time and size (the configured endpoint is trusted, redirects are not followed). */
  outbound: Outbound;
  /** Speaking rate, 0.7 to 1.3. */
  speed?: number;
}

/** Viettel AI text-to-speech: one JSON POST answers the MP3 bytes (tts_return_option 3). */
export function createViettelEngine(opts: ViettelOptions): TtsEngine {
  return {
    id: 'viettel',
    label: 'Viettel AI',
    async synthesize(text, voice, signal) {
      const response = await opts.outbound.fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'audio/mpeg, application/json' },
        body: JSON.stringify({ text, voice: VIETTEL_VOICES[voice], speed: opts.speed ?? 1, tts_return_option: 3, token: opts.token, without_filter: false }),
        // The speech is made before the answer starts: the whole time may pass before the headers.
        signal, timeoutMs: 120_000, headersTimeoutMs: 120_000, idleTimeoutMs: 120_000, maxBytes: 20 * 1024 * 1024, trustOrigin: opts.url,
      });
      if (!response.ok) {
        response.discard();
        throw new TtsEngineError(`viettel answered ${response.status}`);
      }
      const body = await response.buffer();
      // Errors come back as JSON with status 200 too.
      const info = readMp3(body);
      if (!info) throw new TtsEngineError(`viettel answered no MP3 (${body.length} bytes, ${response.contentType || 'no type'})`);
      return { mp3: body, durationSeconds: info.durationSeconds };
    },
  };
}
