import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestAreas, createTestUser, sharedDb } from '../../../test/helpers';
import { insertDevice } from '../devices/devices.queries';
import { selectPlayReports } from './asrun.queries';

/**
 * Whether a speaker played a session, from its own reports (found by the network tier's day: a
 * speaker offline at a relay's start started it from its plan, could not reach the station, and
 * the as-run record said it had played).
 */
describe('play reports', () => {
  it('count an item as played only when something of it was heard: not one that failed at once, nor one whose stream never came back', async () => {
    const db = await sharedDb();
    const admin = await createTestUser(db, { admin: true });
    const areas = await createTestAreas(db, admin.id);
    const devices = ['nghe-het', 'loi-ngay', 'mat-het', 'nghe-roi-mat', 'lan-sau'].map((name) => `${name}-${crypto.randomUUID()}`);
    for (const id of devices) {
      await insertDevice(db, { id, adminId: admin.id, areaId: areas.communeA, name: id, serial: id, lat: null, lng: null, note: '', secretHash: 'x' });
    }
    const session = crypto.randomUUID();
    const t0 = Date.parse('2026-11-29T05:00:00Z');
    const rows: [string, number, string, number, string | null, number | null][] = [
      // Heard to its end.
      [devices[0], 0, 'started', 0, null, null], [devices[0], 0, 'finished', 30, null, null],
      // The station could not be reached: the error came at once.
      [devices[1], 0, 'started', 0, null, null], [devices[1], 0, 'error', 0.2, 'cannot fetch: ENETUNREACH', null],
      // It waited for the station (a silent 4G link), tried again and again, and lost the whole item.
      [devices[2], 0, 'started', 0, null, null], [devices[2], 0, 'gap', 29.8, 'no answer within 5 s', 29.5], [devices[2], 0, 'error', 30, 'no answer within 5 s', null],
      // Heard 12 s of it, then lost the rest.
      [devices[3], 0, 'started', 0, null, null], [devices[3], 0, 'gap', 29.9, 'stream ended', 18], [devices[3], 0, 'error', 30, 'no audio for 10 s', null],
      // Its first item failed at once, its second played.
      [devices[4], 0, 'started', 0, null, null], [devices[4], 0, 'error', 0.1, 'HTTP 404', null], [devices[4], 1, 'started', 1, null, null], [devices[4], 1, 'finished', 20, null, null],
    ];
    for (const [device, item, event, seconds, message, gap] of rows) {
      await db.query('INSERT INTO device_plays (device_id, at, event, session_id, item_index, url, message, gap_seconds) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [device, new Date(t0 + seconds * 1000).toISOString(), event, session, item, 'http://dai/vov1', message, gap]);
    }
    const reports = new Map((await selectPlayReports(db, [session])).map((r) => [r.device_id, r]));
    expect(devices.map((d) => reports.get(d)?.started)).toEqual([true, false, false, true, true]);
    expect(devices.map((d) => reports.get(d)?.errored)).toEqual([false, true, true, true, true]);
    expect(reports.get(devices[1])?.error_message).toBe('cannot fetch: ENETUNREACH');
    expect(reports.get(devices[1])?.first_started).toBeNull();
    expect(reports.get(devices[4])?.first_started?.getTime()).toBe(t0 + 1000);
    expect(reports.get(devices[4])?.last).toBe('finished:');
  });
});
