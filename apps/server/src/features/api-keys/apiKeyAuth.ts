import crypto from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_PREFIX } from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, forbidden, unauthorized } from '../../infra/errors';
import { findUserById } from '../accounts/accounts.queries';
import type { Session } from '../auth/auth.service';
import { constantTimeEqual } from '../auth/tokens';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import * as q from './apiKeys.queries';

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9a-f]{16})_([A-Za-z0-9_-]{43})$`);

/** SHA-256 of the whole key: the secret is 256 random bits, so a fast hash is enough (no guessing). */
export const hashApiKey = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

/** A new key: `loa_<id>_<secret>`; the id finds the row, the hash of the whole key proves it. */
export function newApiKey(): { id: string; key: string; hash: string } {
  const id = crypto.randomBytes(8).toString('hex');
  const key = `${API_KEY_PREFIX}${id}_${crypto.randomBytes(32).toString('base64url')}`;
  return { id, key, hash: hashApiKey(key) };
}

/** The part of a key an administrator sees in the list (never enough to use it). */
export const keyDisplayPrefix = (id: string): string => `${API_KEY_PREFIX}${id}_…`;

/** How a key's calls are named in the system log. */
export const keyActorName = (name: string): string => `Khoá API: ${name}`;

/**
 * Routes a key may never call, whatever its rights: what belongs to a person's login (profile,
 * password, sign-outs) and the management of keys itself (a key never mints or revokes keys).
 */
export const ROUTES_NOT_FOR_KEYS = new Set([
  '/v1/client/logout', '/v1/client/logout/dang-xuat-thiet-bi',
  '/v1/client/nguoidung/thaydoithongtin', '/v1/client/nguoidung/thaydoimatkhau',
  '/v1/client/khoaapi/danhsach', '/v1/client/khoaapi/themmoi', '/v1/client/khoaapi/thuhoi',
  // A key may manage accounts (lock, rights) but never make a person's login or set its password:
  // a login made so would outlive the key's revocation (issue #27, docs/security.md "API keys").
  '/v1/client/taikhoan/themmoi', '/v1/client/taikhoan/datlaimatkhau', '/v1/client/loimoi/taomoi',
]);

export interface KeyCall {
  ip: string;
  /** The route the router matched (never the raw URL). */
  route: string | null;
  method: string;
}

async function refuse(db: Db, actor: Actor, call: KeyCall, reason: string, detail: Record<string, unknown> = {}): Promise<void> {
  await writeSystemLog(db, actor, {
    action: 'tu-choi-khoa-api', outcome: 'denied', detail: { lydo: reason, duongdan: call.route, phuongthuc: call.method, ...detail },
  });
}

/**
 * Authenticates a bearer key: a key of the right shape whose hash matches, not revoked, within
 * its rate limit, on a route keys may call. Answers a session like an account's (the key's own
 * account row: its rights, its area), so every route applies the same rights and scope. Every
 * refusal is in the system log (of the key's administrator when the key is known).
 */
export async function authenticateApiKey(db: Db, key: string, call: KeyCall): Promise<Session> {
  const match = KEY_PATTERN.exec(key);
  const row = match ? await q.findApiKey(db, match[1]) : null;
  if (!row || !constantTimeEqual(row.secret_hash, hashApiKey(key))) {
    await refuse(db, { userId: null, tentaikhoan: null, adminId: null, ip: call.ip }, call, match ? 'sai-khoa' : 'sai-dinh-dang');
    throw unauthorized(API_KEY_MESSAGES.invalid, 'no');
  }
  const actor: Actor = { userId: row.user_id, tentaikhoan: keyActorName(row.name), adminId: row.admin_id, ip: call.ip };
  if (row.revoked_at) {
    await refuse(db, actor, call, 'da-thu-hoi');
    throw unauthorized(API_KEY_MESSAGES.revoked, 'no');
  }
  if (call.route && ROUTES_NOT_FOR_KEYS.has(call.route)) {
    await refuse(db, actor, call, 'khong-danh-cho-khoa');
    throw forbidden(API_KEY_MESSAGES.notForKeys);
  }
  const count = await q.recordKeyUse(db, row.id, call.ip);
  if (count > row.rate_per_minute) {
    // One entry per window, not one per refused call.
    if (count === row.rate_per_minute + 1) await refuse(db, actor, call, 'vuot-gioi-han', { gioihanphut: row.rate_per_minute });
    throw new AppError(429, API_KEY_MESSAGES.tooManyRequests);
  }
  const user = await findUserById(db, row.user_id);
  if (!user) throw unauthorized(API_KEY_MESSAGES.invalid, 'no');
  return { user, deviceId: `khoa-api:${row.id}`, actor, apiKey: { id: row.id, name: row.name } };
}
