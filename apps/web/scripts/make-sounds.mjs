// Writes the live panel's start and stop cues (short two-note chimes) as 16-bit mono WAV files.
// Run once with `node apps/web/scripts/make-sounds.mjs`; the output is committed under public/sounds.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 22050;

function chime(notes, noteSeconds) {
  const perNote = Math.round(RATE * noteSeconds);
  const samples = new Int16Array(perNote * notes.length);
  notes.forEach((freq, n) => {
    for (let i = 0; i < perNote; i += 1) {
      const t = i / RATE;
      const envelope = Math.min(1, i / 200) * Math.exp(-4 * t);
      samples[n * perNote + i] = Math.round(0.5 * 32767 * envelope * Math.sin(2 * Math.PI * freq * t));
    }
  });
  return samples;
}

function wav(samples) {
  const data = Buffer.from(samples.buffer);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const out = (name) => fileURLToPath(new URL(`../public/sounds/${name}`, import.meta.url));
writeFileSync(out('start.wav'), wav(chime([660, 880], 0.18)));
writeFileSync(out('stop.wav'), wav(chime([880, 523], 0.18)));
