/**
 * The hostile CAP alert of issue #27 and the areas it meets, for the test and the benchmark: eight
 * communes in a row with 1,500-point outlines, a 55,000-point polygon of about 0.9 MB between two
 * of them (touching none, so a naive matcher compares every point with every point), and the
 * largest alert Loa accepts: 2 polygons of 5,000 points, each a long ellipse across four outlines.
 */
import { CAP_MAX_ALERT_POINTS, CAP_MAX_POLYGON_POINTS } from '@loa/contract';

type Ring = [number, number][];

/** A closed ring of `points` points around (lon, lat), radii in degrees (east–west, north–south), GeoJSON order. */
function circleRing(lon: number, lat: number, radius: number, points: number, radiusNorth = radius): Ring {
  const ring: Ring = [];
  for (let i = 0; i < points - 1; i += 1) {
    const a = (2 * Math.PI * i) / (points - 1);
    ring.push([Number((lon + radius * Math.cos(a)).toFixed(4)), Number((lat + radiusNorth * Math.sin(a)).toFixed(4))]);
  }
  ring.push(ring[0]);
  return ring;
}

export const HOSTILE_COMMUNES = 8;
const LAT = 16.5;
const communeLon = (i: number) => 106.6 + 0.12 * i;

/** The outline of commune i (0–7): 1,500 points, radius 0.05° (about 5 km). */
export function communeOutline(i: number, points = 1500): { type: 'Polygon'; coordinates: Ring[] } {
  return { type: 'Polygon', coordinates: [circleRing(communeLon(i), LAT, 0.05, points)] };
}

/** A CAP polygon's text: "lat,lon" pairs. */
const capText = (ring: Ring) => ring.map(([lon, lat]) => `${lat},${lon}`).join(' ');

function alertXml(identifier: string, polygons: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${identifier}</identifier><sender>canhbao@kttv.gov.vn</sender><sent>2026-09-17T05:30:00+07:00</sent>
  <status>Actual</status><msgType>Alert</msgType><scope>Public</scope>
  <info>
    <language>vi-VN</language><category>Met</category><event>Lũ quét</event>
    <urgency>Immediate</urgency><severity>Extreme</severity><certainty>Observed</certainty>
    <headline>Cảnh báo lũ quét</headline>
    <area><areaDesc>Vùng cảnh báo</areaDesc>${polygons.map((p) => `<polygon>${p}</polygon>`).join('')}</area>
  </info>
</alert>`;
}

/** 55,000 points between communes 0 and 1 (in the 0.02° gap between their outlines). */
export function hostileAlert(identifier: string, points = 55_000): string {
  return alertXml(identifier, [capText(circleRing((communeLon(0) + communeLon(1)) / 2, LAT, 0.005, points))]);
}

/** The largest alert accepted: CAP_MAX_ALERT_POINTS points in polygons of CAP_MAX_POLYGON_POINTS, reaching all eight communes. */
export function largestAlert(identifier: string): string {
  const count = CAP_MAX_ALERT_POINTS / CAP_MAX_POLYGON_POINTS;
  const perPolygon = HOSTILE_COMMUNES / count;
  const polygons = Array.from({ length: count }, (_, k) => {
    const [first, last] = [communeLon(k * perPolygon), communeLon((k + 1) * perPolygon - 1)];
    return capText(circleRing((first + last) / 2, LAT, (last - first) / 2 + 0.02, CAP_MAX_POLYGON_POINTS, 0.02));
  });
  return alertXml(identifier, polygons);
}
