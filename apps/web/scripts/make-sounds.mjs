// Writes the console's short cues as 16-bit mono WAV files: the live panel's start and stop
// chimes and the drawer's notification ping. Run with `node apps/web/scripts/make-sounds.mjs`;
// the output is committed under public/sounds.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RATE = 22050;

/** Notes of [frequency, seconds], each with a short attack and an exponential decay. */
function chime(notes, { attack, decay, gain }) {
  const counts = notes.map(([, seconds]) => Math.round(RATE * seconds));
  const samples = new Int16Array(counts.reduce((a, b) => a + b, 0));
  let offset = 0;
  notes.forEach(([freq], n) => {
    for (let i = 0; i < counts[n]; i += 1) {
      const t = i / RATE;
      const envelope = Math.min(1, i / attack) * Math.exp(-decay * t);
      samples[offset + i] = Math.round(gain * 32767 * envelope * Math.sin(2 * Math.PI * freq * t));
    }
    offset += counts[n];
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
const cue = { attack: 200, decay: 4, gain: 0.5 };
writeFileSync(out('start.wav'), wav(chime([[660, 0.18], [880, 0.18]], cue)));
writeFileSync(out('stop.wav'), wav(chime([[880, 0.18], [523, 0.18]], cue)));
writeFileSync(out('notify.wav'), wav(chime([[988, 0.09], [1319, 0.22]], { attack: 150, decay: 9, gain: 0.45 })));
