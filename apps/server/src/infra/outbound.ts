import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable, Transform, pipeline } from 'node:stream';
import { badRequest } from './errors';
import { OutboundError, OutboundPolicy, parseAllowList } from './outboundPolicy';

export { OutboundError } from './outboundPolicy';

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The caller's own cancellation (a listener leaving, a request aborted). */
  signal?: AbortSignal;
  /** The whole exchange, body included. */
  timeoutMs: number;
  /** Until the status line and headers (default: the smaller of timeoutMs and 10 s). */
  headersTimeoutMs?: number;
  /** Longest silence of the connection once started (default 30 s). */
  idleTimeoutMs?: number;
  /** Most body bytes read; more is an error ('size'). */
  maxBytes: number;
  /** Redirects followed, each hop checked like the first (default 0: a redirect is an error). */
  maxRedirects?: number;
  /**
   * An endpoint the operator configured (a speech provider, the Telegram API, maybe through a local
   * proxy): requests to exactly its origin skip the address rules, every other origin keeps them.
   */
  trustOrigin?: string;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  /** The address that answered, after redirects. */
  url: URL;
  contentType: string;
  /** A response header (lower-case name), e.g. etag or last-modified for conditional requests. */
  header(name: string): string | undefined;
  /** The body, cut off with an OutboundError('size') beyond maxBytes. */
  body: Readable;
  buffer(): Promise<Buffer>;
  /** Drops the body unread and closes the connection. */
  discard(): void;
}

/** The `all: true` form of dns.lookup. */
export type Resolver = (hostname: string, options: dns.LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Every fetch of a URL a user or a remote party chose goes through here: http(s) only, the host
 * resolved once and every resolved address checked in the connect itself (no DNS rebinding between
 * a check and the connection), redirects followed by hand and checked per hop, bounded in time and size.
 */
export class Outbound {
  constructor(
    readonly policy: OutboundPolicy,
    /** The system resolver; tests give names of their own (a name that resolves to 127.0.0.1). */
    private readonly resolve: Resolver = dns.lookup,
  ) {}

  /** The input check of an address the server will fetch later: a Vietnamese 400 when refused. */
  assertAllowed(raw: string): void {
    try {
      this.policy.check(raw);
    } catch (error) {
      if (error instanceof OutboundError) throw badRequest(error.message);
      throw error;
    }
  }

  async fetch(raw: string, request: OutboundRequest): Promise<OutboundResponse> {
    const deadline = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    const trusted = request.trustOrigin ? new URL(request.trustOrigin).origin : null;
    const checked = (href: string) => (trusted && safeOrigin(href) === trusted ? new URL(href) : this.policy.check(href));
    let url = checked(raw);
    for (let hop = 0; ; hop += 1) {
      const response = await this.once(url, request, signal, trusted === url.origin).catch((error: unknown) => {
        throw explain(error, signal, deadline);
      });
      if (!REDIRECTS.has(response.statusCode ?? 0)) return wrap(url, response, request.maxBytes, signal, deadline);
      const location = response.headers.location;
      response.destroy();
      if (!location || hop >= (request.maxRedirects ?? 0)) throw new OutboundError('redirect');
      url = checked(new URL(location, url).href);
    }
  }

  private once(url: URL, request: OutboundRequest, signal: AbortSignal, trusted: boolean): Promise<http.IncomingMessage> {
    return new Promise((resolve, reject) => {
      const transport = url.protocol === 'https:' ? https : http;
      const headers: Record<string, string> = { 'user-agent': 'Loa', ...request.headers };
      if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
      const outgoing = transport.request(url, {
        method: request.method ?? 'GET', headers, signal,
        // A fresh connection each time: a pooled socket must never carry a request past the check.
        agent: false,
        ...(trusted ? {} : { lookup: this.checkedLookup(url.hostname) }),
      });
      const headersTimer = setTimeout(() => outgoing.destroy(new OutboundError('timeout')), request.headersTimeoutMs ?? Math.min(request.timeoutMs, 10_000));
      outgoing.setTimeout(request.idleTimeoutMs ?? 30_000, () => outgoing.destroy(new OutboundError('timeout')));
      outgoing.on('response', (response) => {
        clearTimeout(headersTimer);
        resolve(response);
      });
      outgoing.on('error', (error) => {
        clearTimeout(headersTimer);
        reject(error);
      });
      outgoing.end(request.body);
    });
  }

  /** Resolves the name once and refuses the connection when any address it gave is not allowed. */
  private checkedLookup(hostname: string): LookupFunction {
    const byName = this.policy.nameAllowed(hostname);
    return (host, options, callback) => {
      this.resolve(host, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
        if (error) return callback(error, '', 0);
        if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' }), '', 0);
        if (!byName && addresses.some((a) => !this.policy.addressAllowed(a.address))) return callback(new OutboundError('address'), '', 0);
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      });
    };
  }
}

/** The outbound client of a server configuration. */
export const createOutbound = (allowHosts: string, resolve?: Resolver): Outbound => new Outbound(new OutboundPolicy(parseAllowList(allowHosts)), resolve);

function safeOrigin(href: string): string | null {
  try {
    return new URL(href).origin;
  } catch {
    return null;
  }
}

/** What went wrong, as one of the reasons users may read; a caller's own cancellation stays as it is. */
function explain(error: unknown, signal: AbortSignal, deadline: AbortSignal): unknown {
  if (error instanceof OutboundError) return error;
  if (deadline.aborted) return new OutboundError('timeout');
  if (signal.aborted) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new OutboundError(code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA' ? 'dns' : 'connect');
}

function wrap(url: URL, response: http.IncomingMessage, maxBytes: number, signal: AbortSignal, deadline: AbortSignal): OutboundResponse {
  const declared = Number(response.headers['content-length'] ?? NaN);
  let seen = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? new OutboundError('size') : null, seen > maxBytes ? undefined : chunk);
    },
  });
  if (declared > maxBytes) body.destroy(new OutboundError('size'));
  pipeline(response, body, () => response.destroy());
  const status = response.statusCode ?? 0;
  return {
    status, ok: status >= 200 && status < 300, url, body,
    contentType: String(response.headers['content-type'] ?? '').toLowerCase(),
    header(name: string) {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    async buffer() {
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of body) chunks.push(chunk as Buffer);
      } catch (error) {
        throw explain(error, signal, deadline);
      }
      return Buffer.concat(chunks);
    },
    discard() {
      body.destroy();
      response.destroy();
    },
  };
}
