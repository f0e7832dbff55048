import { EVENTS, NOTIFICATION_TEXTS as T, vnHourMinute, type DeviceHealthFault, type NotificationKind } from '@loa/contract';
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
      const [b] = await deps.db.query<{
        admin_id: string; title: string; type: string; author: string | null; status: string; end_reason: string | null; ended_at: Date | null;
        stopper: string | null; live: boolean; cut_title: string | null; cut_author: string | null;
      }>(
        `SELECT b.admin_id, b.title, b.type, u.hoten AS author, b.status, b.end_reason, b.ended_at, s.hoten AS stopper,
                EXISTS (SELECT 1 FROM jsonb_array_elements(b.items) i WHERE i->>'kind' = 'live') AS live,
                c.title AS cut_title, cu.hoten AS cut_author
           FROM broadcasts b LEFT JOIN users u ON u.id = b.created_by LEFT JOIN users s ON s.id = b.stopped_by
           LEFT JOIN broadcasts c ON c.id = b.cut_by LEFT JOIN users cu ON cu.id = c.created_by WHERE b.id = $1`,
        [idlichphat],
      );
      if (!b) return;
      // A live talk is named as one (issue #32 low item), not as an emergency bulletin.
      const what = b.live ? T.live : b.type === 'phatngay' ? T.emergency : T.scheduled;
      const at = vnHourMinute((b.ended_at ?? new Date()).getTime());
      // Taken over by an officer at the same priority: say by what, whose, and when.
      const cut = !trangthai && b.end_reason === 'bi-ngat';
      // Played to its end is not 'stopped' (issue #32 low item); a stop says by whom and when.
      const finished = !trangthai && !cut && b.status === 'finished';
      const ended = cut ? T.cutBody(b.title, b.cut_title, b.cut_author, at) : finished ? T.finishedBody(b.title, at) : T.stoppedBody(b.title, b.stopper, at);
      await notify(deps, {
        kind, adminId: b.admin_id, areaIds,
        title: (trangthai ? T.startedTitle : cut ? T.cutTitle : finished ? T.finishedTitle : T.stoppedTitle)(what, b.title),
        body: trangthai ? T.startedBody(b.author, b.live, b.title) : ended,
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
        title: T.preemptedTitle(p.tieude),
        body: T.preemptedBody(p.tieude, p.nguoitao.hoten, p.soloa, by.tieude, by.nguoitao.hoten, vnHourMinute(Date.now())),
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
      title: T.offlineTitle(d.area_name, d.name),
      body: T.offlineBody(d.name, minutes),
      link: `/quan-ly-thiet-bi?id=${encodeURIComponent(d.id)}`, target: { loai: 'thietbi', id: d.id },
    });
  }
  return claimed.length;
}

/** What each clock fault means to an officer (docs/device-protocol.md "Clock"). */
const CLOCK_FAULT_TEXT: Record<string, (name: string, rtt: number) => string> = {
  noAnswer: T.clockNoAnswer,
  slowRoundTrip: (name, rtt) => T.clockSlowRoundTrip(name, Math.round(rtt)),
  jumping: T.clockJumping,
  notReported: T.clockNotReported,
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
      title: T.clockTitle(d.area_name, d.name),
      body: text(d.name, d.rtt ?? 0),
      link: `/quan-ly-thiet-bi?id=${encodeURIComponent(d.id)}`, target: { loai: 'thietbi', id: d.id },
    });
  }
  return claimed.length;
}

/** What each health fault of a box means to an officer (issue #31; docs/device-protocol.md "Health"). */
interface HealthReport { area_name: string | null; name: string; temp: number | null; disk: number | null; mem: number | null }
const HEALTH_FAULT_TEXT: Record<DeviceHealthFault, (d: HealthReport) => { title: string; body: string }> = {
  nhietdo: (d) => ({ title: T.overheatedTitle(d.area_name, d.name), body: T.overheatedBody(d.name, d.temp) }),
  odia: (d) => ({ title: T.diskFullTitle(d.area_name, d.name), body: T.diskFullBody(d.name, d.disk) }),
  bonho: (d) => ({ title: T.memoryLowTitle(d.area_name, d.name), body: T.memoryLowBody(d.name, d.mem) }),
};

/**
 * Boxes whose health crosses a threshold (devices.health.faults, judged by the gateway as each
 * report comes): each fault of a box is announced once per episode (a row per device and fault
 * claims it, once across instances) and forgotten when the box reports it gone.
 */
export async function sweepHealthFaults(deps: NotifyDeps): Promise<number> {
  await deps.db.query(`DELETE FROM device_health_notices n USING devices d
      WHERE d.id = n.device_id AND NOT (COALESCE(d.health->'faults', '[]'::jsonb) ? n.fault)`);
  const claimed = await deps.db.query<{ id: string; name: string; area_id: string; admin_id: string; area_name: string | null; fault: DeviceHealthFault; temp: number | null; disk: number | null; mem: number | null }>(
    `WITH fresh AS (
       INSERT INTO device_health_notices (device_id, fault, since)
       SELECT d.id, f.fault, now() FROM devices d CROSS JOIN LATERAL jsonb_array_elements_text(d.health->'faults') AS f(fault)
        WHERE d.online AND NOT d.pending AND jsonb_typeof(d.health->'faults') = 'array'
       ON CONFLICT (device_id, fault) DO NOTHING RETURNING device_id, fault)
     SELECT d.id, d.name, d.area_id, d.admin_id, a.ten AS area_name, f.fault,
            (d.health->>'cpuTemp')::real AS temp, (d.health->>'diskFreePercent')::real AS disk, (d.health->>'memFreePercent')::real AS mem
       FROM devices d JOIN fresh f ON f.device_id = d.id LEFT JOIN areas a ON a.id = d.area_id
      ORDER BY d.id, f.fault`,
  );
  for (const d of claimed) {
    const text = HEALTH_FAULT_TEXT[d.fault];
    if (!text) continue;
    await notify(deps, {
      kind: 'thietbi-suckhoe', adminId: d.admin_id, areaIds: [d.area_id],
      ...text(d),
      link: `/quan-ly-thiet-bi?id=${encodeURIComponent(d.id)}`, target: { loai: 'thietbi', id: d.id },
    });
  }
  return claimed.length;
}

/**
 * A speaker cut off for sending invalid messages (issue #27; the gateway tells at most once an hour
 * per device): the accounts whose scope covers its area are told what it is and for how long.
 */
export function onDeviceCutOff(deps: NotifyDeps): (cut: DomainEvents['device.cutOff']) => Promise<void> {
  return async ({ deviceId, minutes }) => {
    const [d] = await deps.db.query<{ name: string; area_id: string; admin_id: string; area_name: string | null }>(
      'SELECT d.name, d.area_id, d.admin_id, a.ten AS area_name FROM devices d LEFT JOIN areas a ON a.id = d.area_id WHERE d.id = $1',
      [deviceId],
    );
    if (!d) return;
    await notify(deps, {
      kind: 'thietbi-guisai', adminId: d.admin_id, areaIds: [d.area_id],
      title: T.cutOffTitle(d.area_name, d.name),
      body: T.cutOffBody(d.name, minutes),
      link: `/quan-ly-thiet-bi?id=${encodeURIComponent(deviceId)}`, target: { loai: 'thietbi', id: deviceId },
    });
  };
}
