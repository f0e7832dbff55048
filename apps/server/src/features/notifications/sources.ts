import { EVENTS, vnHourMinute, type NotificationKind } from '@loa/contract';
import type { DomainEvents } from '../../infra/events';
import { notify, type NotifyDeps } from './notify';
import { alreadyNotified } from './notifications.queries';

interface PlayState {
  trangthai: boolean;
  idlichphat: string;
}

/**
 * A broadcast started or stopped (the engine's GUI-TRANG-THAI-PHAT): each is announced once to
 * the accounts whose scope covers its areas, however often the engine re-sends the state.
 */
export function onBroadcastChanged(deps: NotifyDeps): (change: DomainEvents['broadcast.changed']) => Promise<void> {
  const inFlight = new Set<string>();
  // The engine re-sends a session's state at every item: what this process announced is not asked
  // of the database again (bounded; the database stays the judge across instances and restarts).
  const announced = new Set<string>();
  return async ({ event, payload, areaIds }) => {
    if (event !== EVENTS.playState) return;
    const { trangthai, idlichphat } = payload as PlayState;
    const kind: NotificationKind = trangthai ? 'phat-batdau' : 'phat-ketthuc';
    const key = `${kind}:${idlichphat}`;
    if (inFlight.has(key) || announced.has(key)) return;
    inFlight.add(key);
    try {
      const remember = () => {
        if (announced.size >= 10_000) announced.clear();
        announced.add(key);
      };
      if (await alreadyNotified(deps.db, idlichphat, kind)) return remember();
      const [b] = await deps.db.query<{ admin_id: string; title: string; type: string; author: string | null; end_reason: string | null; ended_at: Date | null; cut_title: string | null; cut_author: string | null }>(
        `SELECT b.admin_id, b.title, b.type, u.hoten AS author, b.end_reason, b.ended_at, c.title AS cut_title, cu.hoten AS cut_author
           FROM broadcasts b LEFT JOIN users u ON u.id = b.created_by
           LEFT JOIN broadcasts c ON c.id = b.cut_by LEFT JOIN users cu ON cu.id = c.created_by WHERE b.id = $1`,
        [idlichphat],
      );
      if (!b) return;
      const what = b.type === 'phatngay' ? 'Phát khẩn cấp' : 'Lịch phát';
      // Taken over by an officer at the same priority: say by what, whose, and when.
      const cut = !trangthai && b.end_reason === 'bi-ngat';
      const ended = cut
        ? `Chương trình "${b.title}" đã bị ngắt bởi ${b.cut_title ? `"${b.cut_title}"` : 'một bản tin khác'}${b.cut_author ? ` của ${b.cut_author}` : ''} lúc ${vnHourMinute((b.ended_at ?? new Date()).getTime())}.`
        : `Chương trình "${b.title}" đã kết thúc phát.`;
      await notify(deps, {
        kind, adminId: b.admin_id, areaIds,
        title: trangthai ? `${what} bắt đầu: ${b.title}` : cut ? `${what} bị ngắt: ${b.title}` : `${what} đã dừng: ${b.title}`,
        body: trangthai ? `${b.author ?? 'Một người dùng'} bắt đầu phát "${b.title}".` : ended,
        link: '/tong-quan', target: { loai: b.type, id: idlichphat },
      });
      remember();
    } finally {
      if (!trangthai) inFlight.delete(`phat-batdau:${idlichphat}`);
      inFlight.delete(key);
    }
  };
}

/**
 * Broadcasts pre-empted by a higher priority (issue #18): told once each, to the accounts whose
 * scope covers them, with what took their speakers, on how many, and that they resume after it.
 * (One taken over at the same priority ends: its end notification says by what.)
 */
export function onBroadcastCut(deps: NotifyDeps): (cut: DomainEvents['broadcast.cut']) => Promise<void> {
  return async ({ by, preempted }) => {
    for (const p of preempted) {
      const [b] = await deps.db.query<{ admin_id: string; type: string; chosen_areas: string[] }>('SELECT admin_id, type, chosen_areas FROM broadcasts WHERE id = $1', [p.idlichphat]);
      if (!b) continue;
      await notify(deps, {
        kind: 'phat-bingat', adminId: b.admin_id, areaIds: b.chosen_areas,
        title: `Bị ngắt bởi bản tin ưu tiên cao hơn: ${p.tieude}`,
        body: `Chương trình "${p.tieude}" của ${p.nguoitao.hoten} bị ngắt trên ${p.soloa} loa bởi "${by.tieude}" của ${by.nguoitao.hoten} lúc ${vnHourMinute(Date.now())}; sẽ tiếp tục sau khi "${by.tieude}" kết thúc.`,
        link: '/tong-quan', target: { loai: b.type, id: p.idlichphat },
      });
    }
  };
}

/**
 * Devices offline longer than the limit: each outage is announced once (a row per device claims
 * it, so several instances do not repeat it) and forgotten when the device is back.
 */
export async function sweepOfflineDevices(deps: NotifyDeps, offlineSeconds: number): Promise<number> {
  await deps.db.query('DELETE FROM device_offline_notices n USING devices d WHERE d.id = n.device_id AND d.online');
  const claimed = await deps.db.query<{ id: string; name: string; area_id: string; admin_id: string; area_name: string | null; last_seen: Date }>(
    `WITH fresh AS (
       INSERT INTO device_offline_notices (device_id, since)
       SELECT id, last_seen FROM devices WHERE NOT online AND last_seen IS NOT NULL AND last_seen < now() - make_interval(secs => $1)
       ON CONFLICT (device_id) DO NOTHING RETURNING device_id)
     SELECT d.id, d.name, d.area_id, d.admin_id, a.ten AS area_name, d.last_seen FROM devices d JOIN fresh f ON f.device_id = d.id LEFT JOIN areas a ON a.id = d.area_id`,
    [offlineSeconds],
  );
  for (const d of claimed) {
    const minutes = Math.max(1, Math.round((Date.now() - d.last_seen.getTime()) / 60000));
    await notify(deps, {
      kind: 'thietbi-matketnoi', adminId: d.admin_id, areaIds: [d.area_id],
      title: `Thiết bị mất kết nối: ${d.area_name ? `${d.area_name} / ` : ''}${d.name}`,
      body: `Thiết bị "${d.name}" đã mất kết nối khoảng ${minutes} phút.`,
      link: `/quan-ly-thiet-bi?id=${encodeURIComponent(d.id)}`, target: { loai: 'thietbi', id: d.id },
    });
  }
  return claimed.length;
}

/** What each clock fault means to an officer (docs/device-protocol.md "Clock"). */
const CLOCK_FAULT_TEXT: Record<string, (name: string, rtt: number) => string> = {
  noAnswer: (name) => `Thiết bị "${name}" không nhận được trả lời đồng bộ đồng hồ từ máy chủ nên có thể phát lệch giờ so với các cụm loa khác.`,
  slowRoundTrip: (name, rtt) => `Đường truyền tới thiết bị "${name}" quá chậm (khứ hồi ${Math.round(rtt)} ms) để đồng bộ đồng hồ chính xác; thiết bị có thể phát lệch so với các cụm loa khác.`,
  jumping: (name) => `Đồng hồ của thiết bị "${name}" nhảy vọt nhiều lần; thiết bị có thể phát lệch so với các cụm loa khác.`,
};

/**
 * Speakers whose clock cannot be trusted (they say so in their state): each episode is announced
 * once (a row per device claims it, so several instances do not repeat it) and forgotten once the
 * device reports a trusted clock again.
 */
export async function sweepClockFaults(deps: NotifyDeps): Promise<number> {
  await deps.db.query(`DELETE FROM device_clock_notices n USING devices d
      WHERE d.id = n.device_id AND d.online AND (d.clock IS NULL OR d.clock->>'quality' <> 'untrusted')`);
  const claimed = await deps.db.query<{ id: string; name: string; area_id: string; admin_id: string; area_name: string | null; fault: string; rtt: number | null }>(
    `WITH fresh AS (
       INSERT INTO device_clock_notices (device_id, since, fault)
       SELECT id, now(), COALESCE(clock->>'fault', 'noAnswer') FROM devices WHERE online AND clock->>'quality' = 'untrusted'
       ON CONFLICT (device_id) DO NOTHING RETURNING device_id, fault)
     SELECT d.id, d.name, d.area_id, d.admin_id, a.ten AS area_name, f.fault, (d.clock->>'rtt')::real AS rtt
       FROM devices d JOIN fresh f ON f.device_id = d.id LEFT JOIN areas a ON a.id = d.area_id`,
  );
  for (const d of claimed) {
    const text = CLOCK_FAULT_TEXT[d.fault] ?? CLOCK_FAULT_TEXT.noAnswer;
    await notify(deps, {
      kind: 'thietbi-lechdongho', adminId: d.admin_id, areaIds: [d.area_id],
      title: `Đồng hồ thiết bị không tin cậy: ${d.area_name ? `${d.area_name} / ` : ''}${d.name}`,
      body: text(d.name, d.rtt ?? 0),
      link: `/quan-ly-thiet-bi?id=${encodeURIComponent(d.id)}`, target: { loai: 'thietbi', id: d.id },
    });
  }
  return claimed.length;
}
