import { layoutTimeline, sourceSchema, type Source } from '@loa/contract';
import { newSourceKey, type DraftSource } from '../types';
import type { SourceList } from './sourceList';

/** The /media address the server serves a stored key ('audio/…', 'tts/…') from. */
export function mediaUrl(keyOrUrl: string): string {
  if (/^(\/|https?:|blob:)/.test(keyOrUrl)) return keyOrUrl;
  return `/media/${keyOrUrl.split('/').map(encodeURIComponent).join('/')}`;
}

/** Sources saved on the server (a programme's or a schedule's nguonphat) as editable drafts; unreadable entries are left out. */
export function draftsFromStored(stored: readonly unknown[]): DraftSource[] {
  return stored.flatMap((raw): DraftSource[] => {
    const parsed = sourceSchema.safeParse(raw);
    if (!parsed.success) return [];
    const source = parsed.data;
    const key = newSourceKey();
    if (source.kieunguon === 'FILE') {
      return [{ ...source, key, files: source.files.map((f) => ({ ...f, thoigianbatdau: f.thoigianbatdau ?? 0, song: mediaUrl(f.url) })) }];
    }
    return [{ ...source, key }];
  });
}

/** A laid-out source list from stored sources. */
export function listFromStored(stored: readonly unknown[]): SourceList {
  return layoutTimeline(draftsFromStored(stored));
}

/** The sources to save with a programme or a schedule: every FILE must name a stored file (upload first). */
export function storedSourcesOf(list: SourceList): Source[] {
  return list.sources.map((laid): Source => {
    const base = { thoigianBatdau: laid.thoigianBatdau, liveThoigian: laid.liveThoigian, thutu: laid.thutu, sotab: laid.sotab };
    switch (laid.kieunguon) {
      case 'FILE':
        return { ...base, kieunguon: laid.kieunguon, files: laid.files.map(({ fileName, url, duration, thoigianbatdau }) => ({ fileName, url, duration, thoigianbatdau })) };
      case 'Tiếp Sóng':
        return { ...base, kieunguon: laid.kieunguon, tenkenh: laid.tenkenh, url: laid.url, thoiluong: laid.thoiluong };
      case 'Tổng Hợp Giọng Nói':
        return { ...base, kieunguon: laid.kieunguon, url: laid.url, urldownload: laid.urldownload, noidunggiongnoi: laid.noidunggiongnoi };
      case 'Thiết Bị Số Hóa':
        return { ...base, kieunguon: laid.kieunguon, url: laid.url };
    }
  });
}

/** Files of the list still waiting for upload (they carry a blob), in list order. */
export function pendingUploads(list: SourceList): { sourceIndex: number; fileIndex: number; blob: Blob; fileName: string }[] {
  return list.sources.flatMap((s, sourceIndex) =>
    s.kieunguon === 'FILE' ? s.files.flatMap((f, fileIndex) => (f.blob ? [{ sourceIndex, fileIndex, blob: f.blob, fileName: f.fileName }] : [])) : [],
  );
}

/** The list with each pending file replaced, in order, by what the server stored for it (stored key, measured duration). */
export function withStoredFiles(list: SourceList, stored: { fileName: string; url: string; duration: number }[]): SourceList {
  const pending = pendingUploads(list);
  if (stored.length !== pending.length) throw new Error('upload answer does not match the files sent');
  const replaced = new Map(pending.map((p, i) => [`${p.sourceIndex}:${p.fileIndex}`, stored[i]!]));
  const sources = list.sources.map((s, sourceIndex) => {
    if (s.kieunguon !== 'FILE') return s;
    let offset = 0;
    const files = s.files.map((f, fileIndex) => {
      const answer = replaced.get(`${sourceIndex}:${fileIndex}`);
      const next = answer ? { fileName: answer.fileName, url: answer.url, duration: answer.duration, song: mediaUrl(answer.url), thoigianbatdau: offset } : { ...f, thoigianbatdau: offset };
      offset += next.duration;
      return next;
    });
    return { ...s, files, thoigianBatdau: offset };
  });
  return layoutTimeline(sources);
}
