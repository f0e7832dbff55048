import type { Overview } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { DeviceGateway } from '../../gateway/gateway';
import type { Session } from '../auth/auth.service';
import { areaScope } from '../areas/areas.service';

/** Real counts for the dashboard, within the caller's administrator and area scope. */
export async function getOverview(db: Db, gateway: DeviceGateway, session: Session): Promise<Overview> {
  const adminId = session.user.admin_id;
  const scope = await areaScope(db, session);
  const [accounts] = await db.query<{ tong: number; dangdangnhap: number }>(
    `SELECT count(DISTINCT u.id)::int AS tong,
            count(DISTINCT d.user_id) FILTER (WHERE d.status = 'login' AND d.expires_at > now())::int AS dangdangnhap
       FROM users u LEFT JOIN login_devices d ON d.user_id = u.id
      WHERE u.admin_id = $1`,
    [adminId],
  );
  const theocap: Record<string, number> = {};
  for (const a of scope.areas) theocap[a.cap] = (theocap[a.cap] ?? 0) + 1;
  const [log] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM system_log
      WHERE admin_id = $1 AND at >= (date_trunc('day', now() AT TIME ZONE 'Asia/Ho_Chi_Minh') AT TIME ZONE 'Asia/Ho_Chi_Minh')`,
    [adminId],
  );
  const devices = gateway.snapshot().filter((d) => scope.ids.has(d.areaId));
  const online = devices.filter((d) => d.online).length;
  return {
    taikhoan: accounts,
    diaban: { tong: scope.areas.length, theocap },
    thietbi: { tong: devices.length, online, offline: devices.length - online, dangphat: devices.filter((d) => d.playing).length },
    nhatky: { homnay: log.n },
  };
}
