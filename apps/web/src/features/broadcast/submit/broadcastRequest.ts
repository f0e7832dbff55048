import { storedSourcesOf } from '../sources/storedSources';
import { EMERGENCY_PRIORITY, REPEAT_COUNT_DEFAULT, type BroadcastInfo, type RepeatMode, type Source, type User } from '@loa/contract';
import type { SourceList } from '../sources/sourceList';

/** What the broadcast-now dialog's fields hold. */
export interface BroadcastForm {
  tieude: string;
  diabanchon: string[];
  thietbichon: string[];
  loaibantin: number | null;
  uutien: number | null;
  kieulaplai: RepeatMode;
  /** Typed in minutes; stored in seconds. */
  intervalMinutes: string;
  solanlaplai: string;
}

export const EMPTY_FORM: BroadcastForm = {
  tieude: '',
  diabanchon: [],
  thietbichon: [],
  loaibantin: null,
  uutien: EMERGENCY_PRIORITY,
  kieulaplai: 0,
  intervalMinutes: '',
  solanlaplai: String(REPEAT_COUNT_DEFAULT),
};

/** The value the immediate broadcast's chedophat carries (the only one spec §3 shows). */
export const BROADCAST_MODE = 'Phát theo lịch';

/**
 * The broadcast request (thongtin, spec §3) for the form, the laid-out sources and the user;
 * `takeover`: broadcasts of the same priority the officer chose to interrupt (ngatphat).
 */
export function buildBroadcastInfo(form: BroadcastForm, total: number, user: Pick<User, 'userID' | 'idAdmin'>, now: number = Date.now(), takeover: string[] = []): BroadcastInfo {
  const repeating = form.kieulaplai !== 0;
  return {
    tieude: form.tieude.trim(),
    chedophat: BROADCAST_MODE,
    thutrongtuan: [],
    thoigianbatdau: now,
    thoigianketthuc: now + total * 1000,
    thoiluong: total,
    nguoitao: user.userID,
    diabanchon: form.diabanchon,
    thietbichon: form.thietbichon,
    thoigianBatdauTimeline: now,
    loaibantin: form.loaibantin,
    uutien: form.uutien,
    idAdmin: user.idAdmin,
    kieulaplai: form.kieulaplai,
    thoigianlaplai: form.kieulaplai === 2 ? Math.round(Number(form.intervalMinutes || 0) * 60) : 0,
    solanlaplai: repeating ? Number(form.solanlaplai || 0) : REPEAT_COUNT_DEFAULT,
    ngatphat: takeover,
  };
}

/** The sources as sent (nguonphat): the stored form, plus who sends them and for which programme. */
export function serializeSources(list: SourceList, form: BroadcastForm, userId: string): Source[] {
  return storedSourcesOf(list).map((source) => ({ ...source, userId, thongtin: { tieude: form.tieude.trim(), nguoitao: userId } }));
}

/** The multipart body of POST phatngay/phatngay: thongtin, nguonphat, then one `files` part per chosen MP3. */
export function buildBroadcastBody(info: BroadcastInfo, sources: Source[], list: SourceList): FormData {
  const body = new FormData();
  // The JSON parts go first so the server can refuse a request before it stores any file.
  body.append('thongtin', JSON.stringify(info));
  body.append('nguonphat', JSON.stringify(sources));
  for (const source of list.sources) {
    if (source.kieunguon !== 'FILE') continue;
    // Stored files (from a programme) are referenced by key and not sent again.
    for (const file of source.files) if (file.blob) body.append('files', file.blob, file.fileName);
  }
  return body;
}

/** The chosen files of the list, in upload order. */
export function uploadFiles(list: SourceList): { fileName: string; size: number }[] {
  return list.sources.flatMap((s) => (s.kieunguon === 'FILE' ? s.files.flatMap((f) => (f.blob ? [{ fileName: f.fileName, size: f.blob.size }] : [])) : []));
}

/** Per-file percent from the whole request's percent, sharing it out by size in upload order. */
export function fileProgress(sizes: number[], percent: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let sent = (Math.min(100, Math.max(0, percent)) / 100) * total;
  return sizes.map((size) => {
    const part = size === 0 ? (percent >= 100 ? 1 : 0) : Math.min(1, sent / size);
    sent = Math.max(0, sent - size);
    return Math.round(part * 100);
  });
}
