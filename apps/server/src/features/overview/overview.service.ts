import type { Overview } from '@loa/contract';
import type { Db } from '../../infra/db';
import { countAreasByLevel } from '../areas/areas.queries';
import type { Session } from '../auth/auth.service';

/** Real counts for the dashboard, within the caller's administrator. */
export async function getOverview(db: Db, session: Session): Promise<Overview> {
  const adminId = session.user.admin_id;
  const [accounts] = await db.query<{ tong: number; dangdangnhap: number }>(
    `SELECT count(DISTINCT u.id)::int AS tong,
            count(DISTINCT d.user_id) FILTER (WHERE d.status = 'login' AND d.expires_at > now())::int AS dangdangnhap
       FROM users u LEFT JOIN login_devices d ON d.user_id = u.id
      WHERE u.admin_id = $1`,
    [adminId],
  );
  const theocap = await countAreasByLevel(db, adminId);
  const [log] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM system_log
      WHERE admin_id = $1 AND at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Ho_Chi_Minh') AT TIME ZONE 'Asia/Ho_Chi_Minh')`,
    [adminId],
  );
  return {
    taikhoan: accounts,
    diaban: { tong: Object.values(theocap).reduce((a, b) => a + b, 0), theocap },
    nhatky: { homnay: log.n },
  };
}
