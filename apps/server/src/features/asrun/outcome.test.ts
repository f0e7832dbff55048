import { describe, expect, it } from 'vitest';
import { AS_RUN_REASONS as R, vnClock } from '@loa/contract';
import type { PlayReportRow, SessionRow } from './asrun.queries';
import { connectivity, sessionOutcome } from './outcome';

const start = Date.parse('2026-03-04T00:00:00Z');
const session = (overrides: Partial<SessionRow> = {}): SessionRow => ({
  id: 'p-1', type: 'phatngay', title: 'Tin lũ', message_type: 2, created_by: 'u-1', creator_name: 'Cán bộ A', target_areas: ['xa'], target_devices: [],
  total_seconds: 60, status: 'finished', run_started_at: new Date(start), ended_at: new Date(start + 60_000), end_reason: 'het-thoi-luong',
  stopped_by_name: null, schedule_id: null, ...overrides,
});
const report = (device: string, last: string, extra: Partial<PlayReportRow> = {}): [string, PlayReportRow] => [device, {
  session_id: 'p-1', device_id: device, started: true, errored: false, error_message: null, first_started: new Date(start + 1000), last, ...extra,
}];
const online = () => false;
/** What mpg123 writes when a relay's server sends nothing. */
const RAW_PLAYER_ERROR = '[src/streamdump.c:stream_parse_headers():404] error: no data at all from network resource';

describe('what became of a session in one commune', () => {
  it('played: counts the speakers that started, and says why the others did not (offline at the start, silent, failing)', () => {
    const reports = new Map([report('a', 'finished:'), report('b', 'error:', { errored: true, error_message: RAW_PLAYER_ERROR }), report('c', 'finished:', { started: false })]);
    const offline = connectivity([{ id: 'a', online: true }, { id: 'b', online: true }, { id: 'd', online: true }, { id: 'e', online: null }, { id: 'c', online: true }], [{ device_id: 'd', at: new Date(start - 1), online: false }]);
    // 'd' went offline before the start, 'e' never connected, 'c' was online but never started.
    const o = sessionOutcome(session(), { devices: ['a', 'b', 'c', 'd', 'e'], reports, offlineAt: offline });
    expect(o).toMatchObject({ ketqua: 'daphat', sodaphat: 2, soloi: 1, sobingat: 0, songoaituyen: 2, batdau: start + 1000 });
    expect(o.lydo).toBe([R.devicesOffline(2), R.devicesSilent(1), R.devicesError(1, 'Không tải được nguồn tiếp sóng (máy chủ nguồn không gửi dữ liệu)')].join('; '));
    // The player's raw English stays out of the record (issue #32 item 10).
    expect(o.lydo).not.toContain('streamdump');
  });

  it('counts a speaker that played while its link was down, reported on reconnection, as played offline, reported later (issue #30)', () => {
    // 'a' lost its link a minute before the start and came back after the end; 'b' was online throughout.
    const offlineAt = connectivity([{ id: 'a', online: true }, { id: 'b', online: true }], [
      { device_id: 'a', at: new Date(start - 60_000), online: false }, { device_id: 'a', at: new Date(start + 120_000), online: true },
    ]);
    const reports = new Map([report('a', 'finished:', { first_started: new Date(start) }), report('b', 'finished:')]);
    const o = sessionOutcome(session(), { devices: ['a', 'b'], reports, offlineAt });
    expect(o).toMatchObject({ ketqua: 'daphat', sodaphat: 2, sobaosau: 1, songoaituyen: 0, batdau: start });
    expect(o.lydo).toBe(R.playedOffline(1));
  });

  it('cut off: by a take-over (any other end of a stopped session), or when every speaker that played was pre-empted', () => {
    const ended = new Date(start + 20_000);
    const taken = sessionOutcome(session({ status: 'stopped', end_reason: 'bi-ngat', stopped_by_name: 'Cán bộ huyện', ended_at: ended }), { devices: ['a'], reports: new Map([report('a', 'finished:stopped')]), offlineAt: online });
    expect(taken).toMatchObject({ ketqua: 'bingat', lydo: R.takenOverBy('Cán bộ huyện', vnClock(ended.getTime())) });
    expect(taken.lydo).toBe(`Bị Cán bộ huyện phát đè bằng bản tin cùng mức ưu tiên lúc ${vnClock(ended.getTime())}`);
    const preempted = sessionOutcome(session(), { devices: ['a', 'b'], reports: new Map([report('a', 'finished:preempted'), report('b', 'finished:preempted')]), offlineAt: online });
    expect(preempted).toMatchObject({ ketqua: 'bingat', sobingat: 2, lydo: R.devicesCut(2) });
    const takenOver = sessionOutcome(session(), { devices: ['a'], reports: new Map([report('a', 'finished:takenOver')]), offlineAt: online });
    // An equal-priority takeover is not called a higher priority's pre-emption (issue #32 item 14).
    expect(takenOver).toMatchObject({ ketqua: 'bingat', sobingat: 1, lydo: R.devicesTakenOver(1) });
    expect(takenOver.lydo).toBe('1 loa bị cán bộ khác phát đè (cùng mức ưu tiên)');
    const both = sessionOutcome(session(), { devices: ['a', 'b', 'c'], reports: new Map([report('a', 'finished:takenOver'), report('b', 'finished:preempted'), report('c', 'finished:preempted')]), offlineAt: online });
    expect(both).toMatchObject({ ketqua: 'bingat', sobingat: 3, lydo: [R.devicesCut(2), R.devicesTakenOver(1)].join('; ') });
    // One resumed after the higher priority ended: the programme played there.
    const resumed = sessionOutcome(session(), { devices: ['a', 'b'], reports: new Map([report('a', 'finished:'), report('b', 'finished:preempted')]), offlineAt: online });
    expect(resumed).toMatchObject({ ketqua: 'daphat', sobingat: 1 });
  });

  it('no speaker played, ended while the server was down, still running, and a commune without speakers', () => {
    expect(sessionOutcome(session(), { devices: ['a'], reports: new Map(), offlineAt: () => true })).toMatchObject({ ketqua: 'khongphat', songoaituyen: 1, batdau: null, lydo: R.devicesOffline(1) });
    expect(sessionOutcome(session({ end_reason: 'ket-thuc-khi-may-chu-dung' }), { devices: ['a'], reports: new Map([report('a', 'started:')]), offlineAt: online }))
      .toMatchObject({ ketqua: 'maychudung', lydo: R.serverDown });
    expect(sessionOutcome(session({ status: 'playing', ended_at: null, end_reason: null }), { devices: ['a', 'b'], reports: new Map([report('a', 'started:')]), offlineAt: online }))
      .toMatchObject({ ketqua: 'dangphat', sodaphat: 1, lydo: null });
    expect(sessionOutcome(session(), { devices: [], reports: new Map(), offlineAt: online })).toMatchObject({ ketqua: 'khongphat', sodaphat: 0, lydo: R.noDevices });
  });
});
