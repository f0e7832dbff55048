import type { CapAlert } from '@loa/contract';
import type { Db } from '../../infra/db';
import type { Session } from '../auth/auth.service';
import { requireKeyManager } from '../api-keys/apiKeys.service';
import { areaScope } from '../areas/areas.service';
import * as q from './cap.queries';

/**
 * The alerts the caller's administrator received, newest first, refused ones too. An account with
 * an area sees those reaching its area or below and those sent with a key or account inside it (a
 * Cancel, an acknowledgement, a refusal), all of them without an area; the administrator's own
 * account sees them all.
 */
export async function listReceivedAlerts(db: Db, session: Session): Promise<CapAlert[]> {
  requireKeyManager(session);
  const scope = await areaScope(db, session);
  const names = new Map(scope.areas.map((a) => [a.id, a.ten]));
  // The administrator's own account sees every alert of its administrator wherever it is placed (the
  // demo's, in its district), refusals sent with whole-administrator keys included.
  const whole = !session.user.area_id || session.user.id === session.user.admin_id;
  const rows = await q.listAlerts(db, session.user.admin_id, whole ? null : [...scope.ids]);
  return rows.map((r) => ({
    _id: r.id, sender: r.sender, identifier: r.identifier, sent: r.sent.toISOString(), msgType: r.msg_type, status: r.cap_status,
    nguon: r.via, tennguon: r.via_name, tieude: r.headline || r.event, sukien: r.event, mucdo: r.severity, khancap: r.urgency,
    diaban: r.area_ids.filter((id) => names.has(id)).map((id) => ({ _id: id, tendiaban: names.get(id)! })),
    ketqua: r.outcome, ghichu: r.outcome_note, idphatngay: r.broadcast_id, idlichphat: r.schedule_id, thaythebang: r.superseded_by,
    thoigiannhan: r.received_at.toISOString(),
  }));
}
