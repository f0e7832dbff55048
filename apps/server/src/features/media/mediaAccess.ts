import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PlayItem } from '@loa/contract';
import type { TokenSigner } from '../auth/tokens';
import { assertMediaKey, keyOfMediaPath, servedAtMedia } from '../../infra/storage';
import { writeSystemLog } from '../system-log/systemLog.service';
import type { SpeakerTarget } from '../../gateway/deviceReach';
import type { CheckLesson } from './mediaCheckMirror';

/** The purpose of a media address's token: never taken for an access token or an upload address. */
const MEDIA_TOKEN_PURPOSE = 'media';
/** A play command's addresses stay good this long after its run's planned end (a late joiner, a slow link). */
const TOKEN_GRACE_MS = 3600_000;

/** What a refused audio request is told (a speaker logs it; nobody else sees it). */
export const MEDIA_MESSAGES = {
  forged: 'Địa chỉ tệp âm thanh không hợp lệ (sai chữ ký)!',
  expired: 'Địa chỉ tệp âm thanh đã hết hạn!',
  otherArea: 'Tệp âm thanh này không thuộc bản tin phát tới loa này!',
  tooMany: 'Quá nhiều kết nối tải âm thanh cùng lúc từ loa hoặc địa chỉ này, hãy thử lại sau!',
} as const;
export type MediaRefusal = Exclude<keyof typeof MEDIA_MESSAGES, 'tooMany'>;

/** How many audio responses one device, or one address without a device, may have open at once (MEDIA_MAX_PER_*). */
export interface MediaLimits {
  perDevice: number;
  perIp: number;
  /** A response that could send nothing for this long (a reader that stalled) is cut. */
  idleMs: number;
}

/**
 * A play item's address as a speaker gets it: a stored file (`/media/<key>`) carries a signed token
 * (`?t=`) naming the key, the session and an expiry; relays and live voice (signed on its own) as
 * they are. The token is what a speaker shows; with the device's proof (`d`, `p`) the server also
 * checks that the session reaches that speaker (docs/device-protocol.md "Audio addresses").
 */
export function signedItems(signer: TokenSigner, items: readonly PlayItem[], sessionId: string, runEndMs: number): PlayItem[] {
  const e = Math.ceil((runEndMs + TOKEN_GRACE_MS) / 1000);
  return items.map((item) => {
    const key = item.kind === 'live' ? null : keyOfMediaPath(item.url);
    return key ? { ...item, url: `${item.url}?t=${signer.signPayload({ k: key, s: sessionId, e }, MEDIA_TOKEN_PURPOSE)}` } : item;
  });
}

/** What the checks need of the server. */
export interface MediaAccessDeps {
  signer: Pick<TokenSigner, 'verifyPayload'>;
  gateway: { verifyProof(deviceId: string, text: string, proof: string): boolean; adminOf(deviceId: string): string | undefined };
  /** Whether a running session reaches a device: null when this server does not know the session. */
  sessionReaches(sessionId: string, deviceId: string): boolean | null;
  /** Whether a file is in the plan last published to a device. */
  inPlan(deviceId: string, key: string): boolean;
}

/**
 * Checks an audio request: a token must be this key's, unforged and unexpired; a device that proves
 * who it is may only fetch what a session reaching it plays, or what its plan holds. A request
 * with neither is a plain one (the console's players, the province's copies): served as before.
 */
export function checkMediaRequest(deps: MediaAccessDeps, key: string, query: { t?: string; d?: string; p?: string }, now = Date.now()): { refusal: MediaRefusal; deviceId?: string; sessionId?: string } | null {
  const { t, d, p } = query;
  if (d !== undefined && !(p && deps.gateway.verifyProof(d, t ?? key, p))) return { refusal: 'forged', deviceId: d };
  if (t !== undefined) {
    const claims = deps.signer.verifyPayload(t, MEDIA_TOKEN_PURPOSE);
    if (!claims || claims.k !== key || typeof claims.s !== 'string' || typeof claims.e !== 'number') return { refusal: 'forged', deviceId: d };
    if (claims.e * 1000 < now) return { refusal: 'expired', deviceId: d, sessionId: claims.s };
    if (d !== undefined && deps.sessionReaches(claims.s, d) === false) return { refusal: 'otherArea', deviceId: d, sessionId: claims.s };
    return null;
  }
  if (d !== undefined && !deps.inPlan(d, key)) return { refusal: 'otherArea', deviceId: d };
  return null;
}

/** Media tokens remembered once verified: about the sessions and files of the last hour's bulletins. */
const TOKENS_REMEMBERED = 1000;

/**
 * A signer that remembers the media tokens it has verified (only those that held): every speaker
 * of a session shows the same token for a file, so a district's ten thousand requests cost one
 * HMAC of it, not ten thousand (issue #29). The exact token is the key, so a changed one is checked
 * anew; its expiry is still compared with the clock on every request.
 */
export function rememberingSigner(signer: Pick<TokenSigner, 'verifyPayload'>, size = TOKENS_REMEMBERED): Pick<TokenSigner, 'verifyPayload'> {
  const known = new Map<string, Record<string, unknown>>();
  return {
    verifyPayload(token, purpose = 'access') {
      if (!token) return null;
      const id = `${purpose}\0${token}`;
      const hit = known.get(id);
      if (hit) return hit;
      const claims = signer.verifyPayload(token, purpose);
      if (claims) {
        if (known.size >= size) known.delete(known.keys().next().value!);
        known.set(id, claims);
      }
      return claims;
    },
  };
}

/**
 * What the caching tier's check thread is taught with a check it had to ask (mediaCheckMirror.ts):
 * the claims of a token that holds, and the reach of the session it names when this server knows
 * that session. Null for a token that does not hold.
 */
export function mediaLessons(signer: Pick<TokenSigner, 'verifyPayload'>, sessionTarget: (sessionId: string) => SpeakerTarget | null): (token: string) => CheckLesson | null {
  const verified = rememberingSigner(signer);
  return (token) => {
    const claims = verified.verifyPayload(token, MEDIA_TOKEN_PURPOSE);
    if (!claims || typeof claims.k !== 'string' || typeof claims.s !== 'string' || typeof claims.e !== 'number') return null;
    const target = sessionTarget(claims.s);
    return { token: [token, { k: claims.k, s: claims.s, e: claims.e }], ...(target ? { session: [claims.s, target] } : {}) };
  };
}

/** Refused requests written to the system log: once a minute per address, device and reason, so a flood cannot fill it. */
const LOG_EVERY_MS = 60_000;

/** The address parts of an audio request a check reads (each at most 4,000 characters; one given twice counts as absent). */
export interface MediaQuery {
  t?: string;
  d?: string;
  p?: string;
}

/** Checks an audio request from `ip` and answers its refusal, if any, once it is logged. */
export type MediaChecker = (key: string, query: MediaQuery, ip: string, log: FastifyBaseLogger) => Promise<MediaRefusal | null>;

/**
 * The checks of an audio request (checkMediaRequest, with verified tokens remembered), a refusal
 * written to the server log and (at most once a minute per source and reason) to the system log as
 * `tu-choi-tep-am-thanh`. Shared by /media, the caching tier's check route and its own listener.
 */
export function mediaChecker(app: FastifyInstance, deps: MediaAccessDeps): MediaChecker {
  const lastLogged = new Map<string, number>();
  const checks = { ...deps, signer: rememberingSigner(deps.signer) };
  return async (key, query, ip, log) => {
    const refused = checkMediaRequest(checks, key, query);
    if (!refused) return null;
    const { refusal, deviceId, sessionId } = refused;
    log.warn({ key, refusal, deviceId, sessionId, ip }, 'audio request refused');
    const tag = `${ip}|${deviceId ?? ''}|${refusal}`;
    const now = Date.now();
    if ((lastLogged.get(tag) ?? 0) + LOG_EVERY_MS <= now) {
      lastLogged.set(tag, now);
      if (lastLogged.size > 10_000) for (const [k, at] of lastLogged) if (at + LOG_EVERY_MS <= now) lastLogged.delete(k);
      const known = deviceId !== undefined && deps.gateway.adminOf(deviceId) !== undefined;
      await writeSystemLog(app.db, { userId: null, tentaikhoan: null, adminId: known ? deps.gateway.adminOf(deviceId!)! : null, ip }, {
        action: 'tu-choi-tep-am-thanh', outcome: 'denied',
        ...(known ? { targetType: 'thietbi', targetId: deviceId } : {}),
        detail: { tep: key.slice(0, 300), lydo: MEDIA_MESSAGES[refusal], ...(sessionId ? { phien: sessionId } : {}), ...(deviceId && !known ? { thietbi: deviceId.slice(0, 100) } : {}) },
      }).catch((error: unknown) => log.error({ err: error }, 'could not write a refused audio request to the system log'));
    }
    return refusal;
  };
}

/** A query value as the checks take it: a string (cut to 4,000 characters), else absent (a name given twice arrives as an array). */
export const queryString = (v: unknown) => (typeof v === 'string' ? v.slice(0, 4000) : undefined);

/**
 * The onRequest check of `/media/<key>` (disk and S3 alike): a refused request is answered 403 with
 * its reason (logged by the checker). `checkOnly`: a caching tier's check (no response to count
 * against the limits: it is answered at once, and every speaker's comes from the tier's address).
 */
export function mediaGuard(check: MediaChecker, limits: MediaLimits): (request: FastifyRequest, reply: FastifyReply, key: string, checkOnly?: boolean) => Promise<boolean> {
  const open = new Map<string, number>();
  const timed = new WeakSet<object>();
  return async (request, reply, key, checkOnly = false) => {
    const query = request.query as { t?: unknown; d?: unknown; p?: unknown };
    const d = queryString(query.d);
    const refusal = await check(key, { t: queryString(query.t), d, p: queryString(query.p) }, request.ip, request.log);
    if (refusal) {
      await reply.code(403).send({ message: MEDIA_MESSAGES[refusal] });
      return false;
    }
    if (checkOnly) return true;
    // A speaker that proved who it is counts per device (many share an address behind a carrier's
    // NAT); anything else per address. Over the limit: 429, and the others are not starved.
    const who = d !== undefined ? `d:${d}` : `ip:${request.ip}`;
    const limit = d !== undefined ? limits.perDevice : limits.perIp;
    const now = open.get(who) ?? 0;
    if (limit > 0 && now >= limit) {
      request.log.warn({ key, who, open: now }, 'audio request refused: too many at once');
      await reply.code(429).header('retry-after', '5').send({ message: MEDIA_MESSAGES.tooMany });
      return false;
    }
    open.set(who, now + 1);
    reply.raw.once('close', () => {
      const left = (open.get(who) ?? 1) - 1;
      if (left <= 0) open.delete(who);
      else open.set(who, left);
    });
    // A reader that stops reading holds its socket only this long once nothing more can be sent
    // (set once per connection: a kept-alive one carries several requests).
    const socket = request.raw.socket;
    if (!timed.has(socket)) {
      timed.add(socket);
      socket.setTimeout(limits.idleMs, () => socket.destroy());
    }
    return true;
  };
}

/**
 * The key a /media request names, if it is one served there: well formed (never the hidden
 * temporary file of an unfinished upload) and not a speaker's package (those go to boxes with their
 * credentials only, /v1/thietbi/capnhat/goi/:id).
 */
export function servedKey(requested: string, decode = false): string | null {
  try {
    const key = assertMediaKey(decode ? decodeURIComponent(requested) : requested);
    return servedAtMedia(key) ? key : null;
  } catch {
    return null;
  }
}
