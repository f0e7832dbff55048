import crypto from 'node:crypto';
import {
  LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES, MSG,
  type LoginBody, type LoginDevice, type User,
} from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DomainBus } from '../../infra/events';
import { AppError, notFound, unauthorized } from '../../infra/errors';
import { findUserById, findUserByLoginName, type UserRow } from '../accounts/accounts.queries';
import { listAreasInScope } from '../areas/areas.queries';
import { buildUserView, toLoginDevice } from '../accounts/userView';
import { writeSystemLog, type Actor } from '../system-log/systemLog.service';
import * as q from './auth.queries';
import { DUMMY_HASH, verifyPassword } from './password';
import { newRefreshToken, parseRefreshToken, constantTimeEqual, type TokenSigner } from './tokens';
import { deviceNameFromUserAgent } from './userAgent';

export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
  bus: DomainBus;
  accessTtl: number;
  refreshTtl: number;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

/** An authenticated request: the account, its login device and the actor for the system log. */
export interface Session {
  user: UserRow;
  deviceId: string;
  actor: Actor;
  /** Set when an API key made the call (the key's own account row is `user`). */
  apiKey?: { id: string; name: string };
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken?: string;
}

const anonymous = (ip: string, loginName: string | null = null): Actor => ({ userId: null, tentaikhoan: loginName, adminId: null, ip });
export const actorOf = (user: UserRow, ip: string): Actor => ({ userId: user.id, tentaikhoan: user.tentaikhoan, adminId: user.admin_id, ip });

function accessToken(deps: AuthDeps, userId: string, deviceId: string): string {
  return deps.signer.sign({ u: userId, d: deviceId, e: Math.floor(Date.now() / 1000) + deps.accessTtl });
}

/**
 * Failed sign-ins from unknown browsers, from every address together, that lock a login name for
 * those browsers (a browser the owner signed in from before keeps its own count).
 */
export const LOGIN_MAX_FAILURES_PER_NAME = 4 * LOGIN_MAX_FAILURES;

/** The throttle row of one login name from one address or known login device. */
const throttleKey = (loginName: string, from: string) => `${loginName}#${from}`;

/** Both counts must allow the check; either may start a lock. */
const combine = (own: { allowed: boolean; locking: boolean }, wide: { allowed: boolean; locking: boolean } | null) => ({
  allowed: own.allowed && (wide?.allowed ?? true),
  locking: own.locking || (wide?.locking ?? false),
});

/** Signs a user in: throttling, password check, a login-device entry, tokens and the system log. */
export async function login(deps: AuthDeps, body: LoginBody, client: ClientInfo): Promise<{ user: User } & Required<IssuedTokens>> {
  const { db } = deps;
  const loginName = body.tentaikhoan.trim().toLowerCase();
  const user = await findUserByLoginName(db, body.tentaikhoan.trim());
  // Failed sign-ins are entries of the account's administrator (so they show in its log);
  // a name that matches no account has no administrator to show them to.
  const attempter: Actor = { ...anonymous(client.ip, body.tentaikhoan), adminId: user?.admin_id ?? null };
  const about = user ? { targetType: 'taikhoan', targetId: user.id, targetName: user.tentaikhoan, areaId: user.area_id } : {};
  // The browser's own login device, when it has signed in to this account before.
  const known = body.DeviceID && user ? await q.findLoginDevice(db, body.DeviceID) : null;
  const knownDevice = known && user && known.user_id === user.id ? known : null;
  // Counted before the check: a burst of concurrent guesses gets at most LOGIN_MAX_FAILURES checks.
  // Counted per login name AND address (or known device), so a stranger guessing cannot lock the
  // owner out (issue #27); guesses from many addresses together also meet a wider per-name limit,
  // which a browser the owner signed in from before is not held by.
  const own = throttleKey(loginName, knownDevice ? `thietbi:${knownDevice.id}` : `ip:${client.ip}`);
  const wide = throttleKey(loginName, '*');
  const attempt = combine(
    await q.reserveLoginAttempt(db, own, LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES, LOGIN_LOCK_SECONDS),
    knownDevice ? null : await q.reserveLoginAttempt(db, wide, LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_MAX_FAILURES_PER_NAME, LOGIN_LOCK_SECONDS),
  );
  if (!attempt.allowed) {
    await writeSystemLog(db, attempter, { action: 'tam-khoa-dang-nhap', outcome: 'denied', ...about, detail: { lydo: 'dang-tam-khoa' } });
    throw new AppError(429, MSG.tooManyLoginFailures);
  }
  const passwordOk = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !passwordOk) {
    await writeSystemLog(db, attempter, attempt.locking
      ? { action: 'tam-khoa-dang-nhap', outcome: 'denied', ...about, detail: { lydo: 'sai-qua-nhieu-lan', phut: LOGIN_LOCK_SECONDS / 60 } }
      : { action: 'dang-nhap-that-bai', outcome: 'failed', ...about, detail: { lydo: user ? 'sai-mat-khau' : 'khong-co-tai-khoan' } });
    throw new AppError(attempt.locking ? 429 : 400, attempt.locking ? MSG.tooManyLoginFailures : MSG.wrongCredentials);
  }
  if (user.locked) {
    await writeSystemLog(db, actorOf(user, client.ip), { action: 'dang-nhap-that-bai', outcome: 'denied', detail: { lydo: 'tai-khoan-bi-khoa' } });
    throw new AppError(403, MSG.accountLocked);
  }
  await q.clearLoginFailures(db, [own, wide]);

  const device = {
    name: deviceNameFromUserAgent(client.userAgent),
    place: body.DiaDiem?.trim() || 'Không xác định',
    ip: client.ip,
    ttlSeconds: deps.refreshTtl,
  };
  // The same browser signing in again keeps its entry; anything else gets a new one.
  const deviceId = knownDevice ? knownDevice.id : crypto.randomUUID();
  const refresh = newRefreshToken(deviceId);
  await db.transaction(async (tx) => {
    if (knownDevice) await q.reviveLoginDevice(tx, { id: deviceId, refreshHash: refresh.hash, ...device });
    else await q.insertLoginDevice(tx, { id: deviceId, userId: user.id, refreshHash: refresh.hash, ...device });
    await writeSystemLog(tx, actorOf(user, client.ip), { action: 'dang-nhap', targetType: 'thietbidangnhap', targetId: deviceId, targetName: device.name });
  });
  return {
    user: await buildUserView(db, user, deviceId),
    accessToken: accessToken(deps, user.id, deviceId),
    refreshToken: refresh.token,
  };
}

/**
 * A 401 for a login that is gone, saying why in `lydo` (the console shows that reason on /login):
 * signed out from another device (the login still holds the id of one that was signed out: its own
 * sign-out clears the cookies), or expired. The HTTP answer and the socket event then agree,
 * whichever reaches the console first.
 */
function loginGone(device: { status: string } | null, message: string = MSG.sessionExpired) {
  return unauthorized(message, 'no', device?.status === 'logout' ? 'thietbikhac' : 'hethan');
}

/** Finds the live login behind a refresh token, or null when it was signed out, expired or forged. */
async function liveLoginFromRefresh(deps: AuthDeps, refreshToken: string | undefined) {
  const parsed = parseRefreshToken(refreshToken);
  if (!parsed) return null;
  const device = await q.findLoginDevice(deps.db, parsed.deviceId);
  if (!device || device.status !== 'login' || device.expires_at.getTime() < Date.now()) return null;
  if (!device.refresh_hash || !constantTimeEqual(device.refresh_hash, parsed.hash)) return null;
  return device;
}

/**
 * Authenticates a request from its cookies. An expired access token with a live refresh token
 * answers 401 auto "yes"; a login that is gone answers 401 auto "no".
 */
export async function authenticate(deps: AuthDeps, tokens: { access?: string; refresh?: string }, client: ClientInfo): Promise<Session> {
  const claims = deps.signer.verify(tokens.access);
  if (!claims || claims.e * 1000 < Date.now()) {
    const live = await liveLoginFromRefresh(deps, tokens.refresh);
    if (live) throw unauthorized(MSG.sessionExpired, 'yes');
    const refreshId = parseRefreshToken(tokens.refresh)?.deviceId;
    throw loginGone(refreshId ? await q.findLoginDevice(deps.db, refreshId) : null, MSG.loginRequired);
  }
  const device = await q.findLoginDevice(deps.db, claims.d);
  const user = await findUserById(deps.db, claims.u);
  // A lock signs every login out too: the lock is the reason to tell.
  if (user?.locked) throw unauthorized(MSG.accountLocked, 'no', 'khoa');
  if (!user || !device || device.user_id !== claims.u || device.status !== 'login' || device.expires_at.getTime() < Date.now()) {
    throw loginGone(device);
  }
  await q.touchLoginDevice(deps.db, device.id, client.ip, deps.refreshTtl);
  return { user, deviceId: device.id, actor: actorOf(user, client.ip) };
}

/** Authenticates a socket: a valid access token, or else a live refresh token (the login itself). */
export async function authenticateSocket(deps: AuthDeps, tokens: { access?: string; refresh?: string }): Promise<{ userId: string; deviceId: string; areaIds: string[] } | null> {
  let who: { userId: string; deviceId: string } | null = null;
  const claims = deps.signer.verify(tokens.access);
  if (claims && claims.e * 1000 >= Date.now()) {
    const device = await q.findLoginDevice(deps.db, claims.d);
    if (device && device.status === 'login' && device.user_id === claims.u) who = { userId: claims.u, deviceId: claims.d };
  }
  if (!who) {
    const live = await liveLoginFromRefresh(deps, tokens.refresh);
    if (live) who = { userId: live.user_id, deviceId: live.id };
  }
  const areaIds = who && (await socketAreaIds(deps.db, who.userId));
  if (!who || !areaIds) return null;
  return { ...who, areaIds };
}

/** The areas whose live events a user's consoles hear (the user's scope), or null for a locked or removed user. */
export async function socketAreaIds(db: Db, userId: string): Promise<string[] | null> {
  const user = await findUserById(db, userId);
  if (!user || user.locked) return null;
  return (await listAreasInScope(db, user.admin_id, user.area_id)).map((a) => a.id);
}

/** Renews the access token from the refresh token (GET /v1/client/login/token). */
export async function refreshAccess(deps: AuthDeps, refreshToken: string | undefined, client: ClientInfo): Promise<IssuedTokens> {
  const device = await liveLoginFromRefresh(deps, refreshToken);
  if (!device) {
    const id = parseRefreshToken(refreshToken)?.deviceId;
    throw loginGone(id ? await q.findLoginDevice(deps.db, id) : null);
  }
  const user = await findUserById(deps.db, device.user_id);
  if (!user || user.locked) throw unauthorized(MSG.sessionExpired, 'no');
  await q.touchLoginDevice(deps.db, device.id, client.ip, deps.refreshTtl);
  return { accessToken: accessToken(deps, user.id, device.id) };
}

/** Signs the current login out: the refresh token stops working at once. */
export async function logout(deps: AuthDeps, session: Session): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await q.setLoginDeviceLoggedOut(tx, session.deviceId);
    await writeSystemLog(tx, session.actor, { action: 'dang-xuat', targetType: 'thietbidangnhap', targetId: session.deviceId });
  });
  deps.bus.emit('user.signedOut', { userId: session.user.id, deviceId: session.deviceId });
}

/** Signs out another login device of the same account and answers the new device list. */
export async function signOutDevice(deps: AuthDeps, session: Session, deviceId: string): Promise<LoginDevice[]> {
  const device = await q.findLoginDevice(deps.db, deviceId);
  if (!device || device.user_id !== session.user.id) throw notFound(MSG.loginDeviceNotFound);
  if (device.status === 'login') {
    await deps.db.transaction(async (tx) => {
      await q.setLoginDeviceLoggedOut(tx, deviceId);
      await writeSystemLog(tx, session.actor, { action: 'dang-xuat-thiet-bi', targetType: 'thietbidangnhap', targetId: deviceId });
    });
    deps.bus.emit('login.revoked', { userId: session.user.id, deviceId });
  }
  return (await q.listLoginDevices(deps.db, session.user.id)).map(toLoginDevice);
}
