import { describe, expect, it } from 'vitest';
import { BROADCAST_MESSAGES, MAX_UPLOAD_BYTES, MSG } from '@loa/contract';
import { mp3FileError } from './checkMp3File';
import { encodeMp3 } from './encodeMp3';
import { encodedTone, fileOf, id3Tag } from './mp3Fixtures';
import { firstFrameBitrate, id3Size, looksLikeMp3 } from './mp3Header';
import { readBytes } from './readBytes';

const WAV_HEAD = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x24, 0x08, 0, 0, 0x57, 0x41, 0x56, 0x45, 0x66, 0x6d, 0x74, 0x20]);

describe('MP3 headers', () => {
  it('reads the bitrate of the first frame that lamejs wrote', () => {
    expect(firstFrameBitrate(encodedTone(128))).toBe(128);
    expect(firstFrameBitrate(encodedTone(320))).toBe(320);
    expect(firstFrameBitrate(encodedTone(64, 1, 22050))).toBe(64);
  });

  it('recognises an ID3 tag or a frame sync, and nothing else', () => {
    expect(looksLikeMp3(encodedTone(128).subarray(0, 10))).toBe(true);
    expect(looksLikeMp3(id3Tag())).toBe(true);
    expect(id3Size(id3Tag(300))).toBe(310);
    expect(looksLikeMp3(WAV_HEAD)).toBe(false);
    expect(looksLikeMp3(new TextEncoder().encode('<html><body>'))).toBe(false);
  });
});

describe('checking a chosen file (§5 Files)', () => {
  it('refuses a file over the upload limit when it is chosen', async () => {
    const big = fileOf([encodedTone(128)], 'dai.mp3', 'audio/mpeg');
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    expect(await mp3FileError(big)).toBe(BROADCAST_MESSAGES.fileTooLarge);
    const limit = fileOf([encodedTone(128)], 'vua.mp3', 'audio/mpeg');
    Object.defineProperty(limit, 'size', { value: MAX_UPLOAD_BYTES });
    expect(await mp3FileError(limit)).toBeNull();
  });

  it('accepts a 128 kbps MP3, with or without an ID3 tag', async () => {
    expect(await mp3FileError(fileOf([encodedTone(128)], 'ban-tin.mp3', 'audio/mpeg'))).toBeNull();
    expect(await mp3FileError(fileOf([id3Tag(64), encodedTone(128)], 'ban-tin.mp3', 'audio/mpeg'))).toBeNull();
  });

  it('refuses a file whose type is not audio/mpeg', async () => {
    expect(await mp3FileError(fileOf([encodedTone(128)], 'ban-tin.wav', 'audio/wav'))).toBe(MSG.fileNotMp3);
  });

  it('refuses a file named and typed as MP3 whose bytes are not MP3', async () => {
    expect(await mp3FileError(fileOf([WAV_HEAD, new Uint8Array(2000)], 'gia.mp3', 'audio/mpeg'))).toBe(MSG.fileNotMp3);
    expect(await mp3FileError(fileOf([id3Tag(16), new Uint8Array(4000)], 'chi-the.mp3', 'audio/mpeg'))).toBe(MSG.fileNotMp3);
  });

  it('refuses exactly 320 kbps, even behind an ID3 tag', async () => {
    expect(await mp3FileError(fileOf([encodedTone(320)], 'cao.mp3', 'audio/mpeg'))).toBe(MSG.fileBitrate320);
    expect(await mp3FileError(fileOf([id3Tag(100), encodedTone(320)], 'cao.mp3', 'audio/mpeg'))).toBe(MSG.fileBitrate320);
    expect(await mp3FileError(fileOf([encodedTone(256)], 'vua.mp3', 'audio/mpeg'))).toBeNull();
  });
});

describe('recording encoder', () => {
  it('writes MP3 frames at 128 kbps from PCM', async () => {
    const second = new Float32Array(44100).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 330 * i) / 44100));
    const blob = encodeMp3([second, second], 44100);
    expect(blob.type).toBe('audio/mpeg');
    const bytes = new Uint8Array(await readBytes(blob));
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(firstFrameBitrate(bytes)).toBe(128);
  });
});
