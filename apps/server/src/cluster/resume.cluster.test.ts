import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_KINDS, scheduleRemovedMessage, vnClock, type Device, type DeviceCommand, type Schedule } from '@loa/contract';
import { SilentPlayer, SpeakerAgent } from '@loa/speaker';
import { broadcastForm, eventually } from '../../test/helpers';
import { startClusterParts, type ClusterParts } from '../../test/cluster';
import { cleanupServers, signInSpawned, spawnServer, tempDataDir } from '../../test/serverProcess';
import { localDate } from '../features/schedules/recurrence';

/**
 * Issue #32: the instance running an emergency is killed with -9 while the emergency pre-empts a
 * programme another instance runs. The emergency ends while nobody holds its lease; the instance
 * that claims it ends it and hands the speakers back: the programme resumes where it stands.
 */

let parts: ClusterParts;
const agents: SpeakerAgent[] = [];

beforeAll(async () => {
  parts = await startClusterParts();
});

afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop().catch(() => undefined)));
  await cleanupServers();
  await parts?.stop();
});

const relay = (seconds: number) => [{ kieunguon: SOURCE_KINDS.relay, thoigianBatdau: 0, tenkenh: 'VOV1', url: 'http://127.0.0.1:9/vov1', thoiluong: seconds }];

describe('a pre-empted programme when the instance running the emergency dies', () => {
  it('resumes on the speakers through the other instance once the emergency has ended', async () => {
    const { env, mosquitto, scratch } = parts;
    // One after the other, as the failover test does: the first one migrates the database.
    const a = await spawnServer({ dataDir: tempDataDir(), env, startTimeoutMs: 60_000 });
    const b = await spawnServer({ dataDir: tempDataDir(), env, startTimeoutMs: 60_000 });
    const [onA, onB] = await Promise.all([signInSpawned(a), signInSpawned(b)]);
    const district = (await onA.post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện Hải Tân', cap: 'huyen', idcha: null })).body.data._id as string;
    const commune = (await onA.post('/v1/client/diaban/themmoi', { tendiaban: 'Xã Hải Tân', cap: 'xa', idcha: district })).body.data._id as string;
    const plays: Extract<DeviceCommand, { type: 'play' }>[] = [];
    for (let i = 0; i < 2; i += 1) {
      const device = (await onA.post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa Hải Tân ${i}`, diaban: commune, serial: `RS-${crypto.randomBytes(6).toString('hex')}` })).body.data;
      const agent = new SpeakerAgent({ mqttUrl: mosquitto.url, deviceId: device.thietbi._id, secret: device.secret, player: new SilentPlayer(), reconnectBaseMs: 200 });
      agent.on('command', (c: DeviceCommand) => c.type === 'play' && plays.push(c));
      agents.push(agent);
      await agent.start();
    }
    await eventually(() => agents.every((x) => x.areas.length > 0), 20_000);

    // A 10-minute programme, run by B.
    const programme = await onB.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Chương trình buổi sáng', loaibantin: 1, uutien: -1, diabanchon: [commune], thietbichon: ['tatca'], kieulaplai: 0 }, relay(600)));
    expect(programme.status, JSON.stringify(programme.body)).toBe(200);
    const programmeId = programme.body.data.idlichphat as string;
    await eventually(() => agents.every((x) => x.playing?.sessionId === programmeId), 10_000);
    // A 2-second emergency, run by A, pre-empts it; A dies as soon as the speakers play it. It must
    // end while nobody holds it: after A's death, before B may claim it. A renews its lease every
    // 0.5 s for 3 s, so B cannot claim it before about 2.5 s after the kill; 2 s from its start leaves
    // that margin even when a loaded machine is late with a renewal (a 3-second emergency raced it
    // and was sometimes claimed while still on air, then ended as having run its length).
    const emergency = await onA.post('/v1/client/phatngay/phatngay', broadcastForm(
      { tieude: 'Cảnh báo bão số 9', loaibantin: 1, uutien: 1, diabanchon: [commune], thietbichon: ['tatca'], kieulaplai: 0 }, relay(2)));
    expect(emergency.status, JSON.stringify(emergency.body)).toBe(200);
    const emergencyId = emergency.body.data.idlichphat as string;
    await eventually(() => agents.every((x) => x.playing?.sessionId === emergencyId), 10_000);
    await a.kill9();
    const killedAt = Date.now();
    plays.length = 0;

    // B claims the emergency once A's lease has run out, finds it over, and gives the programme back its speakers.
    await eventually(() => agents.every((x) => x.playing?.sessionId === programmeId), 15_000, 100);
    console.log(`programme resumed ${Date.now() - killedAt} ms after the emergency's server was killed`);
    const [{ run_started_at: runStart }] = await scratch.query<{ run_started_at: Date }>('SELECT run_started_at FROM broadcasts WHERE id = $1', [programmeId]);
    expect(plays.filter((p) => p.sessionId === programmeId).map((p) => p.startAt)).toContain(new Date(runStart).getTime());
    for (const agent of agents) expect(Math.abs(agent.playing!.position - (Date.now() - new Date(runStart).getTime()) / 1000)).toBeLessThan(1.5);
    const [ended] = await scratch.query<{ status: string; end_reason: string }>('SELECT status, end_reason FROM broadcasts WHERE id = $1', [emergencyId]);
    expect(ended).toEqual({ status: 'finished', end_reason: 'ket-thuc-khi-may-chu-dung' });

    expect((await onB.post('/v1/client/lichphat/dungkhancap', { id: programmeId })).status).toBe(200);
    await eventually(() => agents.every((x) => x.playing === null), 5000);
  });
});

describe('a schedule deleted through an instance whose scheduler does not lead', () => {
  it('shows there which plan each speaker holds, says how many holding it have not heard, as the leader would, and the others hear at once', async () => {
    const { env, mosquitto, scratch } = parts;
    // Who holds the scheduler's leader lock (scheduler.ts LEADER_LOCK).
    const leaderLocks = async () => (await scratch.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = 7042010 AND granted")).length;
    await cleanupServers();
    await eventually(async () => (await leaderLocks()) === 0, 10_000, 100);
    // A starts first and leads the scheduler (it publishes the speakers' plans); B follows.
    const a = await spawnServer({ dataDir: tempDataDir(), env, startTimeoutMs: 60_000 });
    expect(await leaderLocks()).toBe(1);
    const b = await spawnServer({ dataDir: tempDataDir(), env, startTimeoutMs: 60_000 });
    const [onA, onB] = await Promise.all([signInSpawned(a), signInSpawned(b)]);
    const district = (await onA.post('/v1/client/diaban/themmoi', { tendiaban: 'Huyện Lịch Xoá', cap: 'huyen', idcha: null })).body.data._id as string;
    const commune = (await onA.post('/v1/client/diaban/themmoi', { tendiaban: 'Xã Lịch Xoá', cap: 'xa', idcha: district })).body.data._id as string;
    const speakers: SpeakerAgent[] = [];
    for (let i = 0; i < 2; i += 1) {
      const device = (await onA.post('/v1/client/thietbi/themmoi', { tenthietbi: `Loa lịch ${i}`, diaban: commune, serial: `PD-${crypto.randomBytes(6).toString('hex')}` })).body.data;
      const agent = new SpeakerAgent({ mqttUrl: mosquitto.url, deviceId: device.thietbi._id, secret: device.secret, player: new SilentPlayer(), reconnectBaseMs: 200 });
      agents.push(agent);
      speakers.push(agent);
      await agent.start();
    }
    // A programme in two hours, in both speakers' plans; B's device list shows them holding it.
    const at = Math.ceil((Date.now() + 2 * 3600_000) / 60_000) * 60_000;
    const created = await onA.post('/v1/client/lichphat/taolichphat', {
      tieude: 'Chương trình chiều', nguonphat: relay(60), diabanchon: [commune], thietbichon: ['tatca'], loaibantin: 1,
      chedophat: 'motlan', ngaybatdau: localDate(at), giophat: [vnClock(at)],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const schedule = created.body.data as Schedule;
    await eventually(() => speakers.every((x) => x.plan.current?.occurrences.some((o) => o.scheduleId === schedule._id)), 15_000);
    const listOnB = async () => (await onB.get(`/v1/client/thietbi/laythietbi?diaban=${commune}`)).body.data as Device[];
    await eventually(async () => {
      const list = await listOnB();
      return list.length === 2 && list.every((d) => d.trangthai.online && d.trangthai.lichphat?.tinhtrang === 'sansang');
    }, 15_000, 200);

    // One speaker goes off the air; B sees it.
    await speakers[1].stop();
    await eventually(async () => (await listOnB()).map((d) => d.trangthai.online).sort().join() === 'false,true', 15_000, 200);

    const deleted = await onB.post('/v1/client/lichphat/xoalichphat', { id: schedule._id });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body.chuanhan, b.output()).toBe(1);
    expect(deleted.body.message).toBe(scheduleRemovedMessage(1));
    // The one online heard before the answer came: its plan no longer holds the programme.
    expect(speakers[0].plan.current?.occurrences.some((o) => o.scheduleId === schedule._id)).toBe(false);
  });
});
