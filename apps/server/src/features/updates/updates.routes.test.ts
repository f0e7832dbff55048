import { createHash } from 'node:crypto';
import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { EVENTS, SOURCE_KINDS, UPDATE_MESSAGES, topics } from '@loa/contract';
import { broadcastForm, eventually, signedInAdmin, startTestServer, type TestClient } from '../../../test/helpers';
import { makeMp3 } from '../../../test/audio';
import { buildDeb, rolloutsOf, signingKeys, updateWorld, uploadPackage } from '../../../test/updates';

const updates = updateWorld();
const { keys } = updates;
const logOf = (adminId: string, action: string) =>
  updates.server.db.query<{ outcome: string; detail: Record<string, unknown> | null }>('SELECT outcome, detail FROM system_log WHERE admin_id = $1 AND action = $2 ORDER BY id', [adminId, action]);

/** An administrator whose server holds signed packages of these versions. */
async function withPackages(...versions: string[]) {
  const admin = await signedInAdmin(updates.server);
  for (const version of versions) {
    const deb = buildDeb(version);
    expect((await uploadPackage(admin.client, deb, keys.sign(deb))).status).toBe(200);
  }
  return admin;
}

const box = (client: TestClient, areaId: string, version: string) => updates.box(client, areaId, version);

describe('POST /v1/client/capnhat/goi/tailen', () => {
  it('keeps a signed loa-speaker package, lists it, and refuses the same version twice', async () => {
    const admin = await signedInAdmin(updates.server);
    const deb = buildDeb('1.0.0');
    const res = await uploadPackage(admin.client, deb, keys.sign(deb));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ phienban: '1.0.0', kientruc: 'amd64', kichthuoc: deb.length, nguoitai: expect.any(String) });
    const listed = (await admin.client.get('/v1/client/capnhat/goi/danhsach')).body.data;
    expect(listed.map((p: { phienban: string }) => p.phienban)).toEqual(['1.0.0']);
    const again = await uploadPackage(admin.client, deb, keys.sign(deb));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(UPDATE_MESSAGES.duplicate);
    expect(await logOf(admin.admin.id, 'tai-goi-phan-mem')).toHaveLength(1);
    // Stored beside the audio, but never served as media: a box gets it with its own credentials.
    const sha256 = createHash('sha256').update(deb).digest('hex');
    expect(res.body.data.sha256).toBe(sha256);
    const asMedia = await fetch(`${updates.server.url}/media/goi/${sha256}`);
    expect(asMedia.status).toBe(404);
    expect(await asMedia.text()).not.toContain('loa-speaker');
  });

  it('refuses a bad signature, a tampered package, a file that is no package and another package, each logged, nothing kept', async () => {
    const admin = await signedInAdmin(updates.server);
    const deb = buildDeb('2.0.0');
    const otherKey = signingKeys();
    const tampered = Buffer.from(deb);
    tampered[tampered.length - 10] ^= 0xff;
    const mp3 = makeMp3(1);
    const otherPackage = buildDeb('2.0.0', { name: 'not-loa' });
    const cases: [Buffer, string | null, string, string][] = [
      [deb, otherKey.sign(deb), UPDATE_MESSAGES.badSignature, 'sai-chu-ky'],
      [tampered, keys.sign(deb), UPDATE_MESSAGES.badSignature, 'sai-chu-ky'],
      [mp3, keys.sign(mp3), UPDATE_MESSAGES.notDeb, 'khong-phai-deb'],
      [otherPackage, keys.sign(otherPackage), UPDATE_MESSAGES.notLoaSpeaker, 'khong-phai-loa-speaker'],
      [deb, null, UPDATE_MESSAGES.noSignature, 'thieu-chu-ky'],
    ];
    for (const [bytes, signature, message] of cases) {
      const res = await uploadPackage(admin.client, bytes, signature);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await admin.client.get('/v1/client/capnhat/goi/danhsach')).body.data).toEqual([]);
    const refusals = await logOf(admin.admin.id, 'tu-choi-goi-phan-mem');
    expect(refusals.map((r) => [r.outcome, r.detail?.lydo])).toEqual(cases.map((c) => ['denied', c[3]]));
  });

  it('refuses everything when the server has no signing key configured', async () => {
    const bare = await startTestServer();
    try {
      const admin = await signedInAdmin(bare);
      const deb = buildDeb('1.0.0');
      const res = await uploadPackage(admin.client, deb, keys.sign(deb));
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(UPDATE_MESSAGES.noPublicKey);
    } finally {
      await bare.close();
    }
  });
});

describe('rollouts (/v1/client/capnhat/trienkhai)', () => {
  it('goes stage by stage, holds while paused, resumes, shows progress per area, and rolls back to the previous version', async () => {
    const admin = await withPackages('1.0.0', '1.1.0');
    const first = await box(admin.client, admin.areas.communeA, '1.0.0');
    const others = [await box(admin.client, admin.areas.communeB, '1.0.0'), await box(admin.client, admin.areas.communeB, '1.0.0')];
    const sentTo = new Set<string>();
    for (const b of others) b.agent.on('command', (c) => c.type === 'update' && sentTo.add(b.deviceId));
    // The console's socket is told of every change, live (the page reads the rollout again).
    const socket = await admin.client.socket();
    const told: string[] = [];
    socket.on(EVENTS.rolloutsChanged, ({ _id }) => told.push(_id));

    const created = await admin.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.1.0', giaidoan: [{ thietbi: [first.deviceId] }, { diaban: [admin.areas.communeB] }] });
    expect(created.status).toBe(200);
    const id = created.body.data._id;
    await eventually(() => told.includes(id), 3000);
    const paused = await admin.client.post('/v1/client/capnhat/trienkhai/tamdung', { id });
    expect(paused.body.data.trangthai).toBe('tamdung');
    // Many dispatcher passes (100 ms apart): none sends the second stage while paused.
    await new Promise((r) => setTimeout(r, 1500));
    expect(sentTo.size).toBe(0);
    expect(others.map((b) => b.version)).toEqual(['1.0.0', '1.0.0']);
    expect((await admin.client.post('/v1/client/capnhat/trienkhai/tamdung', { id })).body.message).toBe(UPDATE_MESSAGES.notRunning);

    expect((await admin.client.post('/v1/client/capnhat/trienkhai/tieptuc', { id })).body.data.trangthai).toBe('dangchay');
    const done = await eventually(async () => (await rolloutsOf(admin.client)).find((r) => r._id === id && r.trangthai === 'hoantat'), 20_000, 200);
    expect([first, ...others].map((b) => b.version)).toEqual(['1.1.0', '1.1.0', '1.1.0']);
    expect(done.dem.xong).toBe(3);
    // Made, paused, resumed, each box sent it and reporting it, done: told each time, not polled for.
    expect(told.filter((x) => x === id).length).toBeGreaterThanOrEqual(6);
    socket.disconnect();
    const byArea = Object.fromEntries(done.theodiaban.map((a) => [a.diaban._id, [a.tong, a.dem.xong]]));
    expect(byArea).toEqual({ [admin.areas.communeA]: [1, 1], [admin.areas.communeB]: [2, 2] });
    // The device list shows each box's version as it reports it.
    const listed = (await admin.client.get('/v1/client/thietbi/danhsachthietbi?limit=100')).body.data;
    const rows = (listed.items ?? listed) as { _id: string; trangthai: { firmware: string } }[];
    expect(rows.find((d) => d._id === first.deviceId)?.trangthai.firmware).toBe('loa-speaker/1.1.0');

    const back = await admin.client.post('/v1/client/capnhat/trienkhai/hoanlai', { id });
    expect(back.status).toBe(200);
    expect(back.body.data.trangthai).toBe('danghoanlai');
    await eventually(async () => (await rolloutsOf(admin.client)).find((r) => r._id === id && r.trangthai === 'dahoanlai'), 20_000, 200);
    // A box reports the package installed before systemd restarts it into that version: each is running it a moment later.
    // (At least three: a box restarted twice, or not at all, is shown by the comparison below.)
    await eventually(() => [first, ...others].every((b) => b.runs.length >= 3), 30_000, 100)
      .catch(() => undefined);
    expect([first, ...others].map((b) => b.runs)).toEqual([['1.0.0', '1.1.0', '1.0.0'], ['1.0.0', '1.1.0', '1.0.0'], ['1.0.0', '1.1.0', '1.0.0']]);
    expect((await logOf(admin.admin.id, 'hoan-lai-cap-nhat'))).toHaveLength(1);
    expect((await admin.client.post('/v1/client/capnhat/trienkhai/hoanlai', { id })).body.message).toBe(UPDATE_MESSAGES.cannotRollBack);
    // Its waits for states add up to more than the default 30 s a test may take (a loaded machine: the
    // whole test ran out there while every state it waits for came within its own wait).
  }, 90_000);

  it('rolls back a box that came online after the rollout was made, its version unknown then', async () => {
    const admin = await withPackages('1.0.0', '1.1.0');
    const late = await updates.unstartedBox(admin.client, admin.areas.communeA);
    const created = await admin.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.1.0', giaidoan: [{ conlai: true }] });
    expect(created.status).toBe(200);
    const id = created.body.data._id;
    await late.start('1.0.0');
    await eventually(async () => (await rolloutsOf(admin.client)).find((r) => r._id === id && r.trangthai === 'hoantat'), 20_000, 200);
    expect(late.version).toBe('1.1.0');
    // The version it ran when it was sent the update is the one it goes back to.
    const back = await admin.client.post('/v1/client/capnhat/trienkhai/hoanlai', { id });
    expect(back.body.message).toBeUndefined();
    expect(back.status).toBe(200);
    await eventually(async () => (await rolloutsOf(admin.client)).find((r) => r._id === id && r.trangthai === 'dahoanlai'), 20_000, 200);
    await eventually(() => late.runs.length >= 3, 30_000, 100).catch(() => undefined);
    expect(late.runs).toEqual(['1.0.0', '1.1.0', '1.0.0']);
  }, 90_000);

  it('sends a box its update only once it has said it listens, not the moment it connects', async () => {
    const admin = await withPackages('1.0.0', '1.1.0');
    const b = await updates.unstartedBox(admin.client, admin.areas.communeA);
    // The box's link as the agent opens it: connected and subscribed to its own commands, its state reported or not yet.
    const connect = async () => {
      const link = await mqtt.connectAsync(`mqtt://127.0.0.1:${updates.server.app.broker.tcpPort}`, {
        clientId: b.deviceId, username: b.deviceId, password: b.secret, protocolVersion: 4, reconnectPeriod: 0,
      });
      await link.subscribeAsync(topics.deviceCmd(b.deviceId), { qos: 1 });
      return link;
    };
    const report = (link: mqtt.MqttClient) => link.publishAsync(topics.state(b.deviceId), JSON.stringify({ online: true, volume: 60, firmware: 'loa-speaker/1.0.0', playing: null, ts: Date.now() }), { qos: 1, retain: true });
    // It ran before: the server knows its version from then.
    const before = await connect();
    await report(before);
    await eventually(() => updates.server.app.gateway.liveOf(b.deviceId)?.firmware === 'loa-speaker/1.0.0', 3000);
    await before.endAsync();
    await eventually(() => updates.server.app.gateway.presence(b.deviceId)?.online === false, 3000);

    const link = await connect();
    try {
      const sent: string[] = [];
      link.on('message', (_topic, payload) => {
        const command = JSON.parse(payload.toString()) as { type: string; version?: string };
        if (command.type === 'update') sent.push(command.version!);
      });
      await eventually(() => updates.server.app.gateway.presence(b.deviceId)?.online, 3000);
      expect((await admin.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.1.0', giaidoan: [{ conlai: true }] })).status).toBe(200);
      // Many dispatcher passes (100 ms apart): an agent still joining drops a command, so none is sent yet.
      await new Promise((r) => setTimeout(r, 1500));
      expect(sent).toEqual([]);
      await report(link);
      await eventually(() => sent.length > 0, 10_000, 100);
      expect(sent[0]).toBe('1.1.0');
    } finally {
      await link.endAsync(true);
    }
  });

  it('refuses a downgrade that is not a rollback, and logs it', async () => {
    const admin = await withPackages('1.0.0', '1.1.0');
    const b = await box(admin.client, admin.areas.communeA, '1.1.0');
    // The server judges by the version the box reported.
    await eventually(() => updates.server.app.gateway.liveOf(b.deviceId)?.firmware === 'loa-speaker/1.1.0', 3000);
    const res = await admin.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.0.0', giaidoan: [{ conlai: true }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(UPDATE_MESSAGES.downgrade);
    expect(await rolloutsOf(admin.client)).toEqual([]);
    expect((await logOf(admin.admin.id, 'tu-choi-dot-cap-nhat')).map((r) => [r.outcome, r.detail?.lydo])).toEqual([['denied', 'ha-phien-ban']]);
  });

  it('sends no update to a box while it plays a broadcast, and sends it once the broadcast ends', async () => {
    const admin = await withPackages('1.0.0', '1.1.0');
    const b = await box(admin.client, admin.areas.communeA, '1.0.0');
    const sent: string[] = [];
    b.agent.on('command', (c) => c.type === 'update' && sent.push(c.version));
    const info = { tieude: 'Bản tin', loaibantin: 1, uutien: 1, diabanchon: [admin.areas.communeA], thietbichon: ['tatca'], kieulaplai: 0, thoigianlaplai: 0, solanlaplai: 1 };
    const relay = { kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 60, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: 60 };
    expect((await admin.client.post('/v1/client/phatngay/phatngay', broadcastForm(info, [relay]))).status).toBe(200);
    // A state to wait for, not a timing target (broadcast.spec times that): 3 s ran out once in a full run here.
    await eventually(() => b.agent.playing, 10_000, 100);

    const created = await admin.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.1.0', giaidoan: [{ conlai: true }] });
    expect(created.status).toBe(200);
    // Many dispatcher passes (100 ms apart) while it plays: the box is not sent the update.
    await new Promise((r) => setTimeout(r, 1500));
    expect(sent).toEqual([]);
    expect((await rolloutsOf(admin.client))[0].dem.cho).toBe(1);

    expect((await admin.client.get('/v1/client/phatngay/dungphatngay')).status).toBe(200);
    await eventually(() => b.version === '1.1.0', 10_000, 100);
    expect(b.runs).toEqual(['1.0.0', '1.1.0']);
  });

  it('leaves a box in its quiet hours alone, unless the rollout is forced', async () => {
    // Quiet hours are local time (UTC+7): an hour either side of now.
    const local = (offsetMs: number) => new Date(Date.now() + 7 * 3600_000 + offsetMs).toISOString().slice(11, 16);
    const quiet = { tu: local(-3600_000), den: local(3600_000) };
    const run = async (batbuoc: boolean) => {
      const admin = await withPackages('1.0.0', '1.1.0');
      expect((await admin.client.post('/v1/client/thietbi/update', { diaban: admin.areas.district, giotinh: quiet })).status).toBe(200);
      const b = await box(admin.client, admin.areas.communeA, '1.0.0');
      await eventually(() => updates.server.app.gateway.inQuietHours(b.deviceId), 3000);
      const sent: string[] = [];
      b.agent.on('command', (c) => c.type === 'update' && sent.push(c.version));
      expect((await admin.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.1.0', giaidoan: [{ conlai: true }], batbuoc })).status).toBe(200);
      return { admin, b, sent };
    };
    const polite = await run(false);
    const forced = await run(true);
    await eventually(() => forced.b.version === '1.1.0', 10_000, 100);
    // Meanwhile (many dispatcher passes, 100 ms apart) the box of the rollout that is not forced was left alone.
    expect(polite.sent).toEqual([]);
    expect((await rolloutsOf(polite.admin.client))[0]).toMatchObject({ trangthai: 'dangchay', dem: { cho: 1 } });
    const done = await eventually(async () => (await rolloutsOf(forced.admin.client)).find((r) => r.trangthai === 'hoantat'), 5000, 100);
    expect(done.batbuoc).toBe(true);
  });
});
