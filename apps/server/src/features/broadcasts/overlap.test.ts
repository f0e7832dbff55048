import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, speakersBusyMessage, type BusyBroadcast } from '@loa/contract';
import type { SpeakerAgent } from '@loa/speaker';
import { createTestUser, eventually, signedInAdmin, startSpeakers, startTestServer, TestClient, type TestServer } from '../../../test/helpers';
import { findBroadcast } from './broadcasts.queries';

/**
 * Issue #18, overlapping broadcasts (docs/architecture.md): an equal priority never takes speakers
 * silently; an explicit takeover needs the stop right over the first broadcast and says so everywhere.
 */
let server: TestServer;
const agents: SpeakerAgent[] = [];
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await server.close();
});

const relay = (seconds: number) => [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: seconds, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds }];
const info = (tieude: string, areas: string[], extra: Record<string, unknown> = {}) => ({
  tieude, loaibantin: 2, uutien: 1, diabanchon: areas, thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1, ...extra,
});
const send = (client: TestClient, body: Record<string, unknown>) => client.post('/v1/client/phatngay/phatngay', { thongtin: body, nguonphat: relay(600) });

/** An administrator with two speakers in commune A, and an officer of the same administrator. */
async function world(officerRights: string[]) {
  const w = await signedInAdmin(server);
  const speakers = await startSpeakers(server, w.client, w.areas.communeA, 2);
  agents.push(...speakers);
  const officer = await createTestUser(server.db, { adminId: w.admin.id, rights: officerRights, hoten: 'Cán bộ xã A' });
  await server.db.query('UPDATE users SET area_id = $2 WHERE id = $1', [officer.id, w.areas.communeA]);
  const officerClient = new TestClient(server.url);
  await officerClient.login(officer);
  return { ...w, speakers, officer, officerClient };
}

const logOf = (targetId: string) => server.db.query<{ action: string; detail: Record<string, unknown> }>('SELECT action, detail FROM system_log WHERE target_id = $1 ORDER BY id', [targetId]);

describe('two broadcasts of the same priority on the same speakers', () => {
  it('refuses the second, naming who is live there and until when, and leaves the first playing', async () => {
    const w = await world(['themsuaxoalichphat']);
    const first = await send(w.client, info('Lũ quét thôn 3', [w.areas.communeA]));
    expect(first.status).toBe(200);
    const firstId: string = first.body.data.idlichphat;
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === firstId), 3000);

    const second = await send(w.officerClient, info('Họp dân', [w.areas.communeA]));
    expect(second.status).toBe(409);
    const busy: BusyBroadcast[] = second.body.dangphat;
    expect(busy).toEqual([expect.objectContaining({ idlichphat: firstId, tieude: 'Lũ quét thôn 3', soloa: 2, uutien: 1 })]);
    expect(busy[0].nguoitao.hoten).toBe('Người Thử Nghiệm');
    expect(second.body.message).toBe(speakersBusyMessage(busy[0]));
    expect(second.body.message).toContain('Lũ quét thôn 3');
    expect(second.body.message).toMatch(/đến \d\d:\d\d/);
    await new Promise((r) => setTimeout(r, 300));
    expect(w.speakers.every((s) => s.playing?.sessionId === firstId)).toBe(true);
    expect(server.app.engine.live().filter((b) => b.idAdmin === w.admin.id).map((b) => b.idlichphat)).toEqual([firstId]);
    await w.client.post('/v1/client/lichphat/dungkhancap', { id: firstId });
  });

  it('lets exactly one of two officers pressing Phát at the same instant through', async () => {
    const w = await world(['themsuaxoalichphat']);
    const answers = await Promise.all([send(w.client, info('Thứ nhất', [w.areas.communeA])), send(w.officerClient, info('Thứ hai', [w.areas.communeA]))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner: string = answers.find((a) => a.status === 200)!.body.data.idlichphat;
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === winner), 3000);
    expect(server.app.engine.live().filter((b) => b.idAdmin === w.admin.id)).toHaveLength(1);
    await w.client.post('/v1/client/lichphat/dungkhancap', { id: winner });
  });

  it('refuses a takeover without the stop right (logged), and nothing starts', async () => {
    const w = await world(['themsuaxoalichphat']);
    const firstId: string = (await send(w.client, info('Cháy rừng', [w.areas.communeA]))).body.data.idlichphat;
    // Playing first (the speakers get the command over MQTT, after or before the answer).
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === firstId), 3000);
    const before = Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM broadcasts WHERE admin_id = $1', [w.admin.id]))[0].n);
    const res = await send(w.officerClient, info('Ngắt thử', [w.areas.communeA], { ngatphat: [firstId] }));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Bạn không có quyền ngắt bản tin đang phát trên các loa này!');
    expect(Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM broadcasts WHERE admin_id = $1', [w.admin.id]))[0].n)).toBe(before);
    expect(w.speakers.every((s) => s.playing?.sessionId === firstId)).toBe(true);
    const refusals = await server.db.query<{ action: string; target_type: string | null; target_id: string | null; target_name: string | null }>(
      "SELECT action, target_type, target_id, target_name FROM system_log WHERE user_id = $1 AND action LIKE 'tu-choi%'", [w.officer.id]);
    expect(refusals.length).toBeGreaterThan(0);
    // Its 'Đối tượng' is the bulletin that was not to be interrupted (#32 low item).
    expect(refusals[0]).toMatchObject({ target_type: 'phatngay', target_id: firstId, target_name: 'Cháy rừng' });
    await w.client.post('/v1/client/lichphat/dungkhancap', { id: firstId });
  });

  it('takes over when asked by an officer who may stop the first: it ends, saying by what, in its row, the log, the notification and the speakers’ history', async () => {
    const w = await world(['themsuaxoalichphat', 'dungphatchuongtrinh']);
    const firstId: string = (await send(w.client, info('Bão số 5', [w.areas.communeA]))).body.data.idlichphat;
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === firstId), 3000);
    const finished: { message?: string }[] = [];
    for (const s of w.speakers) s.on('event', (e) => e.type === 'finished' && e.sessionId === firstId && finished.push(e));

    const res = await send(w.officerClient, info('Sơ tán khẩn', [w.areas.communeA], { ngatphat: [firstId] }));
    expect(res.status).toBe(200);
    const secondId: string = res.body.data.idlichphat;
    await eventually(() => w.speakers.every((s) => s.playing?.sessionId === secondId), 3000);
    expect(server.app.engine.liveOf(firstId)).toBeNull();
    await eventually(() => finished.length === 2, 3000);
    expect(finished.map((e) => e.message)).toEqual(['takenOver', 'takenOver']);

    const row = (await findBroadcast(server.db, firstId))!;
    expect(row).toMatchObject({ status: 'stopped', end_reason: 'bi-ngat', stopped_by: w.officer.id });
    expect((await server.db.query<{ cut_by: string }>('SELECT cut_by FROM broadcasts WHERE id = $1', [firstId]))[0].cut_by).toBe(secondId);
    expect((await logOf(firstId)).find((e) => e.action === 'ngat-phat')?.detail).toMatchObject({ cach: 'ngat', boi: secondId, bantinmoi: 'Sơ tán khẩn' });
    const notes = await eventually(async () => {
      const rows = await server.db.query<{ title: string; body: string }>("SELECT title, body FROM notifications WHERE user_id = $1 AND kind = 'phat-ketthuc' AND target_id = $2", [w.admin.id, firstId]);
      return rows.length > 0 ? rows : null;
    }, 3000);
    expect(notes[0].title).toBe('Phát khẩn cấp bị ngắt: Bão số 5');
    expect(notes[0].body).toMatch(/^Chương trình "Bão số 5" đã bị ngắt bởi "Sơ tán khẩn" của Cán bộ xã A lúc \d\d:\d\d\.$/);
    await w.officerClient.post('/v1/client/lichphat/dungkhancap', { id: secondId });
  });
});
