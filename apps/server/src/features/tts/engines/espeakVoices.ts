import type { VoiceId } from '@loa/contract';

/** An eSpeak NG voice setting: language voice with a variant, pitch (0–99) and speed (words a minute). */
export interface EspeakVoice {
  name: string;
  pitch: number;
  speed: number;
}

/**
 * Each product voice as a distinct eSpeak NG setting: the region picks the Vietnamese dialect voice
 * (vi = northern, vi-vn-x-central, vi-vn-x-south), the name's gender picks a female or male variant,
 * and pitch and speed keep two voices of one region and gender apart. Speeds stay near eSpeak's 175 words
 * (syllables) a minute, a little under a newsreader, because loudspeakers in the open echo.
 */
export const ESPEAK_VOICES: Readonly<Record<VoiceId, EspeakVoice>> = {
  banmaiace: { name: 'vi+f3', pitch: 58, speed: 172 },
  thuminhace: { name: 'vi+f5', pitch: 70, speed: 164 },
  leminh: { name: 'vi+m3', pitch: 40, speed: 172 },
  lannhi: { name: 'vi-vn-x-south+f2', pitch: 62, speed: 174 },
  linhsanace: { name: 'vi-vn-x-south+f4', pitch: 72, speed: 166 },
  minhquangace: { name: 'vi-vn-x-south+m2', pitch: 38, speed: 172 },
  myan: { name: 'vi-vn-x-central+f3', pitch: 64, speed: 168 },
  ngoclamace: { name: 'vi-vn-x-central+f1', pitch: 56, speed: 160 },
  giahuy: { name: 'vi-vn-x-central+m4', pitch: 45, speed: 168 },
};
