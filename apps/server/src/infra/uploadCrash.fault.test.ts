import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '@loa/contract';
import { eventually } from '../../test/helpers';
import { makeMp3 } from '../../test/audio';
import { cleanupServers, signInSpawned, spawnServer, tempDataDir } from '../../test/serverProcess';

// Issue #27 item 7: a server killed with -9 in the middle of an upload left a half-written hidden
// file in the media folder that nothing removed, and /media served it.

afterAll(() => cleanupServers());

const hidden = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.startsWith('.')) : []);

describe('kill -9 during an upload', () => {
  it('never serves the half-written file, and the restarted server removes it; the address still takes the whole file', async () => {
    const dataDir = tempDataDir();
    const audioDir = path.join(dataDir, 'media', 'audio');
    let server = await spawnServer({ dataDir });
    let client = await signInSpawned(server);
    const [address] = (await client.post('/v1/client/lichphat/geturlupload', { key: ['ban-tin-dang-tai.mp3'] })).body.data as { url: string; fields: { key: string } }[];
    const bytes = makeMp3(30);
    const headers = () => ({ 'content-type': 'audio/mpeg', cookie: client.cookieHeader, [CSRF_HEADER]: client.cookies.get('loa_csrf')! });

    // Half the file goes, then the sender waits: the server is writing it to its hidden temporary file.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(bytes.subarray(0, bytes.length >> 1)));
        await held;
        controller.close();
      },
    });
    const upload = fetch(server.url + address.url, { method: 'PUT', body, headers: headers(), duplex: 'half' } as RequestInit).catch(() => null);
    const [leftover] = await eventually(() => (hidden(audioDir).length ? hidden(audioDir) : null), 10_000);
    const served = await fetch(`${server.url}/media/audio/${encodeURIComponent(leftover)}`);
    expect(served.status).toBe(404);
    expect(served.headers.get('content-type') ?? '').not.toContain('audio');

    await server.kill9();
    release();
    await upload;
    expect(hidden(audioDir)).toEqual([leftover]);

    server = await spawnServer({ dataDir });
    await eventually(() => hidden(audioDir).length === 0, 10_000);
    client = await signInSpawned(server);
    const whole = await fetch(server.url + address.url, { method: 'PUT', body: new Uint8Array(bytes), headers: headers() });
    expect(whole.status).toBe(204);
    expect((await fetch(`${server.url}/media/${address.fields.key}`)).headers.get('content-type')).toBe('audio/mpeg');
  }, 120_000);
});
