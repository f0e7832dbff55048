import crypto from 'node:crypto';
import { API_KEY_MESSAGES, type ApiKey, type ApiKeyCreateBody, type ApiKeyCreated } from '@loa/contract';
import type { Db } from '../../infra/db';
import { badRequest, conflict, outOfScope, refusedRight } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { checkAccountArea, checkGrantedRights, isAdministrator } from '../accounts/accountRules';
import { toRightEntries } from '../accounts/accountView';
import { areaScope } from '../areas/areas.service';
import { writeSystemLog } from '../system-log/systemLog.service';
import { keyDisplayPrefix, newApiKey } from './apiKeyAuth';
import * as q from './apiKeys.queries';

const toApiKey = (row: q.ApiKeyRow): ApiKey => ({
  _id: row.id,
  ten: row.name,
  tiento: keyDisplayPrefix(row.id),
  quyenhan: toRightEntries(row.quyenhan),
  diaban: row.area_id ? { _id: row.area_id, tendiaban: row.area_name ?? '' } : null,
  gioihanphut: row.rate_per_minute,
  nguoitao: row.created_by_name ?? '',
  ngaytao: row.created_at.toISOString(),
  lansudungcuoi: row.last_used_at?.toISOString() ?? null,
  ipcuoi: row.last_used_ip,
  thuhoi: row.revoked_at !== null,
  ngaythuhoi: row.revoked_at?.toISOString() ?? null,
});

/** Keys (and the other integrations) are managed by administrators who manage accounts (a key is an account of sorts). */
export function requireKeyManager(session: Session): void {
  if (session.apiKey || !isAdministrator(session.user) || session.user.locked || !session.user.quyenhan.includes('quanlytaikhoan')) {
    throw refusedRight(API_KEY_MESSAGES.administratorsOnly, 'quanlytaikhoan');
  }
}

/** The area ids of the caller's scope, or null when it covers its whole administrator. */
async function scopeIds(db: Db, session: Session): Promise<string[] | null> {
  return session.user.area_id ? [...(await areaScope(db, session)).ids] : null;
}

/** The keys of the caller's administrator within its area scope, revoked ones too. */
export async function listApiKeys(db: Db, session: Session): Promise<ApiKey[]> {
  requireKeyManager(session);
  return (await q.listApiKeys(db, session.user.admin_id, await scopeIds(db, session))).map(toApiKey);
}

/**
 * Creates a named key with rights and an area, checked as for a new account: only rights the
 * caller holds, only an area in its scope. Answers the key's secret, which is never shown again.
 */
export async function createApiKey(db: Db, session: Session, body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  requireKeyManager(session);
  const quyenhan = checkGrantedRights(session, body.quyenhan);
  const areaId = await checkAccountArea(db, session, body.diaban);
  const adminId = session.user.admin_id;
  if (await q.liveKeyNamed(db, adminId, body.ten)) throw conflict(API_KEY_MESSAGES.nameTaken);
  const secret = newApiKey();
  try {
    await db.transaction(async (tx) => {
      await q.insertApiKey(tx, {
        id: secret.id, userId: crypto.randomUUID(), adminId, name: body.ten, secretHash: secret.hash,
        ratePerMinute: body.gioihanphut, createdBy: session.user.id, quyenhan, areaId,
      });
      await writeSystemLog(tx, session.actor, {
        action: 'tao-khoa-api', targetType: 'khoaapi', targetId: secret.id, targetName: body.ten, areaId,
        detail: { quyenhan, gioihanphut: body.gioihanphut },
      });
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw conflict(API_KEY_MESSAGES.nameTaken);
    throw error;
  }
  return { khoa: toApiKey((await q.findApiKey(db, secret.id))!), bimat: secret.key };
}

/** Revokes a key at once: its next call is refused. */
export async function revokeApiKey(db: Db, session: Session, id: string): Promise<ApiKey> {
  requireKeyManager(session);
  const row = await q.findApiKey(db, id);
  const scope = await scopeIds(db, session);
  if (!row || row.admin_id !== session.user.admin_id || (scope && !(row.area_id && scope.includes(row.area_id)))) {
    throw outOfScope(API_KEY_MESSAGES.unknown);
  }
  await db.transaction(async (tx) => {
    if (!(await q.revokeApiKey(tx, id, session.user.id))) throw badRequest(API_KEY_MESSAGES.alreadyRevoked);
    await writeSystemLog(tx, session.actor, { action: 'thu-hoi-khoa-api', targetType: 'khoaapi', targetId: id, targetName: row.name, areaId: row.area_id });
  });
  return toApiKey((await q.findApiKey(db, id))!);
}
