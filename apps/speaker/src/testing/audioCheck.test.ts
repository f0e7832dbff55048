import { describe, expect, it } from 'vitest';
import { compareAudio, decodeMp3, durationOf, encodeWav, endAsLongAs, matchAudio, matchScore, MATCH_THRESHOLD, parseWav, type Audio } from './audioCheck';
import { mpg123ForTests } from './mpg123';
import { encodeMp3, noise, speechLike } from './signals';

const mpg123 = await mpg123ForTests();

const slice = (audio: Audio, from: number, to: number): Audio => ({
  sampleRate: audio.sampleRate, samples: audio.samples.slice(Math.round(from * audio.sampleRate), Math.round(to * audio.sampleRate)),
});
/** `seconds` of silence, then the audio, cut to its own length (a speaker that started late). */
const delayed = (audio: Audio, seconds: number): Audio => {
  const samples = new Float32Array(audio.samples.length);
  samples.set(audio.samples.subarray(0, audio.samples.length - Math.round(seconds * audio.sampleRate)), Math.round(seconds * audio.sampleRate));
  return { sampleRate: audio.sampleRate, samples };
};
const scaled = (audio: Audio, factor: number): Audio => ({ sampleRate: audio.sampleRate, samples: audio.samples.map((s) => s * factor) });

describe('parseWav', () => {
  it('reads back a 16-bit WAV it wrote', () => {
    const audio = speechLike(1, 0.5, 22_050);
    const read = parseWav(encodeWav(audio));
    expect(read.sampleRate).toBe(22_050);
    expect(durationOf(read)).toBeCloseTo(0.5, 3);
    expect(Math.max(...read.samples.map((s, i) => Math.abs(s - audio.samples[i])))).toBeLessThan(1e-4);
  });

  it('mixes stereo 24-bit and float WAVs to mono, skips other chunks and takes the rest of the file when the header has no length', () => {
    const build = (format: number, bits: number, frames: number[][], dataSize?: number) => {
      const bytes = bits / 8;
      const data = Buffer.alloc(frames.length * 2 * bytes);
      frames.forEach(([l, r], i) => {
        for (const [c, v] of [[0, l], [1, r]] as const) {
          const at = (i * 2 + c) * bytes;
          if (format === 3) data.writeFloatLE(v, at);
          else data.writeIntLE(Math.round(v * 2 ** (bits - 1)), at, bytes);
        }
      });
      const fmt = Buffer.alloc(24);
      fmt.write('fmt ', 0, 'latin1');
      fmt.writeUInt32LE(16, 4);
      fmt.writeUInt16LE(format, 8);
      fmt.writeUInt16LE(2, 10);
      fmt.writeUInt32LE(8000, 12);
      fmt.writeUInt32LE(8000 * 2 * bytes, 16);
      fmt.writeUInt16LE(2 * bytes, 20);
      fmt.writeUInt16LE(bits, 22);
      const list = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.from([3, 0, 0, 0]), Buffer.from('abc\0', 'latin1')]);
      const dataHead = Buffer.alloc(8);
      dataHead.write('data', 0, 'latin1');
      dataHead.writeUInt32LE(dataSize ?? data.length, 4);
      const riff = Buffer.alloc(12);
      riff.write('RIFFxxxxWAVE', 0, 'latin1');
      return Buffer.concat([riff, fmt, list, dataHead, data]);
    };
    const frames = [[0.5, -0.5], [0.25, 0.75], [-1, -1]];
    for (const wav of [build(1, 24, frames), build(3, 32, frames), build(1, 16, frames, 0), build(1, 16, frames, 0xffffffff)]) {
      const read = parseWav(wav);
      expect(read.sampleRate).toBe(8000);
      expect([...read.samples].map((s) => Math.round(s * 1000) / 1000)).toEqual([0, 0.5, -1]);
    }
  });

  it('refuses what is not a PCM or float WAV', () => {
    expect(() => parseWav(Buffer.from('ID3\u0004 not a wav at all'))).toThrow(/not a WAV/);
    const adpcm = encodeWav(speechLike(1, 0.1));
    adpcm.writeUInt16LE(2, 20);
    expect(() => parseWav(adpcm)).toThrow(/format 2/);
  });
});

describe('matchScore', () => {
  const reference = speechLike(7, 4);

  it('scores the same sound near 1 at any volume, and tells how late it runs', () => {
    expect(matchScore(scaled(reference, 0.3), reference)).toBeGreaterThan(0.999);
    const late = matchAudio(delayed(reference, 0.2), reference);
    expect(late.lagSeconds).toBeCloseTo(0.2, 2);
    expect(late.score).toBeGreaterThan(MATCH_THRESHOLD);
  });

  it('scores other speech, noise and silence far below the threshold', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) expect(matchScore(speechLike(seed, 4), reference)).toBeLessThan(0.5);
    expect(matchScore(noise(1, 4), reference)).toBeLessThan(0.2);
    expect(matchScore({ sampleRate: 44_100, samples: new Float32Array(4 * 44_100) }, reference)).toBe(0);
  });
});

describe('compareAudio', () => {
  const reference = speechLike(11, 5);

  it('accepts the source itself, quieter', () => {
    expect(compareAudio(scaled(reference, 0.5), reference)).toMatchObject({ ok: true, durationOk: true, matchOk: true });
  });

  it('rejects a wrong file, a cut one, one started late and one that ran late', () => {
    expect(compareAudio(speechLike(12, 5), reference)).toMatchObject({ ok: false, durationOk: true, matchOk: false });
    expect(compareAudio(noise(3, 5), reference)).toMatchObject({ ok: false, matchOk: false });
    // The first 90 %: it sounds right, but a tenth is missing.
    expect(compareAudio(slice(reference, 0, 4.5), reference)).toMatchObject({ ok: false, durationOk: false });
    expect(compareAudio(slice(reference, 0, 10 / 3), reference)).toMatchObject({ ok: false, durationOk: false });
    // Joined a second late (the first second missing), or a second of silence before it and its end cut.
    expect(compareAudio(slice(reference, 1, 5), reference)).toMatchObject({ ok: false, matchOk: false });
    expect(compareAudio(delayed(reference, 1), reference)).toMatchObject({ ok: false, durationOk: true, matchOk: false });
    // A wider search finds the late one, still short of the whole.
    expect(compareAudio(delayed(reference, 1), reference, { maxLagSeconds: 1.5 }).lagSeconds).toBeCloseTo(1, 1);
  });

  it('takes the source\'s end as long as what a speaker that joined late heard, whatever its sample rate', () => {
    const heard = slice(reference, 1.3, 5);
    expect(compareAudio(heard, endAsLongAs(reference, heard))).toMatchObject({ ok: true });
    expect(durationOf(endAsLongAs(reference, heard))).toBeCloseTo(3.7, 2);
    // Heard at half the rate, the same length of time.
    const halfRate: Audio = { sampleRate: heard.sampleRate / 2, samples: heard.samples.subarray(0, heard.samples.length / 2) };
    expect(durationOf(endAsLongAs(reference, halfRate))).toBeCloseTo(durationOf(halfRate), 2);
    // Longer than the source: the whole source.
    expect(endAsLongAs(reference, speechLike(3, 9)).samples.length).toBe(reference.samples.length);
  });

  it.runIf(mpg123)('accepts the source sent through MP3 and decoded by mpg123, and nothing else', async () => {
    const decoded = await decodeMp3(encodeMp3(reference));
    const comparison = compareAudio(decoded, reference);
    expect(comparison).toMatchObject({ ok: true });
    expect(comparison.score).toBeGreaterThan(0.97);
    expect(compareAudio(await decodeMp3(encodeMp3(speechLike(12, 5))), reference)).toMatchObject({ ok: false, matchOk: false });
    await expect(decodeMp3(Buffer.from('not an mp3'))).rejects.toThrow();
  });
});
