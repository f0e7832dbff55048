import { open } from 'node:fs/promises';

/** The layout of a RIFF/WAVE file: its format and where its samples are. */
export interface WavLayout {
  /** 1: integer PCM, 3: IEEE float. */
  format: 1 | 3;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Bytes of one sample of every channel. */
  blockAlign: number;
  /** Where the data chunk's samples begin. */
  dataOffset: number;
  /**
   * Bytes of samples. A header written before the decoder knew the length (a WAV to a pipe, or a
   * program killed before it closed the file) says 0 or too much: then the rest of the file.
   */
  dataBytes: number;
}

const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Reads the header of a WAV file (`head` holds at least its first chunks, `fileBytes` its whole size); throws on anything else. */
export function parseWavHeader(head: Buffer, fileBytes = head.length): WavLayout {
  if (head.length < 12 || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file (no RIFF/WAVE header)');
  }
  let fmt: Omit<WavLayout, 'dataOffset' | 'dataBytes'> | null = null;
  for (let at = 12; at + 8 <= head.length;) {
    const id = head.toString('latin1', at, at + 4);
    const size = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (body + 16 > head.length) break;
      let format = head.readUInt16LE(body);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (format === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= head.length) format = head.readUInt16LE(body + 24);
      if (format !== 1 && format !== 3) throw new Error(`unsupported WAV sample format ${format} (PCM or float only)`);
      fmt = {
        format, channels: head.readUInt16LE(body + 2), sampleRate: head.readUInt32LE(body + 4),
        blockAlign: head.readUInt16LE(body + 12), bitsPerSample: head.readUInt16LE(body + 14),
      };
      if (fmt.channels < 1 || fmt.sampleRate < 1 || fmt.blockAlign !== (fmt.channels * fmt.bitsPerSample) / 8) throw new Error('inconsistent WAV format chunk');
    } else if (id === 'data') {
      if (!fmt) throw new Error('WAV data before its format chunk');
      const available = Math.max(0, fileBytes - body);
      const bytes = size === 0 || size > available ? available : size;
      return { ...fmt, dataOffset: body, dataBytes: bytes - (bytes % fmt.blockAlign) };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV without format or data chunk');
}

/** Seconds of audio a WAV layout holds. */
export const wavSeconds = (layout: WavLayout): number => layout.dataBytes / (layout.blockAlign * layout.sampleRate);

/** Reads the header of the WAV file at `path`. */
export async function readWavLayout(path: string): Promise<WavLayout> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(size, 4096));
    await file.read(head, 0, head.length, 0);
    return parseWavHeader(head, size);
  } finally {
    await file.close();
  }
}

/**
 * Makes the WAV file at `path` whole: cuts its samples to `maxSeconds` when given (what was heard of
 * an item stopped early), drops a trailing partial sample and writes the true sizes into the header.
 * Answers the seconds it holds.
 */
export async function sealWav(path: string, maxSeconds?: number): Promise<number> {
  const layout = await readWavLayout(path);
  const byteRate = layout.blockAlign * layout.sampleRate;
  let dataBytes = layout.dataBytes;
  if (maxSeconds !== undefined) dataBytes = Math.min(dataBytes, Math.max(0, Math.floor(maxSeconds * layout.sampleRate)) * layout.blockAlign);
  const file = await open(path, 'r+');
  try {
    const sizes = Buffer.alloc(4);
    await file.truncate(layout.dataOffset + dataBytes);
    sizes.writeUInt32LE(layout.dataOffset + dataBytes - 8);
    await file.write(sizes, 0, 4, 4);
    sizes.writeUInt32LE(dataBytes);
    await file.write(sizes, 0, 4, layout.dataOffset - 4);
  } finally {
    await file.close();
  }
  return dataBytes / byteRate;
}
