import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@loa/contract';
import { signedInAdmin, startTestServer, type TestServer } from '../../../test/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * Makes the database refuse system-log entries whose detail names `marker` (a real trigger, so the
 * entry fails where a bad text or a full disk would make it fail), for the length of `run`.
 */
async function withFailingLog(marker: string, run: () => Promise<void>): Promise<void> {
  const fn = `fail_log_${crypto.randomBytes(4).toString('hex')}`;
  await server.db.exec(`
    CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.detail::text LIKE '%${marker}%' THEN RAISE EXCEPTION 'log write failed on purpose'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ${fn} BEFORE INSERT ON system_log FOR EACH ROW EXECUTE FUNCTION ${fn}();`);
  try {
    await run();
  } finally {
    await server.db.exec(`DROP TRIGGER ${fn} ON system_log; DROP FUNCTION ${fn}();`);
  }
}

describe('a change and its system-log entry commit together', () => {
  it('rolls an area back when its entry cannot be written, on create, rename and delete', async () => {
    const { areas, client } = await signedInAdmin(server);
    await withFailingLog('Hong-nhat-ky', async () => {
      const created = await client.post('/v1/client/diaban/themmoi', { tendiaban: 'Hong-nhat-ky', cap: 'xa', idcha: areas.district });
      expect(created).toMatchObject({ status: 500, body: { message: MSG.serverError } });
      expect(await server.db.query('SELECT id FROM areas WHERE ten = $1', ['Hong-nhat-ky'])).toEqual([]);

      expect((await client.post('/v1/client/diaban/capnhat', { id: areas.communeA, tendiaban: 'Hong-nhat-ky', idcha: areas.district })).status).toBe(500);
      expect((await server.db.query<{ ten: string }>('SELECT ten FROM areas WHERE id = $1', [areas.communeA]))[0].ten).toBe('Xã A');
    });
    await server.db.query('UPDATE areas SET ten = $2 WHERE id = $1', [areas.communeB, 'Hong-nhat-ky-xoa']);
    await withFailingLog('Hong-nhat-ky-xoa', async () => {
      expect((await client.post('/v1/client/diaban/xoa', { id: areas.communeB })).status).toBe(500);
      expect(await server.db.query('SELECT id FROM areas WHERE id = $1', [areas.communeB])).toHaveLength(1);
    });
  });

  it('undoes a new device (row and broker account) when its entry cannot be written', async () => {
    const { areas, client } = await signedInAdmin(server);
    const serial = `SP-${crypto.randomBytes(5).toString('hex')}`;
    await withFailingLog(serial, async () => {
      const res = await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa hỏng nhật ký', diaban: areas.communeA, serial });
      expect(res.status).toBe(500);
      expect(await server.db.query('SELECT id FROM devices WHERE serial = $1', [serial])).toEqual([]);
    });
    // Once the log works again the same serial can be added.
    expect((await client.post('/v1/client/thietbi/themmoi', { tenthietbi: 'Loa', diaban: areas.communeA, serial })).status).toBe(200);
  });
});
