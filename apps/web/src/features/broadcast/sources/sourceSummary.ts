import { DIGITAL_DEVICE_FIXED_DURATION, formatDuration } from '@loa/contract';
import type { MessageId } from '../../../i18n/vi';
import type { DraftSource } from '../types';

/** The i18n id of a source kind's name. */
export const KIND_LABEL: Record<DraftSource['kieunguon'], MessageId> = {
  FILE: 'source.kind.file',
  'Tiếp Sóng': 'source.kind.relay',
  'Tổng Hợp Giọng Nói': 'source.kind.tts',
  'Thiết Bị Số Hóa': 'source.kind.digital',
};

/** What a source card says about its content. */
export function sourceTitle(source: DraftSource): string {
  switch (source.kieunguon) {
    case 'FILE':
      return source.files.map((f) => f.fileName).join(', ');
    case 'Tiếp Sóng':
      return source.tenkenh;
    case 'Tổng Hợp Giọng Nói':
      return source.noidunggiongnoi ?? '';
    case 'Thiết Bị Số Hóa':
      return source.url ?? '';
  }
}

/** A source's duration as its card shows it; a digital device always shows 00:30:00 (spec §3). */
export function sourceDurationText(source: DraftSource): string {
  return source.kieunguon === 'Thiết Bị Số Hóa' ? DIGITAL_DEVICE_FIXED_DURATION : formatDuration(source.thoigianBatdau);
}
