import type { FastifyInstance } from 'fastify';
import { SERVER_ACTOR } from '@loa/contract';
import { findUserByLoginName } from '../accounts/accounts.queries';
import { DEMO_GEOCODES } from '../areas/demoAreas';
import { listAreaGeography, saveAreaGeography } from '../areas/geography.queries';
import { DEMO_CENTRES } from '../devices/demoFleet';
import { capMessageOf } from './capAlert';
import { parseXml } from './capXml';
import { receiveAlert } from './cap.service';

/** Half the side of a demo commune's outline, in degrees (about 1.3 km): illustrative, not the real boundary. */
const HALF = 0.012;

/**
 * A sample alert of the demo: a coastal warning reaching two communes by its polygon. It is a
 * "Test" message, so it is listed with what it became (ignored) and nothing is planned or played
 * (the end-to-end tests run on the demo too).
 */
const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>LOA-DEMO-TRIEU-CUONG-1</identifier><sender>demo@loa.invalid</sender><sent>2026-01-01T06:00:00+07:00</sent>
  <status>Test</status><msgType>Alert</msgType><scope>Public</scope>
  <info>
    <language>vi-VN</language><category>Met</category><event>Triều cường, sóng lớn ven biển</event>
    <urgency>Expected</urgency><severity>Moderate</severity><certainty>Likely</certainty>
    <senderName>Bản tin mẫu của bản trình diễn</senderName>
    <headline>Cảnh báo triều cường và sóng lớn vùng ven biển</headline>
    <description>Chiều nay triều cường kết hợp sóng lớn có thể gây ngập vùng trũng thấp ven biển và cửa sông.</description>
    <instruction>Không ra khơi, không neo đậu tàu thuyền ở cửa sông; kê cao tài sản ở vùng trũng.</instruction>
    <area><areaDesc>Ven biển Hải An, Hải Khê</areaDesc>
      <polygon>16.765,107.210 16.765,107.290 16.800,107.290 16.800,107.210 16.765,107.210</polygon></area>
  </info>
</alert>`;

/**
 * DEMO=1: gives the demo's units their real ĐVHC codes and the communes illustrative outlines
 * (squares around their centres, drawn on the device map) once, and receives one sample test alert
 * once, so the Kết nối page and the map show what CAP does from the first start, and the README's
 * example alert (by code) reaches its commune.
 */
export async function seedDemoCap(app: FastifyInstance): Promise<void> {
  const admin = await findUserByLoginName(app.db, app.config.ADMIN_USER);
  if (!admin) return;
  const areas = await listAreaGeography(app.db, admin.admin_id);
  const codesInUse = new Set(areas.map((a) => a.geocode?.toLowerCase()).filter(Boolean));
  for (const area of areas) {
    // Each demo unit gets its real ĐVHC code once, unless it has one or another area took that code.
    const geocode = DEMO_GEOCODES[area.ten];
    if (geocode && !area.geocode && !codesInUse.has(geocode)) {
      await saveAreaGeography(app.db, area.id, admin.admin_id, { geocode });
      codesInUse.add(geocode);
    }
    const centre = DEMO_CENTRES[area.ten];
    if (!centre || area.boundary) continue;
    const [lat, lng] = centre;
    await saveAreaGeography(app.db, area.id, admin.admin_id, {
      boundary: { type: 'Polygon', coordinates: [[[lng - HALF, lat - HALF], [lng + HALF, lat - HALF], [lng + HALF, lat + HALF], [lng - HALF, lat + HALF], [lng - HALF, lat - HALF]]] },
    });
  }
  if ((await app.db.query(`SELECT 1 FROM cap_alerts WHERE admin_id = $1 AND sender = 'demo@loa.invalid'`, [admin.admin_id])).length > 0) return;
  const { root, node } = parseXml(SAMPLE);
  const session = { user: admin, deviceId: 'demo', actor: { userId: admin.id, tentaikhoan: 'Bản tin mẫu (DEMO)', adminId: admin.admin_id, ip: SERVER_ACTOR.ip } };
  await receiveAlert(app.capDeps, session, capMessageOf(root, node), { kind: 'feed', name: 'Bản tin mẫu (DEMO)' });
}
