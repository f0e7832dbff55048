import { MSG, RECORDING_MIN_SECONDS } from '@loa/contract';
import type { DraftFile } from '../types';
import { encodeMp3 } from './encodeMp3';
import { readBytes } from './readBytes';
import { uniqueFileName } from './uniqueFileName';

/** Decodes a microphone recording to PCM, refuses it under 10 s, and encodes it as a 128 kbps MP3 file. */
export async function recordingToMp3(recorded: Blob, now: number = Date.now()): Promise<DraftFile> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await readBytes(recorded));
    if (audio.duration < RECORDING_MIN_SECONDS) throw new Error(MSG.recordingTooShort);
    const channels = Array.from({ length: Math.min(2, audio.numberOfChannels) }, (_, i) => audio.getChannelData(i));
    const blob = encodeMp3(channels, audio.sampleRate);
    const stamp = new Date(now);
    const pad = (n: number) => String(n).padStart(2, '0');
    const fileName = `ghiam-${stamp.getFullYear()}${pad(stamp.getMonth() + 1)}${pad(stamp.getDate())}-${pad(stamp.getHours())}${pad(stamp.getMinutes())}${pad(stamp.getSeconds())}.mp3`;
    return { fileName, url: uniqueFileName(fileName, now), duration: audio.duration, thoigianbatdau: 0, blob, song: URL.createObjectURL(blob) };
  } finally {
    void context.close();
  }
}
