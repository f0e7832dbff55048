import type { Db } from '../../infra/db';

export interface LoginDeviceRow {
  id: string;
  user_id: string;
  name: string;
  place: string;
  ip: string;
  refresh_hash: string;
  status: 'login' | 'logout';
  last_active_at: Date;
  expires_at: Date;
}

export async function insertLoginDevice(
  db: Db,
  d: { id: string; userId: string; name: string; place: string; ip: string; refreshHash: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO login_devices (id, user_id, name, place, ip, refresh_hash, status, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'login', now() + make_interval(secs => $7))`,
    [d.id, d.userId, d.name, d.place, d.ip, d.refreshHash, d.ttlSeconds],
  );
}

/** Signs a known login device in again (same browser, new session). */
export async function reviveLoginDevice(
  db: Db,
  d: { id: string; name: string; place: string; ip: string; refreshHash: string; ttlSeconds: number },
): Promise<void> {
  await db.query(
    `UPDATE login_devices SET name = $2, place = $3, ip = $4, refresh_hash = $5, status = 'login',
            last_active_at = now(), expires_at = now() + make_interval(secs => $6)
      WHERE id = $1`,
    [d.id, d.name, d.place, d.ip, d.refreshHash, d.ttlSeconds],
  );
}

export async function findLoginDevice(db: Db, id: string): Promise<LoginDeviceRow | null> {
  const rows = await db.query<LoginDeviceRow>('SELECT * FROM login_devices WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function listLoginDevices(db: Db, userId: string): Promise<LoginDeviceRow[]> {
  return db.query<LoginDeviceRow>(
    `SELECT * FROM login_devices WHERE user_id = $1 ORDER BY (status = 'login') DESC, last_active_at DESC LIMIT 50`,
    [userId],
  );
}

export async function setLoginDeviceLoggedOut(db: Db, id: string): Promise<void> {
  await db.query(`UPDATE login_devices SET status = 'logout', refresh_hash = '' WHERE id = $1`, [id]);
}

/** Keeps last activity current, at most once a minute per login, and slides the refresh expiry. */
export async function touchLoginDevice(db: Db, id: string, ip: string, ttlSeconds: number): Promise<void> {
  await db.query(
    `UPDATE login_devices SET last_active_at = now(), ip = $2, expires_at = now() + make_interval(secs => $3)
      WHERE id = $1 AND status = 'login' AND last_active_at < now() - interval '60 seconds'`,
    [id, ip, ttlSeconds],
  );
}

/**
 * Counts one sign-in attempt for a login name BEFORE its password is checked, in one statement
 * (the row is locked by the upsert), so concurrent attempts cannot all be checked before any of
 * them is counted. Within the window the first `maxFailures` attempts are allowed a check; the
 * last of them starts the lock, and every attempt during the lock is refused unchecked. A window
 * that ran out or a lock that expired starts the count over. A successful sign-in clears the row.
 */
export async function reserveLoginAttempt(
  db: Db, loginName: string, windowSeconds: number, maxFailures: number, lockSeconds: number,
): Promise<{ allowed: boolean; locking: boolean }> {
  const fresh = `(t.locked_until <= now() OR (t.locked_until IS NULL AND t.window_start < now() - make_interval(secs => $2)))`;
  const rows = await db.query<{ allowed: boolean; locking: boolean }>(
    `INSERT INTO login_throttle AS t (login_name, failures, window_start, locked_until)
     VALUES ($1, 1, now(), CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END)
     ON CONFLICT (login_name) DO UPDATE SET
       failures = CASE WHEN ${fresh} THEN 1 ELSE LEAST(t.failures + 1, $3 + 1) END,
       window_start = CASE WHEN ${fresh} THEN now() ELSE t.window_start END,
       locked_until = CASE
         WHEN ${fresh} THEN CASE WHEN 1 >= $3 THEN now() + make_interval(secs => $4) END
         WHEN t.locked_until IS NOT NULL THEN t.locked_until
         WHEN t.failures + 1 >= $3 THEN now() + make_interval(secs => $4)
       END
     RETURNING failures <= $3 AS allowed, failures = $3 AS locking`,
    [loginName, windowSeconds, maxFailures, lockSeconds],
  );
  return rows[0];
}

/** Clears the throttle rows a successful sign-in proves were the owner's own mistakes. */
export async function clearLoginFailures(db: Db, keys: string[]): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE login_name = ANY($1::text[])', [keys]);
}
