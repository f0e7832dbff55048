import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import { Agent, buildConnector, setGlobalDispatcher } from 'undici';

// TLS to the server for a box whose clock is wrong (issue #31, docs/device-protocol.md "A box whose
// clock is wrong"). A box without a battery-backed clock, or one whose clock was reset, may start
// years off; every certificate then looks expired or not yet valid, and the box could neither enrol
// nor connect to learn the time. Its connections are therefore checked as usual, and only when the
// one fault is the certificate's dates is the chain checked again against the *server's* time: read
// from the server's Date header over a connection whose chain and name are already checked, and
// believed only if it is not before this agent was built (so a certificate that expired before then
// is refused whatever a server says). The rest of the check (a trusted chain, the server's name, the
// same certificate) is never relaxed. Nothing is sent on a connection before it has passed.

/** The earliest the time can be: when this agent was built (set by the package build), else when this code was written. */
declare const LOA_BUILT_AT: number | undefined;
export const EARLIEST_TIME = typeof LOA_BUILT_AT === 'number' ? LOA_BUILT_AT : Date.parse('2026-11-29T00:00:00Z');

const DATE_FAULTS = new Set(['CERT_NOT_YET_VALID', 'CERT_HAS_EXPIRED']);

/** The server's time less this box's, learnt from a Date header or the clock sync (null: not known). */
let serverOffsetMs: number | null = null;

/** The server's time as best known: this box's clock corrected by what was learnt, or null. */
export function serverNow(): number | null {
  return serverOffsetMs === null ? null : Date.now() + serverOffsetMs;
}

/** Notes the server's time (a clock-sync estimate or a checked Date header); a time before EARLIEST_TIME is not believed. */
export function noteServerTime(serverMs: number, localMs = Date.now()): boolean {
  if (!Number.isFinite(serverMs) || serverMs < EARLIEST_TIME) return false;
  serverOffsetMs = serverMs - localMs;
  return true;
}

/** Forgets what was learnt (tests). */
export function forgetServerTime(): void {
  serverOffsetMs = null;
}

/** A refused connection, with what was wrong in both languages. */
export class ServerTlsError extends Error {
  override name = 'ServerTlsError';
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

/** The certificates of a PEM file, none when it is not there. */
function readPems(file: string | undefined): string[] {
  if (!file) return [];
  try {
    return splitPem(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}

/**
 * The certificates trusted besides Node's: NODE_EXTRA_CA_CERTS, the system's bundle (Debian's
 * Node.js trusts it) and a deployment's own CA (its `ca` setting). Read once per process.
 */
function roots(): X509Certificate[] {
  rootCache ??= [...tls.rootCertificates, ...readPems(process.env.NODE_EXTRA_CA_CERTS), ...readPems('/etc/ssl/certs/ca-certificates.crt')].flatMap((pem) => {
    try {
      return [new X509Certificate(pem)];
    } catch {
      return [];
    }
  });
  return rootCache;
}
let rootCache: X509Certificate[] | null = null;

const splitPem = (text: string) => text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

/** A deployment's own CA (trustCertificates): its PEMs, parsed once, and the `ca` of a connection made with them. */
let extraPems: string[] = [];
let extraRoots: X509Certificate[] = [];
let caCache: string[] | undefined;

/** Trusts these certificates too (a deployment's own CA, PEM), besides Node's and NODE_EXTRA_CA_CERTS. */
export function trustCertificates(pem: string): void {
  const added = splitPem(pem);
  extraPems = [...extraPems, ...added];
  extraRoots = [...extraRoots, ...added.map((p) => new X509Certificate(p))];
  caCache = undefined;
}

/** The `ca` of a connection: Node's default unless certificates were added (then those with Node's and the extra file's). */
function caOption(): string[] | undefined {
  if (extraPems.length === 0) return undefined;
  caCache ??= [...tls.rootCertificates, ...readPems(process.env.NODE_EXTRA_CA_CERTS), ...extraPems];
  return caCache;
}

/** The chain the server sent, leaf first. */
function chainOf(socket: tls.TLSSocket): X509Certificate[] {
  const chain: X509Certificate[] = [];
  let cert = socket.getPeerCertificate(true) as tls.DetailedPeerCertificate | undefined;
  const seen = new Set<string>();
  while (cert?.raw && !seen.has(cert.fingerprint256) && chain.length < 10) {
    seen.add(cert.fingerprint256);
    chain.push(new X509Certificate(cert.raw));
    cert = cert.issuerCertificate;
  }
  return chain;
}

const validAt = (cert: X509Certificate, at: number) => Date.parse(cert.validFrom) <= at && at <= Date.parse(cert.validTo);
const issued = (cert: X509Certificate, by: X509Certificate) => cert.checkIssued(by) && cert.verify(by.publicKey);

/**
 * Whether `chain` leads from a certificate for `host` to a trusted one, every certificate valid at
 * `at` (null: dates not checked); the fault in words, or null.
 */
export function chainFault(chain: X509Certificate[], host: string, at: number | null, trusted = [...roots(), ...extraRoots]): string | null {
  const leaf = chain[0];
  if (!leaf) return 'máy chủ không gửi chứng chỉ / the server sent no certificate';
  const named = net.isIP(host) ? leaf.checkIP(host) : leaf.checkHost(host);
  if (!named) return `chứng chỉ không dành cho ${host} / the certificate is not for ${host}`;
  let cert = leaf;
  for (let depth = 0; depth < 10; depth += 1) {
    if (at !== null && !validAt(cert, at)) return `chứng chỉ ${cert.subject.replace(/\n/g, ', ')} hết hạn hoặc chưa có hiệu lực theo giờ máy chủ / not valid at the server's time`;
    const root = trusted.find((r) => issued(cert, r));
    if (root) return at !== null && !validAt(root, at) ? 'chứng chỉ gốc hết hạn theo giờ máy chủ / the root certificate is not valid at the server\'s time' : null;
    const next = chain.find((c) => c !== cert && c.ca && issued(cert, c));
    if (!next) return 'chứng chỉ không do nơi tin cậy cấp / the certificate is not issued by a trusted authority';
    cert = next;
  }
  return 'chuỗi chứng chỉ quá dài / the certificate chain is too long';
}

interface Target {
  host: string;
  port: number;
  servername?: string;
  ca?: string | Buffer | (string | Buffer)[];
}

const handshake = (target: Target) => new Promise<tls.TLSSocket>((resolve, reject) => {
  const socket = tls.connect({ host: target.host, port: target.port, servername: target.servername ?? (net.isIP(target.host) ? undefined : target.host), ca: target.ca ?? caOption(), rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
  socket.once('secureConnect', () => {
    socket.removeListener('error', reject);
    resolve(socket);
  });
  socket.once('error', reject);
});

/** The server's Date header, read over a connection whose chain and name (not dates) are checked and whose certificate is `leaf`. */
async function probeDate(target: Target, leaf: X509Certificate): Promise<number> {
  const socket = await handshake(target);
  try {
    const chain = chainOf(socket);
    if (chain[0]?.fingerprint256 !== leaf.fingerprint256) throw new ServerTlsError('máy chủ đổi chứng chỉ giữa hai lần nối / the server changed its certificate', 'CERT_CHANGED');
    const answer = await new Promise<string>((resolve, reject) => {
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\r\n\r\n') || text.length > 16_384) resolve(text);
      });
      socket.once('end', () => resolve(text));
      socket.once('error', reject);
      socket.setTimeout(10_000, () => reject(new ServerTlsError('máy chủ không trả lời giờ / the server did not tell its time', 'NO_DATE')));
      socket.write(`HEAD /v1/health HTTP/1.1\r\nHost: ${target.servername ?? target.host}\r\nConnection: close\r\n\r\n`);
    });
    const date = /\r\ndate:\s*([^\r\n]+)/i.exec(answer)?.[1];
    const at = date ? Date.parse(date) : Number.NaN;
    if (!Number.isFinite(at)) throw new ServerTlsError('máy chủ không cho biết giờ (Date) / the server sent no Date', 'NO_DATE');
    return at;
  } finally {
    socket.destroy();
  }
}

/**
 * Opens a TLS connection to the server and hands it over only once it is trusted: as Node checks it,
 * or, when its one fault is the certificate's dates, at the server's time (learnt once, above).
 */
export async function connectTrusted(target: Target): Promise<tls.TLSSocket> {
  const socket = await handshake(target);
  try {
    if (socket.authorized) return socket;
    const fault = String(socket.authorizationError ?? '');
    if (!DATE_FAULTS.has(fault)) throw new ServerTlsError(`chứng chỉ máy chủ không hợp lệ / the server's certificate is refused: ${fault}`, fault);
    const chain = chainOf(socket);
    const trusted = target.ca ? [...roots(), ...extraRoots, ...[target.ca].flat().flatMap((c) => splitPem(String(c)).map((p) => new X509Certificate(p)))] : undefined;
    const undated = chainFault(chain, target.servername ?? target.host, null, trusted);
    if (undated) throw new ServerTlsError(`chứng chỉ máy chủ không hợp lệ / the server's certificate is refused: ${undated}`, fault);
    let now = serverNow();
    if (now === null || !validAt(chain[0], now)) {
      const told = await probeDate(target, chain[0]);
      if (!noteServerTime(told)) throw new ServerTlsError(`giờ máy chủ (${new Date(told).toISOString()}) sớm hơn ngày làm ra phần mềm này / the server's time is before this agent was built`, fault);
      now = serverNow()!;
    }
    const dated = chainFault(chain, target.servername ?? target.host, now, trusted);
    if (dated) throw new ServerTlsError(`chứng chỉ máy chủ không hợp lệ / the server's certificate is refused: ${dated}`, fault);
    return socket;
  } catch (error) {
    socket.destroy();
    throw error;
  }
}

type ConnectCallback = (error: Error | null, socket: Duplex) => void;

/** `createConnection` for node:http(s) and ws (which take an asynchronous one): TLS as above. */
export function createTrustedConnection(options: { host?: string | null; hostname?: string | null; port?: number | string | null; servername?: string; ca?: Target['ca'] }, callback: ConnectCallback): undefined {
  connectTrusted({ host: String(options.hostname ?? options.host ?? 'localhost').replace(/^\[|\]$/g, ''), port: Number(options.port ?? 443), servername: options.servername || undefined, ca: options.ca })
    .then((socket) => callback(null, socket), (error: Error) => callback(error, undefined as unknown as Duplex));
  return undefined;
}

/** An https agent whose connections are made as above (live input read by node:https). */
export const trustedHttpsAgent = new (class extends https.Agent {
  override createConnection(options: https.RequestOptions, callback?: ConnectCallback): undefined {
    return createTrustedConnection(options as Parameters<typeof createTrustedConnection>[0], callback ?? (() => undefined));
  }
})({ keepAlive: false });

/** Makes `fetch` in this process connect to https servers as above (plain http as always). */
export function installTrustedFetch(): void {
  const plain = buildConnector({});
  setGlobalDispatcher(new Agent({
    connect: (opts, callback) => {
      const port = Number(opts.port || (opts.protocol === 'https:' ? 443 : 80));
      if (opts.protocol !== 'https:') return plain(opts, callback);
      connectTrusted({ host: opts.hostname.replace(/^\[|\]$/g, ''), port, servername: opts.servername ?? undefined })
        .then((socket) => callback(null, socket), (error: Error) => callback(error, null));
    },
  }));
}
