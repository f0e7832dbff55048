import type { Source } from '@loa/contract';

/** A chosen audio file of a FILE source, kept in the browser until the broadcast uploads it. */
export interface DraftFile {
  /** Original name; also the filename of its multipart `files` part. */
  fileName: string;
  /** Unique stored name: timestamp + random hex + original name. */
  url: string;
  /** Seconds. */
  duration: number;
  /** Offset inside its source, seconds. */
  thoigianbatdau: number;
  blob: Blob;
  /** Playable object URL of the blob. */
  song: string;
}

export type FileSource = Omit<Extract<Source, { kieunguon: 'FILE' }>, 'files'> & { files: DraftFile[] };
export type RelaySource = Extract<Source, { kieunguon: 'Tiếp Sóng' }>;
/** `noidung` and `giongdoc` stay in the browser so the edit dialog can show them again. */
export type TtsSource = Extract<Source, { kieunguon: 'Tổng Hợp Giọng Nói' }> & { noidung?: string; giongdoc?: string; congcu?: string };
export type DigitalSource = Extract<Source, { kieunguon: 'Thiết Bị Số Hóa' }>;

/** A source as the broadcast dialog holds it (spec §3 Source, plus the browser-only blobs); `key` identifies it while dragging. */
export type DraftSource = (FileSource | RelaySource | TtsSource | DigitalSource) & { key: string };

let lastKey = 0;
/** A fresh key for a new source (a counter: randomUUID is missing on plain-http pages). */
export const newSourceKey = (): string => `source-${(lastKey += 1)}`;
