import type { LiveBroadcast } from '@loa/contract';
import type { DeviceGateway } from '../gateway/gateway';
import { holderAmong, outranks } from './holders';
import { devicesOf } from './speakers';
import { busyOf, claimOf, liveOffset, type Tracked } from './tracked';

/**
 * Who holds some of a session's speakers now (a higher priority, or one there first at the same
 * priority), for its card: the strongest such, and on how many speakers. Null when it plays
 * everywhere. `all`: every running session, this one included or not.
 */
export function cutOf(t: Tracked, all: readonly Tracked[], gateway: DeviceGateway): LiveBroadcast['bingat'] {
  if (t.state.status !== 'playing') return null;
  const mine = claimOf(t);
  const stronger = all.filter((o) => o !== t && o.row.id !== t.row.id && o.state.status === 'playing' && outranks(claimOf(o), mine));
  if (stronger.length === 0) return null;
  const sets = stronger.map((o) => ({ o, devices: devicesOf(gateway, o.row) }));
  let held = 0;
  const counts = new Map<Tracked, number>();
  for (const d of devicesOf(gateway, t.row)) {
    const over = sets.filter((x) => x.devices.has(d));
    if (over.length === 0) continue;
    held += 1;
    const top = holderAmong(over.map((x) => claimOf(x.o)));
    const o = over.find((x) => x.o.row.id === top?.id)!.o;
    counts.set(o, (counts.get(o) ?? 0) + 1);
  }
  if (held === 0) return null;
  const [holder] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  const since = holder.row.started_at.getTime();
  const cameLater = since > t.row.started_at.getTime() || (holder.state.status === 'playing' && holder.state.runIndex > 0);
  const busy = busyOf(holder, held);
  return {
    kieu: cameLater ? 'ngat' : 'cho', idlichphat: busy.idlichphat, tieude: busy.tieude, nguoitao: busy.nguoitao, uutien: busy.uutien,
    luc: cameLater && holder.state.status === 'playing' ? Math.max(holder.state.runStart, t.row.started_at.getTime()) : t.row.started_at.getTime(),
    ketthuc: holder.state.status === 'playing' ? holder.state.runEnd : busy.ketthuc, soloa: held,
  };
}

/** A session as the live panel and its card show it. */
export function toLive(t: Tracked, all: readonly Tracked[], gateway: DeviceGateway): LiveBroadcast {
  const { row, state } = t;
  const playing = state.status === 'playing';
  const current = playing && t.currentItem >= 0 ? row.items[t.currentItem] : null;
  return {
    idlichphat: row.id,
    idlichgoc: row.schedule_id,
    type: row.type,
    nguonphat: {
      tenchuongtrinh: row.title || null,
      nguoitao: { _id: row.created_by, hoten: row.creator_name },
      diabanphat: row.chosen_areas.map((id) => ({ _id: id, tendiaban: gateway.areaName(id) })),
      kieulaplai: row.repeat_mode,
      solanlaplai: row.repeat_count,
    },
    nguondangphat: current?.title ?? null,
    nguoncho: playing ? row.items.slice(t.currentItem + 1).map((i) => i.title) : row.items.map((i) => i.title),
    nguoitao: row.created_by,
    idAdmin: row.admin_id,
    iddiaban: { tendiaban: row.chosen_areas.map((id) => gateway.areaName(id)).join(', ') },
    chophatlai: state.status === 'waiting',
    thoigianchophatlai: state.status === 'waiting' ? state.nextRunAt : null,
    kieulaplai: row.repeat_mode,
    solanlaplai: row.repeat_count,
    thoigianketthuc: state.status === 'playing' ? state.runEnd : state.status === 'waiting' ? state.nextRunAt : state.endedAt,
    thoiluong: row.total_seconds,
    loaibantin: row.message_type,
    uutien: row.priority,
    sothietbi: row.device_count,
    bingat: cutOf(t, all, gateway),
    tructiep: liveOffset(row) === null ? null : { batdau: row.run_started_at.getTime() + liveOffset(row)! * 1000 },
  };
}
