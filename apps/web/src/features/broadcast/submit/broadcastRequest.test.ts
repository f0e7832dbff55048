import { describe, expect, it } from 'vitest';
import { broadcastError, MSG } from '@loa/contract';
import { addSource, EMPTY_SOURCE_LIST } from '../sources/sourceList';
import { fileSource, relaySource } from '../sources/sourceDrafts';
import { buildBroadcastBody, buildBroadcastInfo, EMPTY_FORM, fileProgress, serializeSources } from './broadcastRequest';

const user = { userID: 'u-1', idAdmin: 'admin-1' };
const draftFile = (name: string, bytes: number, duration: number) => ({ fileName: name, url: `17000000000000a1b2${name}`, duration, thoigianbatdau: 0, blob: new File([new Uint8Array(bytes)], name, { type: 'audio/mpeg' }), song: 'blob:x' });

describe('the broadcast request', () => {
  const form = { ...EMPTY_FORM, tieude: ' Bão số 3 ', diabanchon: ['xa-1'], thietbichon: ['tatca'], loaibantin: 2, kieulaplai: 2 as const, intervalMinutes: '5', solanlaplai: '3' };

  it('stores the interval in seconds, fixes priority 1 and names the user and admin', () => {
    const info = buildBroadcastInfo(form, 95, user, 1_000);
    expect(info).toMatchObject({ tieude: 'Bão số 3', thoiluong: 95, nguoitao: 'u-1', idAdmin: 'admin-1', uutien: 1, loaibantin: 2, kieulaplai: 2, thoigianlaplai: 300, solanlaplai: 3, diabanchon: ['xa-1'], thietbichon: ['tatca'], thoigianBatdauTimeline: 1_000, thoigianketthuc: 96_000 });
  });

  it('feeds the §5 checks: a missing priority is the second message', () => {
    expect(broadcastError(buildBroadcastInfo({ ...form, uutien: null }, 10, user), 1)).toBe(MSG.noPriority);
    expect(broadcastError(buildBroadcastInfo({ ...form, uutien: null, loaibantin: null }, 10, user), 1)).toBe(MSG.noMessageType);
  });

  it('refuses a repeat count that is not a whole number (1.5 is not rounded to 1)', () => {
    expect(broadcastError(buildBroadcastInfo({ ...form, solanlaplai: '1.5' }, 10, user), 1)).toBe(MSG.repeatCountWhole);
    expect(broadcastError(buildBroadcastInfo(form, 10, user), 1)).toBeNull();
  });

  it('sends thongtin, nguonphat and one files part per chosen MP3 under its original name', async () => {
    let list = addSource(EMPTY_SOURCE_LIST, fileSource([draftFile('a.mp3', 100, 30), draftFile('b.mp3', 300, 15)], 0));
    list = addSource(list, relaySource({ channel: 'nhapduongdan', tenkenh: 'VOV1', url: 'http://vov1', minutes: '2' }));
    const sources = serializeSources(list, form, 'u-1');
    const body = buildBroadcastBody(buildBroadcastInfo(form, list.total, user), sources, list);
    expect([...body.keys()]).toEqual(['thongtin', 'nguonphat', 'files', 'files']);
    const files = body.getAll('files') as File[];
    expect(files.map((f) => [f.name, f.size])).toEqual([['a.mp3', 100], ['b.mp3', 300]]);
    const nguonphat = JSON.parse(body.get('nguonphat') as string);
    expect(nguonphat).toEqual([
      { kieunguon: 'FILE', thoigianBatdau: 45, liveThoigian: { batdau: 0, ketthuc: 45 }, thutu: 1, userId: 'u-1', thongtin: { tieude: 'Bão số 3', nguoitao: 'u-1' }, sotab: 0,
        files: [{ fileName: 'a.mp3', url: '17000000000000a1b2a.mp3', duration: 30, thoigianbatdau: 0 }, { fileName: 'b.mp3', url: '17000000000000a1b2b.mp3', duration: 15, thoigianbatdau: 30 }] },
      { kieunguon: 'Tiếp Sóng', thoigianBatdau: 120, liveThoigian: { batdau: 45, ketthuc: 165 }, thutu: 2, userId: 'u-1', thongtin: { tieude: 'Bão số 3', nguoitao: 'u-1' }, sotab: 1, tenkenh: 'VOV1', url: 'http://vov1', thoiluong: 120 },
    ]);
    expect(JSON.parse(body.get('thongtin') as string)).toMatchObject({ thoiluong: 165, thoigianlaplai: 300 });
  });
});

describe('per-file upload progress', () => {
  it('shares the whole percent out by size in upload order', () => {
    expect(fileProgress([100, 300], 0)).toEqual([0, 0]);
    expect(fileProgress([100, 300], 25)).toEqual([100, 0]);
    expect(fileProgress([100, 300], 50)).toEqual([100, 33]);
    expect(fileProgress([100, 300], 100)).toEqual([100, 100]);
  });
});
