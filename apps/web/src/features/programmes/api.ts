import type { Programme, Source } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** What a programme is saved with (themmoi; capnhat adds the id). */
export interface ProgrammeBody {
  ten: string;
  loaibantin: number;
  nguonphat: Source[];
}

/** Every programme read sits under this route. */
export const PROGRAMMES_BASE = '/v1/client/chuongtrinh';
/** GET chuongtrinh/danhsach: the programme library, latest change first (Programme[]). */
export const PROGRAMMES_PATH = `${PROGRAMMES_BASE}/danhsach`;

/** POST chuongtrinh/themmoi or capnhat (with an id). */
export function saveProgramme(body: ProgrammeBody & { id?: string }): Promise<Programme> {
  return api.post<Programme>(`/v1/client/chuongtrinh/${body.id ? 'capnhat' : 'themmoi'}`, body);
}

/** POST chuongtrinh/xoa (409 while a schedule uses it). */
export const deleteProgramme = (id: string) => api.post<null>('/v1/client/chuongtrinh/xoa', { id });

/** Every media read sits under this route. */
export const MEDIA_BASE = '/v1/client/thuvien';
/** GET thuvien: stored audio with how often programmes and schedules use it (MediaItem[]), for a search text. */
export const mediaPath = (q: string): string => `${MEDIA_BASE}${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ''}`;

/** POST thuvien/doiten. */
export const renameMedia = (key: string, ten: string) => api.post<unknown>('/v1/client/thuvien/doiten', { key, ten });

/** POST thuvien/xoa (refused while used). */
export const deleteMedia = (key: string) => api.post<unknown>('/v1/client/thuvien/xoa', { key });
