import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AS_RUN_MESSAGES, SCHEDULE_MESSAGES, SOURCE_KINDS, SYSTEM_LOG_MESSAGES } from '@loa/contract';
import { signedInAdmin, startTestServer, type TestServer } from '../../test/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Days that do not exist: Date.parse rolls 2026-02-30 over to March, the database refuses it (issue #27 item 7). */
const NOT_DAYS = ['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10'];

describe('days that do not exist are a 400 naming the field, never a 500', () => {
  it('in the as-run record, its CSV and XLSX exports, and the system log', async () => {
    const w = await signedInAdmin(server);
    for (const day of NOT_DAYS) {
      for (const route of ['/v1/client/nhatkyphatsong', '/v1/client/nhatkyphatsong/xuatcsv', '/v1/client/nhatkyphatsong/xuatxlsx']) {
        for (const query of [`tu=${day}`, `tu=2026-02-01&den=${day}`]) {
          const res = await w.client.get(`${route}?${query}`);
          expect(res.status, `${route}?${query}`).toBe(400);
          expect(res.body.message).toBe(AS_RUN_MESSAGES.dateInvalid);
        }
      }
      const log = await w.client.get(`/v1/client/nhatky?tu=${day}`);
      expect(log.status, day).toBe(400);
      expect(log.body.message).toBe(SYSTEM_LOG_MESSAGES.dateInvalid);
    }
    // A real day still reads.
    expect((await w.client.get('/v1/client/nhatkyphatsong?tu=2024-02-29')).status).toBe(200);
  });

  it('in a new schedule: start, end and chosen dates, and nothing is saved', async () => {
    const w = await signedInAdmin(server);
    const body = (extra: Record<string, unknown>) => ({
      tieude: 'Lịch ngày không có', nguonphat: [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 30, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 30 }],
      diabanchon: [w.areas.communeA], thietbichon: ['tatca'], loaibantin: 1, chedophat: 'hangtuan', thutrongtuan: [1],
      ngaybatdau: '2030-01-01', ngayketthuc: '2030-03-01', giophat: ['07:00:00'], ...extra,
    });
    for (const day of NOT_DAYS.slice(0, 3)) {
      for (const extra of [{ ngaybatdau: day }, { ngayketthuc: day }, { chedophat: 'motlan', cacngay: [day], thutrongtuan: [] }]) {
        const res = await w.client.post('/v1/client/lichphat/taolichphat', body(extra));
        expect(res.status, JSON.stringify(extra)).toBe(400);
        expect(res.body.message).toBe(SCHEDULE_MESSAGES.dateNotReal);
      }
    }
    const [{ n }] = await server.db.query<{ n: string }>('SELECT count(*) AS n FROM schedules WHERE title = $1', ['Lịch ngày không có']);
    expect(Number(n)).toBe(0);
  });
});
