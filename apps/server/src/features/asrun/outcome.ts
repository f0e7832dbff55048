import { AS_RUN_REASONS as R, playReasonText, vnClock, type AsRunOutcome } from '@loa/contract';
import type { PlayReportRow, SessionRow } from './asrun.queries';

/** How the engine ended a session (broadcasts.end_reason), read into the record's outcome. */
const END_REASONS: Record<string, AsRunOutcome> = {
  'het-thoi-luong': 'daphat',
  'nguoi-dung-dung': 'bidung',
  'ket-thuc-khi-may-chu-dung': 'maychudung',
  // Live voice (issue #12) ends with its officer: the tab closed, the audio or the login was lost.
  'truc-tiep-mat-ket-noi': 'bidung',
  'truc-tiep-im-lang': 'bidung',
  'truc-tiep-dang-xuat': 'bidung',
};

/** The speakers of one commune for one session, and what they reported. */
export interface GroupReports {
  devices: string[];
  reports: Map<string, PlayReportRow>;
  /** Whether a speaker was offline at an instant (from its connection history). */
  offlineAt: (deviceId: string, at: number) => boolean;
}

export interface GroupOutcome {
  ketqua: AsRunOutcome;
  lydo: string | null;
  batdau: number | null;
  sodaphat: number;
  soloi: number;
  sobingat: number;
  songoaituyen: number;
  sobaosau: number;
}

/**
 * What became of a session in one commune: the counts come from what its speakers reported
 * (started, error, a last report 'finished:preempted' or 'finished:takenOver' = cut off and never resumed), the outcome
 * from how the session ended, and the reason says why speakers did not play.
 */
export function sessionOutcome(s: SessionRow, g: GroupReports): GroupOutcome {
  const start = s.run_started_at.getTime();
  const reports = g.devices.map((d) => g.reports.get(d));
  const started = reports.filter((r) => r?.started);
  const sodaphat = started.length;
  const soloi = reports.filter((r) => r?.errored).length;
  // Cut off by a higher priority, or taken over at the same priority by an officer (agent reasons): each named as what it was.
  const preempted = started.filter((r) => r!.last === 'finished:preempted').length;
  const takenOver = started.filter((r) => r!.last === 'finished:takenOver').length;
  const sobingat = preempted + takenOver;
  const silent = g.devices.filter((d) => !g.reports.get(d)?.started);
  const songoaituyen = silent.filter((d) => g.offlineAt(d, start)).length;
  // Played from its plan while its link was down (issue #30): the report came on reconnection.
  const sobaosau = g.devices.filter((d) => {
    const at = g.reports.get(d)?.first_started?.getTime();
    return at !== undefined && g.offlineAt(d, at);
  }).length;
  const firsts = started.map((r) => r!.first_started?.getTime()).filter((t): t is number => t !== undefined);
  const batdau = firsts.length > 0 ? Math.min(...firsts) : null;

  const reasons: string[] = [];
  let ketqua: AsRunOutcome;
  const endedAt = s.ended_at ? vnClock(s.ended_at.getTime()) : '';
  if (s.status === 'playing' || s.status === 'waiting') {
    ketqua = 'dangphat';
  } else if (s.end_reason && END_REASONS[s.end_reason] && END_REASONS[s.end_reason] !== 'daphat') {
    ketqua = END_REASONS[s.end_reason];
    reasons.push(ketqua === 'bidung' ? R.stoppedBy(s.stopped_by_name ?? '?', endedAt) : R.serverDown);
  } else if (s.status === 'stopped') {
    // Any other way a session was stopped cut it short: an officer's takeover at the same priority is named as one.
    ketqua = 'bingat';
    reasons.push(s.end_reason === 'bi-ngat' ? R.takenOverBy(s.stopped_by_name, endedAt) : R.cutBy(s.stopped_by_name, endedAt));
  } else if (sodaphat === 0) {
    ketqua = 'khongphat';
  } else {
    ketqua = sobingat === sodaphat ? 'bingat' : 'daphat';
  }
  if (g.devices.length === 0) reasons.push(R.noDevices);
  if (preempted > 0) reasons.push(R.devicesCut(preempted));
  if (takenOver > 0) reasons.push(R.devicesTakenOver(takenOver));
  if (songoaituyen > 0) reasons.push(R.devicesOffline(songoaituyen));
  if (sobaosau > 0) reasons.push(R.playedOffline(sobaosau));
  const quiet = silent.length - songoaituyen;
  if (quiet > 0 && ketqua !== 'dangphat') reasons.push(R.devicesSilent(quiet));
  // The player's raw words stay in the device's history: the record says what they mean.
  const firstError = reports.find((r) => r?.error_message)?.error_message;
  if (soloi > 0) reasons.push(R.devicesError(soloi, firstError ? playReasonText('error', firstError) : null));
  return { ketqua, lydo: reasons.length > 0 ? reasons.join('; ') : null, batdau, sodaphat, soloi, sobingat, songoaituyen, sobaosau };
}

/** A speaker's connection state at an instant, from its state before the range and its changes within it. */
export function connectivity(before: { id: string; online: boolean | null }[], changes: { device_id: string; at: Date; online: boolean }[]) {
  const initial = new Map(before.map((b) => [b.id, b.online ?? false]));
  const byDevice = new Map<string, { at: number; online: boolean }[]>();
  for (const c of changes) byDevice.set(c.device_id, [...(byDevice.get(c.device_id) ?? []), { at: c.at.getTime(), online: c.online }]);
  return (deviceId: string, at: number): boolean => {
    let online = initial.get(deviceId) ?? false;
    for (const c of byDevice.get(deviceId) ?? []) {
      if (c.at > at) break;
      online = c.online;
    }
    return !online;
  };
}
