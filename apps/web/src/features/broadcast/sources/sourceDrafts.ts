import { RELAY_FREE_ENTRY, SOURCE_KINDS } from '@loa/contract';
import type { DraftFile, DraftSource, FileSource, RelaySource, TtsSource } from '../types';
import { newSourceKey } from '../types';
import { relaySeconds } from './relayRules';
import { ttsSummary } from './ttsRules';

/** Tab positions of the choose-source dialog; a source remembers its tab as `sotab`. */
export const TABS = { files: 0, relay: 1, digital: 2, tts: 3, record: 4 } as const;
export type TabIndex = (typeof TABS)[keyof typeof TABS];

/** The tab of a source's own kind (the only one enabled when editing it). */
export function tabOfSource(source: DraftSource): TabIndex {
  switch (source.kieunguon) {
    case 'FILE':
      return TABS.files;
    case 'Tiếp Sóng':
      return TABS.relay;
    case 'Tổng Hợp Giọng Nói':
      return TABS.tts;
    case 'Thiết Bị Số Hóa':
      return TABS.digital;
  }
}

/** Relay tab fields: a channel id or free entry, with the name, path and minutes as typed. */
export interface RelayFields {
  channel: string;
  tenkenh: string;
  url: string;
  minutes: string;
}

/** Text-to-speech tab fields and the last successful conversion. */
export interface TtsFields {
  engine: string;
  text: string;
  voice: string;
  result: { url: string; urldownload: string; thoiluong: number } | null;
}

export const EMPTY_RELAY: RelayFields = { channel: RELAY_FREE_ENTRY, tenkenh: '', url: '', minutes: '' };
export const EMPTY_TTS: TtsFields = { engine: '', text: '', voice: '', result: null };

/** Files with their offsets inside the source, and the source's duration. */
export function fileSource(files: DraftFile[], sotab: number, key = newSourceKey()): FileSource & { key: string } {
  let offset = 0;
  const laid = files.map((file) => {
    const placed = { ...file, thoigianbatdau: offset };
    offset += file.duration;
    return placed;
  });
  return { key, kieunguon: SOURCE_KINDS.file, sotab, files: laid, thoigianBatdau: offset };
}

/** A relay source: minutes stored × 60. */
export function relaySource(fields: RelayFields, key = newSourceKey()): RelaySource & { key: string } {
  const thoiluong = relaySeconds(fields.minutes);
  return { key, kieunguon: SOURCE_KINDS.relay, sotab: TABS.relay, tenkenh: fields.tenkenh.trim(), url: fields.url.trim(), thoiluong, thoigianBatdau: thoiluong };
}

/** A text-to-speech source from a successful conversion. */
export function ttsSource(fields: TtsFields & { result: NonNullable<TtsFields['result']> }, key = newSourceKey()): TtsSource & { key: string } {
  return {
    key,
    kieunguon: SOURCE_KINDS.tts,
    sotab: TABS.tts,
    url: fields.result.url,
    urldownload: fields.result.urldownload,
    noidunggiongnoi: ttsSummary(fields.text),
    thoigianBatdau: fields.result.thoiluong,
    noidung: fields.text,
    giongdoc: fields.voice,
    congcu: fields.engine,
  };
}

/** The relay tab's fields for an existing source (its channel when the address is one of them). */
export function relayFieldsOf(source: RelaySource, channels: { _id: string; url: string }[]): RelayFields {
  const channel = channels.find((c) => c.url === source.url || c._id === source.url);
  return { channel: channel?._id ?? RELAY_FREE_ENTRY, tenkenh: source.tenkenh, url: source.url, minutes: String(source.thoiluong / 60) };
}

/** The text-to-speech tab's fields for an existing source. */
export function ttsFieldsOf(source: TtsSource): TtsFields {
  return { engine: source.congcu ?? '', text: source.noidung ?? '', voice: source.giongdoc ?? '', result: { url: source.url ?? '', urldownload: source.urldownload ?? source.url ?? '', thoiluong: source.thoigianBatdau } };
}
