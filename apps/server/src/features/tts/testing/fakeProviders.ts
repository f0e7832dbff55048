import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeMp3 } from '../../../../test/audio';

/** A local stand-in for a cloud provider's HTTP API (tests only; port 0, never the internet). */
export interface FakeProvider {
  url: string;
  requests: { headers: http.IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
}

async function listen(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse, base: string) => void) {
  const requests: FakeProvider['requests'] = [];
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST') requests.push({ headers: req.headers, body });
      handler(req, body, res, base);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base, requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface FakeFptOptions {
  apiKey: string;
  /** ok: audio after `notReadyPolls` misses; refuse: error 1 in the answer; broken: HTTP 500; never: the audio never appears. */
  mode?: 'ok' | 'refuse' | 'broken' | 'never';
  notReadyPolls?: number;
  /** Where the answer says the audio is (default: this fake itself), e.g. an address inside the server's network. */
  audioBase?: string;
}

/** FPT.AI TTS v5: POST text with api-key and voice headers, answer an `async` address polled until the MP3 is there. */
export async function startFakeFpt(opts: FakeFptOptions): Promise<FakeProvider & { polls: number }> {
  const state = { polls: 0 };
  let made = 0;
  const fake = await listen((req, body, res, base) => {
    if (req.method === 'POST' && req.url === '/hmi/tts/v5') {
      if (req.headers['api-key'] !== opts.apiKey) return res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":401,"message":"invalid api key"}');
      if (opts.mode === 'broken') return res.writeHead(500).end('internal error');
      if (opts.mode === 'refuse') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 1, message: 'quota exceeded' }));
      made += 1;
      const voice = String(req.headers.voice);
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        async: `${opts.audioBase ?? base}/audio/${made}-${voice}.mp3`, error: 0, message: 'The content will be returned after a few seconds under the async link.', request_id: `r${made}`,
      }));
    }
    if (req.method === 'GET' && req.url?.startsWith('/audio/')) {
      state.polls += 1;
      if (opts.mode === 'never' || state.polls <= (opts.notReadyPolls ?? 0)) return res.writeHead(404).end('not found');
      const voice = req.url.split('-')[1] ?? '';
      return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(makeMp3(1.5, 64, 300 + voice.length * 40));
    }
    res.writeHead(404).end();
  });
  return {
    url: `${fake.base}/hmi/tts/v5`, requests: fake.requests, close: fake.close,
    get polls() {
      return state.polls;
    },
  };
}

export interface FakeViettelOptions {
  token: string;
  /** ok: MP3 bytes; refuse: a JSON error with status 200 (as the real one does); broken: HTTP 500. */
  mode?: 'ok' | 'refuse' | 'broken';
}

/** Viettel AI TTS: POST JSON {text, voice, speed, tts_return_option, token}, answer the MP3 bytes. */
export async function startFakeViettel(opts: FakeViettelOptions): Promise<FakeProvider> {
  const fake = await listen((req, body, res) => {
    if (req.method !== 'POST' || req.url !== '/tts/speech_synthesis') return res.writeHead(404).end();
    const json = JSON.parse(body) as { text?: string; voice?: string; token?: string; tts_return_option?: number };
    if (opts.mode === 'broken') return res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":500,"msg":"error"}');
    if (json.token !== opts.token || opts.mode === 'refuse' || json.tts_return_option !== 3 || !json.text) {
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"vi_message":"Token không hợp lệ","en_message":"invalid token","code":401}');
    }
    res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(makeMp3(1.2, 64, 200 + (json.voice ?? '').length * 30));
  });
  return { url: `${fake.base}/tts/speech_synthesis`, requests: fake.requests, close: fake.close };
}
