import type { VoiceId } from '@loa/contract';
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
  /** Speaking rate, 0.7 to 1.3. */
  speed?: number;
}

/** Viettel AI text-to-speech: one JSON POST answers the MP3 bytes (tts_return_option 3). */
export function createViettelEngine(opts: ViettelOptions): TtsEngine {
  return {
    id: 'viettel',
    label: 'Viettel AI',
    async synthesize(text, voice, signal) {
      const response = await fetch(opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'audio/mpeg, application/json' },
        body: JSON.stringify({ text, voice: VIETTEL_VOICES[voice], speed: opts.speed ?? 1, tts_return_option: 3, token: opts.token, without_filter: false }),
        signal,
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw new TtsEngineError(`viettel answered ${response.status}: ${body.toString('utf8', 0, 200)}`);
      // Errors come back as JSON with status 200 too.
      const info = readMp3(body);
      if (!info) throw new TtsEngineError(`viettel answered no MP3: ${body.toString('utf8', 0, 200)}`);
      return { mp3: body, durationSeconds: info.durationSeconds };
    },
  };
}
