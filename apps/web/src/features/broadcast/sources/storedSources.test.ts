import { describe, expect, it } from 'vitest';
import { buildProgrammeBody } from '../../programmes/programmeBody';
import { newSourceKey } from '../types';
import { addSource, EMPTY_SOURCE_LIST } from './sourceList';
import { listFromStored, mediaUrl, pendingUploads, storedSourcesOf, withStoredFiles } from './storedSources';

const chosen = (name: string, duration: number) => ({ fileName: name, url: `1700-abc-${name}`, duration, thoigianbatdau: 0, blob: new Blob(['x'.repeat(10)]), song: 'blob:x' });

describe('programme body with uploaded file references', () => {
  it('replaces each chosen file by what uploadfile stored, in order, keeping stored files and other sources', () => {
    let list = listFromStored([{ kieunguon: 'FILE', thoigianBatdau: 60, files: [{ fileName: 'cu.mp3', url: 'audio/old-cu.mp3', duration: 60 }] }]);
    list = addSource(list, { key: newSourceKey(), kieunguon: 'FILE', sotab: 0, thoigianBatdau: 50, files: [chosen('a.mp3', 20), chosen('b.mp3', 30)] });
    list = addSource(list, { key: newSourceKey(), kieunguon: 'Tiếp Sóng', tenkenh: 'VOV1', url: 'http://radio/vov1', thoiluong: 600, thoigianBatdau: 600 });
    expect(pendingUploads(list).map((p) => p.fileName)).toEqual(['a.mp3', 'b.mp3']);

    const stored = withStoredFiles(list, [
      { fileName: 'a.mp3', url: 'audio/1-aa-a.mp3', duration: 21 },
      { fileName: 'b.mp3', url: 'audio/2-bb-b.mp3', duration: 29.5 },
    ]);
    expect(pendingUploads(stored)).toEqual([]);
    const body = buildProgrammeBody({ ten: ' Thời sự ', loaibantin: 3 }, stored);
    expect(body.ten).toBe('Thời sự');
    expect(body.loaibantin).toBe(3);
    expect(body.nguonphat).toEqual([
      expect.objectContaining({ kieunguon: 'FILE', thutu: 1, files: [{ fileName: 'cu.mp3', url: 'audio/old-cu.mp3', duration: 60, thoigianbatdau: 0 }] }),
      expect.objectContaining({
        kieunguon: 'FILE', thutu: 2, thoigianBatdau: 50.5, liveThoigian: { batdau: 60, ketthuc: 110.5 },
        files: [{ fileName: 'a.mp3', url: 'audio/1-aa-a.mp3', duration: 21, thoigianbatdau: 0 }, { fileName: 'b.mp3', url: 'audio/2-bb-b.mp3', duration: 29.5, thoigianbatdau: 21 }],
      }),
      expect.objectContaining({ kieunguon: 'Tiếp Sóng', thutu: 3, liveThoigian: { batdau: 110.5, ketthuc: 710.5 } }),
    ]);
    // No browser-only field reaches the server.
    expect(JSON.stringify(body)).not.toMatch(/blob|song|"key"/);
  });

  it('refuses an upload answer that does not match the files sent', () => {
    const list = addSource(EMPTY_SOURCE_LIST, { key: newSourceKey(), kieunguon: 'FILE', sotab: 0, thoigianBatdau: 20, files: [chosen('a.mp3', 20)] });
    expect(() => withStoredFiles(list, [])).toThrow();
  });

  it('plays stored keys from /media and leaves addresses alone', () => {
    expect(mediaUrl('audio/1-ab-bản tin.mp3')).toBe('/media/audio/1-ab-b%E1%BA%A3n%20tin.mp3');
    expect(mediaUrl('/media/tts/x.mp3')).toBe('/media/tts/x.mp3');
    expect(storedSourcesOf(listFromStored([{ kieunguon: 'bogus' }]))).toEqual([]);
  });
});
