import { CAP_LABELS, TTS_MAX_CHARS } from '@loa/contract';
import type { CapInfo, CapMessage } from './capAlert';

const sentence = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return !t ? '' : /[.!?…:;]$/.test(t) ? t : `${t}.`;
};

/** Whether the policy broadcasts the alert at once: an actual Extreme or Severe alert of Immediate urgency. */
export const broadcastsAtOnce = (message: CapMessage, info: CapInfo): boolean =>
  message.status === 'Actual' && (info.severity === 'Extreme' || info.severity === 'Severe') && info.urgency === 'Immediate';

/** The programme title of the bulletin (what the live panel, schedules and the log show). */
export function bulletinTitle(message: CapMessage, info: CapInfo): string {
  const what = info.headline || info.event;
  const prefix = message.msgType === 'Update' ? 'Cập nhật cảnh báo' : 'Cảnh báo';
  return `${prefix}: ${what}`.slice(0, 200);
}

/**
 * The Vietnamese bulletin read out on the speakers: an opening that says how urgent it is, who
 * warns, the headline, the severity in words, the description and what to do. Kept under the
 * speech limit by shortening the description, never the instruction.
 */
export function bulletinText(message: CapMessage, info: CapInfo): string {
  const urgent = broadcastsAtOnce(message, info);
  const opening = message.msgType === 'Update' ? 'Cập nhật thông tin cảnh báo.' : urgent ? 'Thông báo khẩn cấp.' : 'Thông báo cảnh báo.';
  const head = [
    opening,
    message.status === 'Exercise' ? 'Đây là tin diễn tập.' : '',
    info.senderName ? sentence(`${info.senderName} thông báo`) : '',
    sentence(info.headline || info.event),
    sentence(`Mức độ: ${CAP_LABELS.severity[info.severity]}`),
  ].filter(Boolean).join(' ');
  const tail = info.instruction ? sentence(`Hướng dẫn: ${info.instruction}`) : '';
  const room = TTS_MAX_CHARS - head.length - tail.length - 2;
  let description = sentence(info.description);
  if (description.length > room) description = `${description.slice(0, Math.max(0, room - 1)).trimEnd()}…`;
  return [head, description, tail].filter(Boolean).join(' ').slice(0, TTS_MAX_CHARS);
}
