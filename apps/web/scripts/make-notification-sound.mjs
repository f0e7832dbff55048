// Writes the drawer's notification sound (a short rising two-note ping) as a 16-bit mono WAV file.
// Run once with `node apps/web/scripts/make-notification-sound.mjs`; the output is committed under public/sounds.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 22050;
const NOTES = [[988, 0.09], [1319, 0.22]];

const total = NOTES.reduce((sum, [, seconds]) => sum + Math.round(RATE * seconds), 0);
const samples = new Int16Array(total);
let offset = 0;
for (const [freq, seconds] of NOTES) {
  const count = Math.round(RATE * seconds);
  for (let i = 0; i < count; i += 1) {
    const t = i / RATE;
    const envelope = Math.min(1, i / 150) * Math.exp(-9 * t);
    samples[offset + i] = Math.round(0.45 * 32767 * envelope * Math.sin(2 * Math.PI * freq * t));
  }
  offset += count;
}

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
writeFileSync(fileURLToPath(new URL('../public/sounds/notify.wav', import.meta.url)), Buffer.concat([header, data]));
