import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/helpers';
import { bootstrap } from '../accounts/bootstrap';
import { findUserByLoginName } from '../accounts/accounts.queries';
import { listAreaGeography } from '../areas/geography.queries';
import { capMessageOf, chosenInfo } from './capAlert';
import { areasOfAlert } from './capAreas';
import { parseXml } from './capXml';
import { seedDemoCap } from './demoCap';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server.close());

describe('the demo (DEMO=1) and the README’s CAP example', () => {
  it('gives the demo’s units their real ĐVHC codes, so fixtures/vn-lu-quet.xml reaches Xã Hải Thượng instead of being refused', async () => {
    const adminUser = server.app.config.ADMIN_USER;
    await bootstrap(server.db, { adminUser, adminPassword: 'mat-khau-demo-1', demo: true });
    await seedDemoCap(server.app);
    await seedDemoCap(server.app); // every start: codes already set are kept, nothing doubles
    const admin = (await findUserByLoginName(server.db, adminUser))!;
    const codes = Object.fromEntries((await listAreaGeography(server.db, admin.admin_id)).map((a) => [a.ten, a.geocode]));
    expect(codes).toMatchObject({ 'Tỉnh Quảng Trị': '45', 'Huyện Hải Lăng': '470', 'Xã Hải Thượng': '19708', 'Xã Hải Khê': '19741', 'Thị trấn Diên Sanh': '19681' });

    const fixture = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'vn-lu-quet.xml'), 'utf8');
    const { root, node } = parseXml(fixture);
    const session = { user: admin, deviceId: 'test', actor: { userId: admin.id, tentaikhoan: admin.tentaikhoan, adminId: admin.admin_id, ip: '127.0.0.1' } };
    const areas = await areasOfAlert(server.db, session, chosenInfo(capMessageOf(root, node))!);
    expect(areas.map((a) => a.ten)).toEqual(['Xã Hải Thượng']);
  });
});
