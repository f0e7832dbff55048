import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceEvent } from '@loa/contract';
import { DeviceGateway } from '../../gateway/gateway';
import { eventually, signedInAdmin } from '../../../test/helpers';
import { buildDeb, rolloutsOf, updateWorld, uploadPackage } from '../../../test/updates';

// The box side of remote updates (issue #31 item 3): real agents against the real server and
// broker, with a fake installer (it records the installed package's version) and a restart that
// starts the installed version, as systemd would.

const updates = updateWorld();
const { keys } = updates;

async function world(box: { unreachable?: Set<string>; confirmMs?: number } = {}) {
  const admin = await signedInAdmin(updates.server);
  for (const version of ['1.0.0', '1.1.0']) {
    const deb = buildDeb(version);
    expect((await uploadPackage(admin.client, deb, keys.sign(deb))).status).toBe(200);
  }
  return { ...admin, box: await updates.box(admin.client, admin.areas.communeA, '1.0.0', box) };
}

describe('the agent updater', () => {
  it('refuses a package whose signature does not match (the server was tampered with), installs nothing, and the rollout pauses', async () => {
    const w = await world();
    // The stored signature is replaced by one of other bytes: what a box downloads no longer matches it.
    await updates.server.db.query(`UPDATE agent_packages SET signature = $2 WHERE admin_id = $1 AND version = '1.1.0'`, [w.admin.id, keys.sign(Buffer.from('other bytes'))]);
    const created = await w.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.1.0', giaidoan: [{ thietbi: [w.box.deviceId] }] });
    expect(created.status).toBe(200);
    const paused = await eventually(async () => (await rolloutsOf(w.client)).find((r) => r.trangthai === 'tamdung'), 10_000, 100);
    expect(paused.loi).toEqual([{ thietbi: { _id: w.box.deviceId, tenthietbi: expect.any(String) }, trangthai: 'loi', thongbao: expect.stringContaining('chữ ký gói không hợp lệ') }]);
    expect(w.box.runs).toEqual(['1.0.0']);
    expect(fs.existsSync(path.join(w.box.dir, 'installed-version'))).toBe(false);
    const [logged] = await updates.server.db.query<{ outcome: string; detail: { ketqua: string } }>(`SELECT outcome, detail FROM system_log WHERE action = 'loa-cap-nhat' AND target_id = $1`, [w.box.deviceId]);
    expect(logged).toMatchObject({ outcome: 'failed', detail: { ketqua: 'refused' } });
  });

  it('goes back to the previous version, and says so, when the new one cannot reconnect in time', async () => {
    const w = await world({ unreachable: new Set(['1.1.0']), confirmMs: 1500 });
    const created = await w.client.post('/v1/client/capnhat/trienkhai/themmoi', { phienban: '1.1.0', giaidoan: [{ thietbi: [w.box.deviceId] }] });
    expect(created.status).toBe(200);
    const paused = await eventually(async () => (await rolloutsOf(w.client)).find((r) => r.trangthai === 'tamdung'), 20_000, 100);
    // It installed 1.1.0, which never reached the broker; after 1.5 s it put 1.0.0 back and reported it from there.
    expect(w.box.runs, JSON.stringify(paused.loi)).toEqual(['1.0.0', '1.1.0', '1.0.0']);
    expect(paused.dem.tuquaylai).toBe(1);
    expect(paused.loi[0]).toMatchObject({ trangthai: 'tuquaylai', thongbao: expect.stringContaining('đã quay về 1.0.0') });
    await eventually(() => w.box.agent.connected, 3000);
    expect(updates.server.app.gateway.liveOf(w.box.deviceId)?.firmware).toBe('loa-speaker/1.0.0');
  });

  it('refuses a downgrade that is not a rollback, even when a command asks for it', async () => {
    const w = await world();
    const reports: DeviceEvent[] = [];
    const off = updates.server.app.bus.on('device.event', ({ deviceId, event }) => deviceId === w.box.deviceId && event.type === 'update' && reports.push(event));
    const packages = [{ architecture: 'amd64', url: '/v1/thietbi/capnhat/goi/x', size: 1, sha256: '0'.repeat(64), signature: '' }];
    await updates.server.app.gateway.command({ deviceIds: [w.box.deviceId] }, { ...DeviceGateway.envelope(), type: 'update', rolloutId: 'thu', version: '0.9.0', packages });
    await eventually(() => reports.length > 0, 3000);
    off();
    expect(reports[0]).toMatchObject({ outcome: 'refused', version: '1.0.0', message: expect.stringContaining('không hạ phiên bản') });
    expect(w.box.runs).toEqual(['1.0.0']);
  });
});
