import { describe, expect, it } from 'vitest';
import { makeMp3 } from '../../../../test/audio';
import { readMp3 } from './mp3Info';

describe('readMp3', () => {
  it('measures an MP3 made by LAME', () => {
    const info = readMp3(makeMp3(2, 128));
    expect(info).not.toBeNull();
    expect(info!.sampleRate).toBe(44100);
    expect(info!.bitrateKbps).toBe(128);
    expect(info!.durationSeconds).toBeGreaterThan(1.95);
    expect(info!.durationSeconds).toBeLessThan(2.1);
  });

  it('skips an ID3 tag before the frames', () => {
    const tag = Buffer.alloc(10 + 20);
    tag.write('ID3', 0, 'latin1');
    tag[3] = 3;
    tag[9] = 20;
    expect(readMp3(Buffer.concat([tag, makeMp3(1)]))?.durationSeconds).toBeGreaterThan(0.9);
  });

  it('rejects what is not MP3', () => {
    expect(readMp3(Buffer.from('{"error":1,"message":"quota"}'))).toBeNull();
    expect(readMp3(Buffer.alloc(0))).toBeNull();
    expect(readMp3(Buffer.from('RIFF....WAVEfmt '))).toBeNull();
  });
});
