import { describe, expect, it } from 'vitest';
import type { DraftSource } from '../types';
import { addSource, EMPTY_SOURCE_LIST, moveSource, removeSource, replaceSource } from './sourceList';
import { fileSource, relaySource } from './sourceDrafts';

const relay = (name: string, minutes: number): DraftSource => relaySource({ channel: 'nhapduongdan', tenkenh: name, url: `http://radio/${name}`, minutes: String(minutes) });
const file = (name: string, duration: number) => ({ fileName: name, url: `1700000000000abcd${name}`, duration, thoigianbatdau: 0, blob: new Blob(['x']), song: `blob:${name}` });
const timeline = (list: { sources: { thutu: number; liveThoigian: { batdau: number; ketthuc: number } }[] }) =>
  list.sources.map((s) => [s.thutu, s.liveThoigian.batdau, s.liveThoigian.ketthuc]);

describe('source list timeline (spec §4)', () => {
  it('appends a source at the current total and grows the total', () => {
    let list = addSource(EMPTY_SOURCE_LIST, relay('vov1', 2));
    expect(timeline(list)).toEqual([[1, 0, 120]]);
    list = addSource(list, fileSource([file('a.mp3', 30), file('b.mp3', 45)], 0));
    expect(timeline(list)).toEqual([[1, 0, 120], [2, 120, 195]]);
    expect(list.total).toBe(195);
    const files = list.sources[1]!.kieunguon === 'FILE' ? list.sources[1]!.files : [];
    expect(files.map((f) => f.thoigianbatdau)).toEqual([0, 30]);
  });

  it('recomputes order, offsets and total after an edit', () => {
    let list = addSource(addSource(EMPTY_SOURCE_LIST, relay('a', 1)), relay('b', 3));
    list = replaceSource(list, 0, relaySource({ channel: 'nhapduongdan', tenkenh: 'a2', url: 'http://a2', minutes: '5' }, list.sources[0]!.key));
    expect(timeline(list)).toEqual([[1, 0, 300], [2, 300, 480]]);
    expect(list.total).toBe(480);
    expect(list.sources[0]).toMatchObject({ tenkenh: 'a2', url: 'http://a2', thoiluong: 300 });
  });

  it('drops a FILE source left with no files on edit', () => {
    let list = addSource(addSource(EMPTY_SOURCE_LIST, fileSource([file('a.mp3', 10)], 0)), relay('b', 1));
    list = replaceSource(list, 0, fileSource([], 0, list.sources[0]!.key));
    expect(list.sources.map((s) => s.kieunguon)).toEqual(['Tiếp Sóng']);
    expect(timeline(list)).toEqual([[1, 0, 60]]);
  });

  it('recomputes after a delete', () => {
    let list = [relay('a', 1), relay('b', 2), relay('c', 3)].reduce(addSource, EMPTY_SOURCE_LIST);
    list = removeSource(list, 1);
    expect(timeline(list)).toEqual([[1, 0, 60], [2, 60, 240]]);
    expect(list.total).toBe(240);
  });

  it('recomputes after a drag, and ignores a move out of range', () => {
    let list = [relay('a', 1), relay('b', 2), relay('c', 3)].reduce(addSource, EMPTY_SOURCE_LIST);
    list = moveSource(list, 2, 0);
    expect(list.sources.map((s) => (s.kieunguon === 'Tiếp Sóng' ? s.tenkenh : ''))).toEqual(['c', 'a', 'b']);
    expect(timeline(list)).toEqual([[1, 0, 180], [2, 180, 240], [3, 240, 360]]);
    expect(moveSource(list, 0, -1)).toBe(list);
    expect(list.total).toBe(360);
  });
});
