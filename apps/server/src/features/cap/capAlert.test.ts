import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CAP_MESSAGES } from '@loa/contract';
import { AppError } from '../../infra/errors';
import { capMessageOf, chosenInfo } from './capAlert';
import { parseXml } from './capXml';
import { broadcastsAtOnce, bulletinText } from './bulletin';

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');
const read = (xml: string) => {
  const { root, node } = parseXml(xml);
  return capMessageOf(root, node);
};
const refusal = (xml: string): string => {
  try {
    read(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    return (error as AppError).message;
  }
  throw new Error('accepted');
};
const minimal = (body: string, head = '') => `<?xml version="1.0"?>${head}<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">${body}</alert>`;
const HEADER = '<identifier>X-1</identifier><sender>a@b.vn</sender><sent>2026-01-01T00:00:00+07:00</sent><status>Actual</status><msgType>Alert</msgType><scope>Public</scope>';

describe('CAP 1.2 parsing: the examples of the specification (Appendix A)', () => {
  it('A.1 Homeland Security Advisory System alert', () => {
    const a = read(fixture('oasis-a1-homeland-security.xml'));
    expect(a).toMatchObject({ identifier: '43b080713727', sender: 'hsas@dhs.gov', status: 'Actual', msgType: 'Alert', scope: 'Public' });
    expect(a.info[0]).toMatchObject({ category: ['Security'], urgency: 'Immediate', severity: 'Severe', language: 'en-US', headline: 'Homeland Security Sets Code ORANGE' });
    expect(a.info[0].area).toEqual([{ areaDesc: 'U.S. nationwide and interests worldwide', polygon: [], circle: [], geocode: [] }]);
  });

  it('A.2 severe thunderstorm warning: polygon and three geocodes kept as text', () => {
    const a = read(fixture('oasis-a2-thunderstorm.xml'));
    const area = a.info[0].area[0];
    expect(area.polygon).toEqual(['38.47,-120.14 38.34,-119.95 38.52,-119.74 38.62,-119.89 38.47,-120.14']);
    expect(area.geocode.map((g) => g.value)).toEqual(['006109', '006009', '006003']);
    expect(a.info[0].responseType).toEqual(['Shelter']);
    expect(broadcastsAtOnce(a, a.info[0])).toBe(true);
  });

  it('A.3 earthquake report update: references and a circle', () => {
    const a = read(fixture('oasis-a3-earthquake-update.xml'));
    expect(a.msgType).toBe('Update');
    expect(a.refs).toEqual([{ sender: 'trinet@caltech.edu', identifier: 'TRI13970876.1', sent: '2003-06-11T20:30:00-07:00' }]);
    expect(a.info[0].area[0].circle).toEqual(['32.9525,-115.5527 0']);
    expect(broadcastsAtOnce(a, a.info[0])).toBe(false);
  });

  it('A.4 multilingual Amber alert: two info blocks, the first read when none is Vietnamese', () => {
    const a = read(fixture('oasis-a4-amber-alert.xml'));
    expect(a.info.map((i) => i.language)).toEqual(['en-US', 'es-US']);
    expect(chosenInfo(a)?.headline).toBe('Amber Alert in Los Angeles County');
    expect(a.info[1].event).toBe('Abducción de Niño');
  });
});

describe('Vietnamese alerts', () => {
  it('reads a prefixed document with character references and builds the bulletin in Vietnamese', () => {
    const a = read(fixture('vn-bao-ban-nhap.xml'));
    const info = chosenInfo(a)!;
    expect(info.headline).toBe('Tin bão gần bờ – bão số 5');
    expect(info.description).toContain('cấp 11 & giật cấp 13');
    expect(broadcastsAtOnce(a, info)).toBe(false);
    expect(bulletinText(a, info)).toBe('Thông báo cảnh báo. Trung tâm Dự báo Khí tượng Thủy văn Quốc gia thông báo. Tin bão gần bờ – bão số 5. Mức độ: Nghiêm trọng. '
      + 'Hồi 10 giờ, vị trí tâm bão ở khoảng 16,5 độ Vĩ Bắc; 108,9 độ Kinh Đông. Sức gió mạnh nhất vùng gần tâm bão cấp 11 & giật cấp 13. '
      + 'Hướng dẫn: Chằng chống nhà cửa, đưa tàu thuyền vào nơi tránh trú an toàn.');
  });

  it('opens an Extreme, Immediate alert as an emergency and keeps the instruction when the description is long', () => {
    const a = read(fixture('vn-lu-quet.xml'));
    const info = chosenInfo(a)!;
    expect(broadcastsAtOnce(a, info)).toBe(true);
    expect(bulletinText(a, info)).toMatch(/^Thông báo khẩn cấp\. Đài Khí tượng Thủy văn tỉnh Quảng Trị thông báo\. Cảnh báo lũ quét và sạt lở đất khẩn cấp\. Mức độ: Cực kỳ nghiêm trọng\./);
    const long = bulletinText(a, { ...info, description: 'Mưa rất to. '.repeat(400) });
    expect(long.length).toBeLessThanOrEqual(3000);
    expect(long.endsWith(`Hướng dẫn: ${info.instruction}`)).toBe(true);
  });
});

describe('hostile and malformed XML is refused with a clear message', () => {
  it('refuses entity expansion (billion laughs) and external entities before parsing', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>${minimal(`${HEADER}<note>&lol2;</note>`)}`;
    expect(refusal(laughs)).toBe(CAP_MESSAGES.doctype);
    const external = `<?xml version="1.0"?><!DOCTYPE alert [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${minimal(`${HEADER}<note>&xxe;</note>`)}`;
    expect(refusal(external)).toBe(CAP_MESSAGES.doctype);
    expect(refusal(minimal(`${HEADER}<note>&xxe;</note>`))).toContain('thực thể không xác định &xxe;');
  });

  it('refuses documents over 1 MB, broken XML, other roots and other CAP versions', () => {
    expect(refusal(minimal(`${HEADER}<note>${'x'.repeat(1024 * 1024)}</note>`))).toBe(CAP_MESSAGES.tooLarge);
    expect(refusal('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2"><identifier>x</alert>')).toMatch(/^Tài liệu XML không hợp lệ: dòng 1/);
    expect(refusal('<feed xmlns="http://www.w3.org/2005/Atom"/>')).toBe(CAP_MESSAGES.notCap);
    expect(refusal('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.1"><identifier>x</identifier></alert>')).toBe(CAP_MESSAGES.notCap);
    expect(refusal('   ')).toBe(CAP_MESSAGES.empty);
    const deep = `${'<a>'.repeat(200)}${'</a>'.repeat(200)}`;
    expect(refusal(deep)).toMatch(/^Tài liệu XML không hợp lệ/);
  });

  it('names the rule of the CAP 1.2 schema an alert breaks', () => {
    expect(refusal(minimal(HEADER.replace('<status>Actual</status>', '<status>Real</status>')))).toContain('<status> "Real" không thuộc Actual, Exercise, System, Test, Draft');
    expect(refusal(minimal(HEADER.replace('<sender>a@b.vn</sender>', '')))).toContain('thiếu <sender>');
    expect(refusal(minimal(HEADER.replace('+07:00', 'Z')))).toContain('<sent> phải có dạng');
    expect(refusal(minimal(HEADER.replace('X-1', 'X 1')))).toContain('<identifier> không được chứa dấu cách');
    expect(refusal(minimal(`${HEADER}<info><category>Met</category><event>Bão</event><urgency>Immediate</urgency><severity>Severe</severity></info>`))).toContain('info › certainty: thiếu <certainty>');
    expect(refusal(minimal(`${HEADER}<info><category>Met</category><event>Bão</event><urgency>Immediate</urgency><severity>Severe</severity><certainty>Likely</certainty><area><areaDesc>x</areaDesc><polygon>1,2 3,4</polygon></area></info>`))).toContain('đa giác <polygon>');
    expect(refusal(minimal(`${HEADER.replace('Alert', 'Update')}<references>a@b.vn,X-0</references>`))).toContain('<references>');
    expect(refusal(minimal(HEADER.replace('Public', 'Restricted')))).toContain('cần <restriction>');
  });
});
