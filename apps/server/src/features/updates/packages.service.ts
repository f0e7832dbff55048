import crypto from 'node:crypto';
import { UPDATE_MESSAGES, type AgentPackage, type UpdatePackage } from '@loa/contract';
import type { Db } from '../../infra/db';
import { AppError, conflict, outOfScope } from '../../infra/errors';
import { PACKAGE_KEY_PREFIX, type MediaStorage } from '../../infra/storage';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';
import { signatureMatches, updatePublicKey } from '@loa/speaker';
import { DebRefusal, readAgentDeb, type DebControl } from './debPackage';

export interface UpdatesContext {
  db: Db;
  storage: MediaStorage;
  session: Session;
  /** LOA_UPDATE_PUBLIC_KEY */
  publicKey: string | undefined;
}

interface PackageRow {
  id: string;
  version: string;
  architecture: 'amd64' | 'arm64';
  size: string;
  sha256: string;
  signature: string;
  storage_key: string;
  uploaded_by: string;
  created_at: Date;
}

const PACKAGE_SELECT = 'SELECT id, version, architecture, size, sha256, signature, storage_key, uploaded_by, created_at FROM agent_packages';

/**
 * Updates reach boxes anywhere in the administrator's fleet: they are for accounts holding
 * quanlythietbi over every area (no area of their own).
 */
export function requireUpdateRights(session: Session): void {
  requireRight(session, 'quanlythietbi');
  if (session.user.area_id) throw outOfScope(UPDATE_MESSAGES.wholeScopeOnly, 403);
}

const toPackage = (row: PackageRow): AgentPackage => ({
  _id: row.id, phienban: row.version, kientruc: row.architecture, kichthuoc: Number(row.size), sha256: row.sha256, nguoitai: row.uploaded_by, ngaytao: row.created_at.toISOString(),
});

/** Where a box downloads a package (with its device credentials). */
export const packageUrl = (id: string): string => `/v1/thietbi/capnhat/goi/${id}`;

/**
 * Keeps an uploaded agent package: checked by content (a .deb of loa-speaker with a version and
 * an architecture) and by its detached Ed25519 signature against LOA_UPDATE_PUBLIC_KEY. A refusal
 * is written to the system log (outcome denied) and answered 400 in Vietnamese; nothing is stored.
 */
export async function uploadPackage(ctx: UpdatesContext, file: { name: string; data: Buffer } | null, signature: string | null): Promise<AgentPackage> {
  requireUpdateRights(ctx.session);
  const refuse = async (reason: string, message: string, status: 400 | 409 | 503 = 400): Promise<never> => {
    await writeSystemLog(ctx.db, ctx.session.actor, { action: 'tu-choi-goi-phan-mem', outcome: 'denied', targetType: 'goiphanmem', detail: { lydo: reason, tentep: file?.name ?? null } });
    throw new AppError(status, message);
  };
  if (!file || file.data.length === 0) return refuse('thieu-tep', UPDATE_MESSAGES.noFile);
  if (!signature?.trim()) return refuse('thieu-chu-ky', UPDATE_MESSAGES.noSignature);
  let key: crypto.KeyObject | null = null;
  try {
    if (ctx.publicKey) key = updatePublicKey(ctx.publicKey);
  } catch {
    key = null;
  }
  if (!key) return refuse('chua-co-khoa', UPDATE_MESSAGES.noPublicKey, 503);
  let control: DebControl;
  try {
    control = readAgentDeb(file.data);
  } catch (error) {
    if (error instanceof DebRefusal) return refuse(error.reason, error.message);
    throw error;
  }
  if (!signatureMatches(file.data, signature, key)) return refuse('sai-chu-ky', UPDATE_MESSAGES.badSignature);
  const adminId = ctx.session.user.admin_id;
  const [existing] = await ctx.db.query<{ id: string }>('SELECT id FROM agent_packages WHERE admin_id = $1 AND version = $2 AND architecture = $3', [adminId, control.version, control.architecture]);
  if (existing) return refuse('da-co', UPDATE_MESSAGES.duplicate, 409);
  const sha256 = crypto.createHash('sha256').update(file.data).digest('hex');
  const storageKey = `${PACKAGE_KEY_PREFIX}${sha256}`;
  await ctx.storage.put(storageKey, file.data);
  const id = crypto.randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO agent_packages (id, admin_id, version, architecture, size, sha256, signature, storage_key, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [id, adminId, control.version, control.architecture, file.data.length, sha256, signature.trim(), storageKey, ctx.session.user.tentaikhoan],
      );
      await writeSystemLog(tx, ctx.session.actor, {
        action: 'tai-goi-phan-mem', targetType: 'goiphanmem', targetId: id, targetName: `loa-speaker ${control.version} (${control.architecture})`,
        detail: { phienban: control.version, kientruc: control.architecture, sha256 },
      });
    });
  } catch (error) {
    // Two uploads of the same version raced: the other one is kept.
    if ((error as { code?: string }).code === '23505') throw conflict(UPDATE_MESSAGES.duplicate);
    throw error;
  }
  const [row] = await ctx.db.query<PackageRow>(`${PACKAGE_SELECT} WHERE id = $1`, [id]);
  return toPackage(row);
}

/** The administrator's packages, newest first. */
export async function listPackages(ctx: UpdatesContext): Promise<AgentPackage[]> {
  requireUpdateRights(ctx.session);
  const rows = await ctx.db.query<PackageRow>(`${PACKAGE_SELECT} WHERE admin_id = $1 ORDER BY created_at DESC, id`, [ctx.session.user.admin_id]);
  return rows.map(toPackage);
}

/** A version's packages as an update command carries them (one per architecture held). */
export async function commandPackages(db: Db, adminId: string, version: string): Promise<UpdatePackage[]> {
  const rows = await db.query<PackageRow>(`${PACKAGE_SELECT} WHERE admin_id = $1 AND version = $2 ORDER BY architecture`, [adminId, version]);
  return rows.map((r) => ({ architecture: r.architecture, url: packageUrl(r.id), size: Number(r.size), sha256: r.sha256, signature: r.signature }));
}

/** The stored key of a package a box may download: one of its own administrator's. */
export async function packageForDevice(db: Db, deviceId: string, packageId: string): Promise<{ key: string; size: number } | null> {
  const [row] = await db.query<{ storage_key: string; size: string }>(
    `SELECT p.storage_key, p.size FROM agent_packages p JOIN devices d ON d.admin_id = p.admin_id WHERE p.id = $1 AND d.id = $2`, [packageId, deviceId],
  );
  return row ? { key: row.storage_key, size: Number(row.size) } : null;
}
