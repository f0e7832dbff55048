import { Mp3Encoder } from '@breezystack/lamejs';

/**
 * A real MP3 (a sine tone) for tests: `seconds` long at `kbps`, mono 44.1 kHz, encoded by LAME.
 */
export function makeMp3(seconds: number, kbps = 128, frequency = 440): Buffer {
  const rate = 44_100;
  const encoder = new Mp3Encoder(1, rate, kbps);
  const samples = new Int16Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i += 1) samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 8000);
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < samples.length; i += 1152) chunks.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  chunks.push(encoder.flush());
  return Buffer.concat(chunks.map((c) => Buffer.from(c)));
}

/** An ID3v2.3 tag holding one title frame (TIT2, UTF-8): what an uploader controls inside a real MP3. */
export function id3Title(title: string): Buffer {
  const text = Buffer.concat([Buffer.from([3]), Buffer.from(title, 'utf8')]);
  const frame = Buffer.alloc(10);
  frame.write('TIT2', 0, 'latin1');
  frame.writeUInt32BE(text.length, 4);
  const body = Buffer.concat([frame, text]);
  const size = body.length;
  // The tag's size is "synchsafe": seven bits per byte.
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([header, body]);
}
