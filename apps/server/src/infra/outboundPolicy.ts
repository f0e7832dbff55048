import net from 'node:net';
import { isHttpUrl, OUTBOUND_MESSAGES } from '@loa/contract';

/**
 * Which addresses the server may connect to when it fetches a URL that a user or a remote party
 * chose (relay streams, webhooks, a speech provider's audio link): public unicast only, unless
 * the administrator allow-lists a host or network (OUTBOUND_ALLOW_HOSTS).
 */

export type OutboundFailure = 'scheme' | 'address' | 'dns' | 'connect' | 'timeout' | 'size' | 'redirect' | 'status';

const REASONS: Record<Exclude<OutboundFailure, 'status'>, string> = {
  scheme: OUTBOUND_MESSAGES.urlNotHttp,
  address: OUTBOUND_MESSAGES.addressRefused,
  dns: OUTBOUND_MESSAGES.hostNotFound,
  connect: OUTBOUND_MESSAGES.connectFailed,
  timeout: OUTBOUND_MESSAGES.timeout,
  size: OUTBOUND_MESSAGES.tooLarge,
  redirect: OUTBOUND_MESSAGES.redirect,
};

/** A refused or failed outbound request; its message is a Vietnamese sentence fit to show (never the remote body). */
export class OutboundError extends Error {
  constructor(readonly reason: OutboundFailure, message: string = reason === 'status' ? OUTBOUND_MESSAGES.connectFailed : REASONS[reason]) {
    super(message);
    this.name = 'OutboundError';
  }
}

type Family = 4 | 6;
interface Ip { family: Family; value: bigint }
interface Cidr { family: Family; base: bigint; bits: number }
const WIDTH: Record<Family, number> = { 4: 32, 6: 128 };

const v4Value = (text: string): bigint => text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);

function v6Value(text: string): bigint {
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let hex = text;
  if (dotted) {
    const v = v4Value(dotted[1]);
    hex = `${text.slice(0, -dotted[1].length)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const [head, tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** An IP address (IPv6 with or without brackets), or null for a name. */
export function parseIp(text: string): Ip | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const kind = net.isIP(bare);
  if (kind === 4) return { family: 4, value: v4Value(bare) };
  if (kind === 6) return { family: 6, value: v6Value(bare) };
  return null;
}

function parseCidr(text: string): Cidr | null {
  const [address, bitsText, extra] = text.split('/');
  const ip = parseIp(address);
  if (!ip || extra !== undefined) return null;
  const bits = bitsText === undefined ? WIDTH[ip.family] : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : -1;
  if (bits < 0 || bits > WIDTH[ip.family]) return null;
  return { family: ip.family, base: ip.value, bits };
}

function inCidr(cidr: Cidr, ip: Ip): boolean {
  if (cidr.family !== ip.family) return false;
  const shift = BigInt(WIDTH[cidr.family] - cidr.bits);
  return ip.value >> shift === cidr.base >> shift;
}

const cidrs = (list: string[]): Cidr[] => list.map((text) => parseCidr(text)!);

/** Not public unicast: loopback, private, link-local, CGNAT, multicast, reserved, documentation, unspecified… */
const SPECIAL = cidrs([
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24',
  '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
  // IPv6: unspecified, loopback and IPv4-compatible (::/96), IPv4-translated, local NAT64, discard, IETF
  // (Teredo among them), documentation, unique-local, link-local, site-local, multicast.
  '::/96', '::ffff:0:0:0/96', '64:ff9b:1::/48', '100::/64', '2001::/23', '2001:db8::/32', '3fff::/20', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8',
]);
const MAPPED = cidrs(['::ffff:0:0/96', '64:ff9b::/96']);
const SIX_TO_FOUR = parseCidr('2002::/16')!;

/** The IPv4 address an IPv6 one stands for (IPv4-mapped, NAT64, 6to4), so 127.0.0.1 cannot hide inside it. */
function embeddedV4(ip: Ip): Ip | null {
  if (ip.family !== 6) return null;
  if (MAPPED.some((c) => inCidr(c, ip))) return { family: 4, value: ip.value & 0xffffffffn };
  if (inCidr(SIX_TO_FOUR, ip)) return { family: 4, value: (ip.value >> 80n) & 0xffffffffn };
  return null;
}

function isSpecial(ip: Ip): boolean {
  const v4 = embeddedV4(ip);
  return (v4 !== null && isSpecial(v4)) || SPECIAL.some((c) => inCidr(c, ip));
}

const HOSTNAME = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.?$/i;
const bareName = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');

export interface AllowList {
  names: Set<string>;
  /** `*.lan` entries, kept as ".lan". */
  suffixes: string[];
  networks: Cidr[];
}

/**
 * Parses OUTBOUND_ALLOW_HOSTS: comma-separated host names (`radio.lan`, `*.lan`), addresses
 * (`127.0.0.1`, `::1`) and networks (`10.0.0.0/8`, `fd00::/8`). Throws on an entry it cannot read.
 */
export function parseAllowList(text: string): AllowList {
  const list: AllowList = { names: new Set(), suffixes: [], networks: [] };
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const network = parseCidr(entry);
    if (network) list.networks.push(network);
    else if (entry.startsWith('*.') && HOSTNAME.test(entry.slice(2))) list.suffixes.push(`.${bareName(entry.slice(2))}`);
    else if (!entry.includes('/') && HOSTNAME.test(entry)) list.names.add(bareName(entry));
    else throw new Error(`OUTBOUND_ALLOW_HOSTS: "${entry}" không phải tên máy, địa chỉ IP hay dải mạng (CIDR)`);
  }
  return list;
}

/** Names that always mean this machine, refused at input without asking DNS. */
const LOCAL_NAME = /(^|\.)localhost$/;

export class OutboundPolicy {
  constructor(private readonly allow: AllowList) {}

  /** The administrator allow-listed this host by name: whatever it resolves to is accepted. */
  nameAllowed(hostname: string): boolean {
    const name = bareName(hostname);
    return this.allow.names.has(name) || this.allow.suffixes.some((suffix) => name.endsWith(suffix));
  }

  /** An address the server may connect to: public unicast, or inside an allow-listed network. */
  addressAllowed(address: string): boolean {
    const ip = parseIp(address);
    if (!ip) return false;
    const v4 = embeddedV4(ip);
    if (this.allow.networks.some((n) => inCidr(n, ip) || (v4 !== null && inCidr(n, v4)))) return true;
    return !isSpecial(ip);
  }

  /**
   * The check at input and before every hop: an http(s) URL whose host is not a literal special
   * address nor a local name. Other names are checked on the addresses they resolve to, when connecting.
   */
  check(raw: string): URL {
    const url = isHttpUrl(raw) ? URL.parse(raw) : null;
    if (!url?.hostname) throw new OutboundError('scheme');
    if (this.nameAllowed(url.hostname)) return url;
    const ip = parseIp(url.hostname);
    if (ip ? !this.addressAllowed(url.hostname.replace(/^\[|\]$/g, '')) : LOCAL_NAME.test(bareName(url.hostname))) throw new OutboundError('address');
    return url;
  }
}
