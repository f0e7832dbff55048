import { z } from 'zod';
import { TTS_MAX_CHARS, TTS_MIN_CHARS, TTS_SUMMARY_CHARS, VOICES } from '../constants';

export const TTS_MESSAGES = {
  engineUnknown: 'Không có bộ chuyển văn bản thành giọng nói này, hoặc nó chưa được cấu hình!',
} as const;

/** An engine the server offers: the offline one always, cloud providers when configured. */
export const ttsEngineSchema = z.object({
  id: z.string().describe('Đoạn đường dẫn của POST /v1/client/tts/{engine}'),
  label: z.string(),
});
export type TtsEngineInfo = z.infer<typeof ttsEngineSchema>;
export const ttsEngineListSchema = z.array(ttsEngineSchema);

export const ttsEngineParamsSchema = z.object({
  engine: z.string().describe('Mã bộ chuyển giọng nói: espeak (ngoại tuyến), fpt, viettel'),
});

/**
 * Conversion request (spec §7). Deliberately loose: the service checks length, then voice, in the
 * order of spec §5, so each failure answers its own message.
 */
export const ttsConvertBodySchema = z.object({
  input: z.string().default('').describe(`Văn bản cần đọc, từ ${TTS_MIN_CHARS} đến ${TTS_MAX_CHARS} ký tự`),
  speaker_id: z.string().optional().describe(`Mã giọng đọc: ${VOICES.map((v) => v.id).join(', ')}`),
  fimename: z.union([z.string(), z.number()]).optional().describe('Mốc thời gian do giao diện gửi; chỉ dùng để đặt tên tệp'),
});
export type TtsConvertBody = z.infer<typeof ttsConvertBodySchema>;

/** The stored MP3 of a conversion; noidunggiongnoi is what a text-to-speech source keeps (spec §3). */
export const ttsResultSchema = z.object({
  url: z.string().describe('Đường dẫn nghe tệp MP3'),
  urldownload: z.string().describe('Đường dẫn tải tệp MP3 về'),
  thoiluong: z.number().describe('Thời lượng, giây'),
  noidunggiongnoi: z.string().describe(`${TTS_SUMMARY_CHARS} ký tự đầu của văn bản và dấu ba chấm`),
});
export type TtsResult = z.infer<typeof ttsResultSchema>;

export const ttsDownloadParamsSchema = z.object({ file: z.string() });
