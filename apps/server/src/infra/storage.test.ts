import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertMediaKey, uniqueMediaName } from './storage';

describe('a stored file\'s name', () => {
  it('keeps a readable part of the uploader\'s name that the disk accepts, whatever its length and letters', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loa-storage-name-'));
    try {
      for (const original of ['ệ'.repeat(400) + '.mp3', 'Bản tin sáng thứ hai.mp3', '𝐀'.repeat(200), '../../etc/passwd', '.mp3']) {
        const name = uniqueMediaName(original);
        expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
        expect(name).toMatch(/\.mp3$/);
        assertMediaKey(`audio/${name}`);
        // The disk takes it (a name over 255 bytes is refused with ENAMETOOLONG).
        await writeFile(join(dir, name), 'x');
      }
      expect(uniqueMediaName('Bản tin sáng thứ hai.mp3')).toMatch(/-Bản-tin-sáng-thứ-hai\.mp3$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
