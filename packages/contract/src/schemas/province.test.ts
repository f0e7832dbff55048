import { describe, expect, it } from 'vitest';
import { EMERGENCY_PRIORITY, NORMAL_PRIORITY, PRIORITIES, isPriority } from '../constants';
import { MSG } from '../messages';
import { broadcastError } from './broadcast';
import { scheduleBodySchema } from './schedules';
import { priorityOfLevel, provinceLevelOf, provincePayloadError, type ProvinceEnvelope } from './province';

const info = (uutien: number | null) => ({ loaibantin: 1, uutien, diabanchon: ['a'], thietbichon: ['tatca'], tieude: 'x', kieulaplai: 0 as const, thoigianlaplai: 0, solanlaplai: 1 });

describe('priority levels', () => {
  it('are khẩn cấp, ưu tiên, thông thường, strongest first, the spec\'s emergency keeping id 1', () => {
    expect(PRIORITIES.map((p) => [p.id, p.ten, p.muc])).toEqual([[1, 'Bản tin khẩn cấp', 1], [0, 'Bản tin ưu tiên', 2], [-1, 'Bản tin thông thường', 3]]);
    expect(EMERGENCY_PRIORITY).toBe(1);
    for (const p of PRIORITIES) expect(priorityOfLevel(provinceLevelOf(p.id))).toBe(p.id);
  });

  it('are the only priorities a broadcast or a schedule may have', () => {
    for (const p of PRIORITIES) expect(broadcastError(info(p.id), 1)).toBeNull();
    for (const bad of [2, -2, null]) expect(broadcastError(info(bad), 1)).toBe(MSG.noPriority);
    expect(isPriority(0.5)).toBe(false);
    const schedule = { tieude: 'x', ngaybatdau: '2030-01-01' };
    expect(scheduleBodySchema.parse(schedule).uutien).toBe(NORMAL_PRIORITY);
    expect(scheduleBodySchema.parse({ ...schedule, uutien: 0 }).uutien).toBe(0);
    expect(scheduleBodySchema.safeParse({ ...schedule, uutien: 2 }).error?.issues[0].message).toBe(MSG.noPriority);
  });
});

describe('province messages', () => {
  const device = { mathietbi: 'd-1', tenthietbi: 'Loa chợ', soserial: 'IMEI-1', madiaban: 'xa-1', vido: 16.7, kinhdo: 107.2, amluong: 70, trangthai: 'hoatdong' };
  const envelope = (loai: ProvinceEnvelope['loai'], thaotac: ProvinceEnvelope['thaotac'], dulieu: Record<string, unknown>): ProvinceEnvelope => ({ idthongdiep: 'm-1', loai, thaotac, thoidiem: '2026-03-04T01:00:00.000Z', dulieu });

  it('checks each payload against its kind and operation, naming the first field wrong', () => {
    expect(provincePayloadError(envelope('thietbi', 'them', device))).toBeNull();
    expect(provincePayloadError(envelope('thietbi', 'them', { ...device, soserial: undefined }))).toMatch(/^dulieu\.soserial: /);
    expect(provincePayloadError(envelope('thietbi', 'them', { ...device, vido: 95 }))).toMatch(/^dulieu\.vido: /);
    expect(provincePayloadError(envelope('thietbi', 'them', { ...device, thua: 1 }))).toMatch(/^dulieu\.: /);
    expect(provincePayloadError(envelope('diaban', 'huy', { madiaban: 'x' }))).toBe('thaotac "huy" không dùng cho loai "diaban"');
    expect(provincePayloadError(envelope('nhatkyphat', 'baocao', { mathietbi: 'd-1', mabantin: null, maphien: null, sukien: 'batdau', thutu: 0, thoidiem: '2026-03-04T01:00:00Z', loi: null }))).toBeNull();
  });
});
