import { MSG, TTS_MAX_CHARS, TTS_MIN_CHARS, TTS_SUMMARY_CHARS } from '@loa/contract';

const thousands = new Intl.NumberFormat('en-US');

/** The counter under the text box: 'length / 3,000'. */
export function ttsCounter(text: string): string {
  return `${thousands.format(text.length)} / ${thousands.format(TTS_MAX_CHARS)}`;
}

/** The first §5 text-to-speech message that applies before converting, or null. */
export function ttsError(text: string, voice: string): string | null {
  if (text.length > TTS_MAX_CHARS) return MSG.ttsTooLong;
  if (text.trim().length < TTS_MIN_CHARS) return MSG.ttsTooShort;
  if (!voice) return MSG.ttsNoVoice;
  return null;
}

/** What the source keeps of the text: its first 40 characters and an ellipsis. */
export function ttsSummary(text: string): string {
  return `${text.slice(0, TTS_SUMMARY_CHARS)}…`;
}
