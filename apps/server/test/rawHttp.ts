import http from 'node:http';
import net from 'node:net';

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * One request sent exactly as written: `target` goes on the request line untouched (fetch and
 * URL would normalise `/./`, `%2F`, absolute forms...). A fresh connection each time.
 */
export function rawRequest(baseUrl: string, method: string, target: string, headers: Record<string, string> = {}, body?: Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: target, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${method} ${target}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A multipart body (bytes and content type) from a FormData, for rawRequest. */
export async function encodeForm(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** A plain TCP connection to the test server, for writing a request byte by byte. */
export function connectRaw(baseUrl: string): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Resolves with everything the server wrote once it closes the connection (or rejects after `withinMs`). */
export function closedBy(socket: net.Socket, withinMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => reject(new Error(`the server kept the connection open for more than ${withinMs} ms`)), withinMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
  });
}
