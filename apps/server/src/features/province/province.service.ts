import { PROVINCE_MESSAGES, type DeviceLive, type ProvinceConnector, type ProvinceOutboxItem } from '@loa/contract';
import type { Db } from '../../infra/db';
import { forbidden, outOfScope } from '../../infra/errors';
import type { Session } from '../auth/auth.service';
import { requireRight } from '../auth/rights';
import { writeSystemLog } from '../system-log/systemLog.service';
import * as q from './outbox.queries';
import { areaKey, deviceKey, devicePayload } from './provinceReports';

/** What the console's calls about the province exchange need. */
export interface ConnectorContext {
  db: Db;
  session: Session;
  /** The configured address, without credentials, and this system's code; null when not configured. */
  config: { url: string; systemCode: string } | null;
  liveOf: (deviceId: string) => DeviceLive | null;
  /** Tells the local sender that messages are due now. */
  wake: () => void;
}

const ONLY_WHOLE_ADMIN = 'Chỉ tài khoản quản lý toàn bộ địa bàn của đơn vị (không giới hạn ở một địa bàn) mới xem và điều khiển được kết nối cấp tỉnh!';

/**
 * The exchange belongs to the whole administrator: its own account (whatever area it is placed
 * in), or an account with the device right not limited to an area.
 */
function requireConnectorRight(session: Session): void {
  requireRight(session, 'quanlythietbi');
  if (session.user.area_id && session.user.id !== session.user.admin_id) throw forbidden(ONLY_WHOLE_ADMIN);
}

/** A message as the console lists it, named by what it is about. */
function toItem(row: q.OutboxRow): ProvinceOutboxItem {
  const p = row.payload;
  const name = [p.tieude, p.tendiaban, p.tenthietbi, p.mathietbi, p.madiaban, p.mabantin].find((v) => typeof v === 'string' && v !== '');
  return {
    _id: row.id, idthongdiep: row.message_id, loai: row.kind, thaotac: row.op, doituong: String(name ?? ''), trangthai: row.status,
    solanthu: row.attempts, loicuoi: row.last_error, ngaytao: row.created_at.getTime(),
    lanthutiep: row.status === 'cho' ? row.next_at.getTime() : null, ngaygui: row.sent_at?.getTime() ?? null,
  };
}

/** The connector's state for the Kết nối page: how the exchange goes, and the caller's administrator's outbox. */
export async function connectorState(ctx: ConnectorContext): Promise<ProvinceConnector> {
  requireConnectorRight(ctx.session);
  const adminId = ctx.session.user.admin_id;
  const [counts, rows, contact] = await Promise.all([q.countsOf(ctx.db, adminId), q.listUnsent(ctx.db, adminId, 50), q.readContact(ctx.db)]);
  const failing = contact.failed !== null && (contact.ok ?? 0) < contact.failed;
  return {
    cauhinh: ctx.config !== null,
    diachi: ctx.config?.url ?? null,
    mahethong: ctx.config?.systemCode ?? null,
    tinhtrang: !ctx.config ? 'tat' : failing ? 'loi' : contact.ok !== null ? 'ketnoi' : 'chuaketnoi',
    lanthanhcongcuoi: contact.ok, loicuoi: contact.error, lanloicuoi: contact.failed,
    socho: counts.waiting, soloi: counts.refused, sodagui24h: counts.sentDay, chocunhat: counts.oldestWaiting?.getTime() ?? null,
    thongdiep: rows.map(toItem),
  };
}

/** Makes one waiting or refused message (or all of them) due now; answers how many. */
export async function retryMessages(ctx: ConnectorContext, id: string | undefined): Promise<number> {
  requireConnectorRight(ctx.session);
  if (!ctx.config) throw forbidden(PROVINCE_MESSAGES.notConfigured);
  if (id !== undefined && !/^\d{1,18}$/.test(id)) throw outOfScope(PROVINCE_MESSAGES.messageUnknown);
  const count = await ctx.db.transaction(async (tx) => {
    const n = await q.retryNow(tx, ctx.session.user.admin_id, id ?? null);
    if (id !== undefined && n === 0) throw outOfScope(PROVINCE_MESSAGES.messageUnknown);
    await writeSystemLog(tx, ctx.session.actor, { action: 'gui-lai-httt-nguon', targetType: 'httt-nguon', targetId: id, detail: { soluong: n } });
    return n;
  });
  ctx.wake();
  return count;
}

/**
 * Pushes every area (parents first) and device of the caller's administrator again, as changes
 * ('sua'): after the connection is first set up, or when the province lost its copy.
 */
export async function resyncAll(ctx: ConnectorContext): Promise<{ sodiaban: number; sothietbi: number }> {
  requireConnectorRight(ctx.session);
  if (!ctx.config) throw forbidden(PROVINCE_MESSAGES.notConfigured);
  const adminId = ctx.session.user.admin_id;
  const result = await ctx.db.transaction(async (tx) => {
    const areas = await tx.query<{ id: string; ten: string; cap: 'tinh' | 'huyen' | 'xa' | 'thon'; parent_id: string | null }>(
      `WITH RECURSIVE tree AS (
         SELECT id, ten, cap, parent_id, 0 AS depth FROM areas WHERE admin_id = $1 AND parent_id IS NULL
         UNION ALL SELECT a.id, a.ten, a.cap, a.parent_id, t.depth + 1 FROM areas a JOIN tree t ON a.parent_id = t.id)
       SELECT id, ten, cap, parent_id FROM tree ORDER BY depth, id`,
      [adminId],
    );
    const devices = await tx.query<{ id: string; name: string; serial: string; area_id: string; lat: number | null; lng: number | null }>(
      'SELECT id, name, serial, area_id, lat, lng FROM devices WHERE admin_id = $1 ORDER BY id', [adminId],
    );
    await q.insertOutbox(tx, [
      ...areas.map((a) => ({ kind: 'diaban' as const, op: 'sua' as const, entityKey: areaKey(a.id), adminId, payload: { madiaban: a.id, tendiaban: a.ten, cap: a.cap, madiabancha: a.parent_id } })),
      ...devices.map((d) => ({
        kind: 'thietbi' as const, op: 'sua' as const, entityKey: deviceKey(d.id), adminId,
        payload: devicePayload({ id: d.id, adminId, name: d.name, serial: d.serial, areaId: d.area_id, lat: d.lat, lng: d.lng }, ctx.liveOf(d.id)),
      })),
    ]);
    await writeSystemLog(tx, ctx.session.actor, { action: 'dong-bo-httt-nguon', targetType: 'httt-nguon', detail: { sodiaban: areas.length, sothietbi: devices.length } });
    return { sodiaban: areas.length, sothietbi: devices.length };
  });
  ctx.wake();
  return result;
}
