import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStorage } from '../../infra/diskStorage';
import type { MediaStorage } from '../../infra/storage';
import { PendingMedia } from './pendingMedia';

let dir: string;
let storage: MediaStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-pending-'));
  storage = diskStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const spokenNow = () => `tts/${Date.now()}-0123456789abcdef-giong-noi-phat-ngay.mp3`;

describe('audio still being made', () => {
  it('holds a request until the file is stored here, then lets it through', async () => {
    const pending = new PendingMedia();
    const key = spokenNow();
    let store!: () => void;
    pending.add(key, new Promise<void>((resolve) => { store = resolve; }));
    let through = false;
    const waiting = pending.wait(key, storage).then(() => { through = true; });
    await new Promise((r) => setTimeout(r, 100));
    expect(through).toBe(false);
    await storage.put(key, Buffer.from('ID3'));
    store();
    await waiting;
    expect(through).toBe(true);
    expect(pending.size).toBe(0);
  });

  it('lets a request through when the making failed (the store then answers 404)', async () => {
    const pending = new PendingMedia();
    const key = spokenNow();
    pending.add(key, Promise.reject(new Error('engine failed')));
    await pending.wait(key, storage);
    expect(await storage.exists(key)).toBe(false);
  });

  it('waits for speech made on another server by its recent name, and not for any other name', async () => {
    const pending = new PendingMedia();
    const key = spokenNow();
    setTimeout(() => void storage.put(key, Buffer.from('ID3')), 300);
    const started = Date.now();
    await pending.wait(key, storage, 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await storage.exists(key)).toBe(true);
    // An old name, or another kind of file: answered at once.
    const at = Date.now();
    await pending.wait('tts/1600000000000-0123456789abcdef-giong-noi-phat-ngay.mp3', storage, 5000);
    await pending.wait('audio/1700000000000-0123456789abcdef-khong-co.mp3', storage, 5000);
    expect(Date.now() - at).toBeLessThan(200);
  });
});
