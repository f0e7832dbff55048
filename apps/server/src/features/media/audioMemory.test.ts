import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AudioMemory, byteRange } from './audioMemory';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'loa-audio-memory-'));
  fs.mkdirSync(path.join(root, 'audio'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (key: string, size: number, fill = 1) => {
  fs.writeFileSync(path.join(root, key), Buffer.alloc(size, fill));
};
const heldBody = async (memory: AudioMemory, key: string) => {
  const found = await memory.lookup(key);
  if (!found || !('held' in found)) throw new Error(`${key}: ${JSON.stringify(found)}`);
  return found.held.body;
};

describe('AudioMemory', () => {
  it('reads a file once for requests that arrive together, and again only when it changed on disk', async () => {
    write('audio/a.mp3', 1000);
    const memory = new AudioMemory(root, 10_000);
    const bodies = await Promise.all(Array.from({ length: 50 }, () => heldBody(memory, 'audio/a.mp3')));
    // One buffer for all: one read.
    expect(new Set(bodies).size).toBe(1);
    expect(await heldBody(memory, 'audio/a.mp3')).toBe(bodies[0]);
    write('audio/a.mp3', 1200, 2);
    const changed = await heldBody(memory, 'audio/a.mp3');
    expect(changed).not.toBe(bodies[0]);
    expect(changed.length).toBe(1200);
    expect(memory.heldBytes).toBe(1200);
    fs.rmSync(path.join(root, 'audio/a.mp3'));
    expect(await memory.lookup('audio/a.mp3')).toBeNull();
    expect(memory.heldBytes).toBe(0);
  });

  it('keeps to its budget, the least recently used file leaving first, and does not hold a file over a quarter of it', async () => {
    for (const name of ['a', 'b', 'c', 'd']) write(`audio/${name}.mp3`, 2000);
    write('audio/big.mp3', 2600);
    const memory = new AudioMemory(root, 10_000);
    const a = await heldBody(memory, 'audio/a.mp3');
    await heldBody(memory, 'audio/b.mp3');
    await heldBody(memory, 'audio/c.mp3');
    expect(await heldBody(memory, 'audio/a.mp3')).toBe(a); // a used again: b is now the oldest
    await heldBody(memory, 'audio/d.mp3');
    expect(memory.heldBytes).toBe(8000);
    write('audio/e.mp3', 2400);
    await heldBody(memory, 'audio/e.mp3');
    expect(memory.heldBytes).toBe(8400);
    write('audio/f.mp3', 2400);
    await heldBody(memory, 'audio/f.mp3');
    // 10,800 > 10,000: b (least recently used) left, a stayed.
    expect(memory.heldBytes).toBe(8800);
    expect(await heldBody(memory, 'audio/a.mp3')).toBe(a);
    expect(await memory.lookup('audio/big.mp3')).toEqual({ tooLarge: true });
    expect(await memory.lookup('audio/none.mp3')).toBeNull();
    expect(await new AudioMemory(root, 0).lookup('audio/a.mp3')).toEqual({ tooLarge: true });
  });
});

describe('byteRange', () => {
  it('reads one range of a Range header, and sends the whole file for anything else', () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=9-3', 100)).toBeNull();
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange('bytes=-', 100)).toBeNull();
    expect(byteRange('lines=1-2', 100)).toBeNull();
  });
});
