import type { Source } from '@loa/contract';

/** An audio file of a FILE source: chosen in the browser (with its blob) until uploaded, or already stored on the server (no blob). */
export interface DraftFile {
  /** Original name; also the filename of its multipart `files` part. */
  fileName: string;
  /** Unique stored name (timestamp + random hex + original name), or the stored key ('audio/…') of an uploaded file. */
  url: string;
  /** Seconds. */
  duration: number;
  /** Offset inside its source, seconds. */
  thoigianbatdau: number;
  /** The chosen file; absent once it is stored on the server. */
  blob?: Blob;
  /** Playable address: an object URL of the blob, or the stored file's /media address. */
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
