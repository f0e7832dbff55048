import crypto from 'node:crypto';
import { createFleet, type Fleet } from '@loa/speaker';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../auth/tokens';
import { listAllAreas } from '../areas/areas.queries';
import { findUserByLoginName } from '../accounts/accounts.queries';
import { insertDevice, setSecretHashes } from './devices.queries';

/** Rough centres of the demo communes (Hải Lăng, Quảng Trị); speakers are placed around them. */
export const DEMO_CENTRES: Record<string, [number, number]> = {
  'Thị trấn Diên Sanh': [16.6962, 107.2380], 'Xã Hải An': [16.7840, 107.2150], 'Xã Hải Ba': [16.7460, 107.2480],
  'Xã Hải Chánh': [16.6720, 107.2090], 'Xã Hải Định': [16.7150, 107.2950], 'Xã Hải Dương': [16.7330, 107.3200],
  'Xã Hải Hưng': [16.7030, 107.2610], 'Xã Hải Khê': [16.7670, 107.2760], 'Xã Hải Lâm': [16.6410, 107.2200],
  'Xã Hải Phong': [16.6880, 107.3120], 'Xã Hải Phú': [16.7600, 107.1940], 'Xã Hải Quy': [16.7250, 107.1880],
  'Xã Hải Sơn': [16.6500, 107.2630], 'Xã Hải Thượng': [16.7400, 107.2100],
};
const PLACES = ['Chợ', 'Trường tiểu học', 'Nhà văn hoá', 'Trạm y tế', 'Ngã ba', 'Bến đò'];
const DEMO_SERIAL_PREFIX = 'DEMO-';
const DEMO_COUNT = 30;

/** A seeded pseudo-random walk so the demo fleet is laid out the same way on every start. */
function seeded(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

/**
 * DEMO=1: registers about 30 demo speakers in the demo communes (once) and runs them as
 * simulated agents in this process with fresh secrets, so a new user sees a live fleet at once.
 */
export async function startDemoFleet(app: FastifyInstance, mqttUrl: string): Promise<Fleet | null> {
  const admin = await findUserByLoginName(app.db, app.config.ADMIN_USER);
  if (!admin) return null;
  const communes = (await listAllAreas(app.db)).filter((a) => a.admin_id === admin.admin_id && a.cap === 'xa' && DEMO_CENTRES[a.ten]);
  if (communes.length === 0) return null;
  let demo = await app.db.query<{ id: string }>(`SELECT id FROM devices WHERE admin_id = $1 AND serial LIKE $2 ORDER BY serial`, [admin.admin_id, `${DEMO_SERIAL_PREFIX}%`]);
  if (demo.length === 0) {
    const random = seeded(2026);
    for (let i = 0; i < DEMO_COUNT; i += 1) {
      const commune = communes[i % communes.length];
      const [lat, lng] = DEMO_CENTRES[commune.ten];
      await insertDevice(app.db, {
        id: crypto.randomUUID(), adminId: admin.admin_id, areaId: commune.id,
        name: `${PLACES[Math.floor(i / communes.length) % PLACES.length]} ${commune.ten.replace(/^(Xã|Thị trấn) /, '')}`,
        serial: `${DEMO_SERIAL_PREFIX}${String(i + 1).padStart(4, '0')}`,
        lat: lat + (random() - 0.5) * 0.012, lng: lng + (random() - 0.5) * 0.012, note: 'Loa mô phỏng (DEMO)', secretHash: '',
      });
    }
    demo = await app.db.query<{ id: string }>(`SELECT id FROM devices WHERE admin_id = $1 AND serial LIKE $2 ORDER BY serial`, [admin.admin_id, `${DEMO_SERIAL_PREFIX}%`]);
  }
  // Fresh secrets on every start: the simulated agents hold them in memory only.
  const devices = demo.map((d) => ({ id: d.id, secret: crypto.randomBytes(32).toString('base64url') }));
  await setSecretHashes(app.db, devices.map((d) => ({ id: d.id, hash: sha256(d.secret) })));
  // With MQTT_DYNSEC the broker gets each demo speaker's account with its fresh secret.
  for (const d of devices) await app.gateway.refreshDevice(d.id, { secret: d.secret });
  const fleet = createFleet({ mqttUrl, devices, firmware: 'loa-sim-1.0' });
  app.log.info({ count: devices.length }, 'demo speakers started');
  return fleet;
}
