// Worker thread of the offline engine: eSpeak NG (WASM) speaks, lamejs encodes MP3, so the server's event loop
// never waits on either. Plain JavaScript because worker threads start outside the TypeScript loader (tsx, vitest).
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';
import { Mp3Encoder } from '@breezystack/lamejs';

const wasmUrl = new URL('espeak-ng.wasm', import.meta.resolve('espeak-ng'));
// Compiled once; each synthesis runs a fresh instance of the eSpeak command line on it (a few ms).
const wasmModule = WebAssembly.compile(fs.readFileSync(wasmUrl));

/** Runs eSpeak once and answers the WAV file it wrote. */
async function speak(text, voice) {
  const module = await wasmModule;
  const errors = [];
  const instance = await ESpeakNg({
    arguments: ['-v', voice.name, '-p', String(voice.pitch), '-s', String(voice.speed), '-b', '1', '-f', '/input.txt', '-w', '/output.wav'],
    preRun: [(m) => m.FS.writeFile('/input.txt', text)],
    instantiateWasm: (imports, done) => {
      WebAssembly.instantiate(module, imports).then((inst) => done(inst, module));
      return {};
    },
    print: () => {},
    printErr: (line) => errors.push(line),
  });
  try {
    return Buffer.from(instance.FS.readFile('/output.wav'));
  } catch {
    throw new Error(`espeak wrote no audio: ${errors.join(' | ').slice(0, 300)}`);
  }
}

/** The 16-bit mono samples and rate of a WAV file. */
function pcmOf(wav) {
  if (wav.toString('latin1', 0, 4) !== 'RIFF' || wav.toString('latin1', 8, 12) !== 'WAVE') throw new Error('espeak output is not WAV');
  let offset = 12;
  let sampleRate = 22050;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('latin1', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(offset + 12);
    if (id === 'data') {
      const end = Math.min(wav.length, offset + 8 + size);
      const bytes = wav.subarray(offset + 8, end - ((end - offset - 8) % 2));
      return { samples: new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)), sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('espeak output has no audio data');
}

/** Pads with silence (amplifiers wake, the ear settles) and brings the peak to about -1 dBFS. */
function prepare(samples, sampleRate) {
  const lead = Math.round(sampleRate * 0.3);
  const tail = Math.round(sampleRate * 0.5);
  const out = new Int16Array(lead + samples.length + tail);
  let peak = 1;
  for (const s of samples) peak = Math.max(peak, Math.abs(s));
  const gain = Math.min(4, 29000 / peak);
  for (let i = 0; i < samples.length; i++) out[lead + i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] * gain)));
  return out;
}

function encodeMp3(samples, sampleRate, kbps) {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts = [];
  for (let i = 0; i < samples.length; i += 1152) parts.push(encoder.encodeBuffer(samples.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  return Buffer.concat(parts.filter((p) => p.length > 0).map((p) => Buffer.from(p.buffer, p.byteOffset, p.length)));
}

parentPort.on('message', async (job) => {
  try {
    const { samples, sampleRate } = pcmOf(await speak(job.text, job.voice));
    if (samples.length === 0) throw new Error('espeak produced no samples');
    const padded = prepare(samples, sampleRate);
    const mp3 = encodeMp3(padded, sampleRate, job.kbps);
    const bytes = new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.length);
    parentPort.postMessage({ id: job.id, ok: true, mp3: bytes, durationSeconds: padded.length / sampleRate });
  } catch (error) {
    parentPort.postMessage({ id: job.id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
