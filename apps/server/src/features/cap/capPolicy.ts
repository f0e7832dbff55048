import type { CapPolicy } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { Session } from '../auth/auth.service';
import { requireKeyManager } from '../api-keys/apiKeys.service';
import { writeSystemLog } from '../system-log/systemLog.service';

const keyOf = (adminId: string) => `cap_policy:${adminId}`;

/** The administrator's CAP policy ('tudong' unless it chose otherwise). */
export async function capPolicyOf(db: Db, adminId: string): Promise<CapPolicy> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [keyOf(adminId)]);
  return row?.value === 'duyet' ? 'duyet' : 'tudong';
}

/** Sets the caller's administrator's CAP policy (administrators who manage accounts), logged. */
export async function setCapPolicy(db: Db, session: Session, policy: CapPolicy): Promise<CapPolicy> {
  requireKeyManager(session);
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value', [keyOf(session.user.admin_id), policy]);
    await writeSystemLog(tx, session.actor, { action: 'chinh-sach-canh-bao-cap', detail: { chinhsach: policy } });
  });
  return policy;
}
