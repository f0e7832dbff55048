import type { MediaItem, Programme, Source } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** What a programme is saved with (themmoi; capnhat adds the id). */
export interface ProgrammeBody {
  ten: string;
  loaibantin: number;
  nguonphat: Source[];
}

/** GET chuongtrinh/danhsach: the programme library, latest change first. */
export const fetchProgrammes = () => api.get<Programme[]>('/v1/client/chuongtrinh/danhsach');

/** POST chuongtrinh/themmoi or capnhat (with an id). */
export function saveProgramme(body: ProgrammeBody & { id?: string }): Promise<Programme> {
  return api.post<Programme>(`/v1/client/chuongtrinh/${body.id ? 'capnhat' : 'themmoi'}`, body);
}

/** POST chuongtrinh/xoa (409 while a schedule uses it). */
export const deleteProgramme = (id: string) => api.post<null>('/v1/client/chuongtrinh/xoa', { id });

/** GET thuvien: stored audio with how often programmes and schedules use it. */
export const fetchMedia = (q: string) => api.get<MediaItem[]>(`/v1/client/thuvien${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ''}`);

/** POST thuvien/doiten. */
export const renameMedia = (key: string, ten: string) => api.post<unknown>('/v1/client/thuvien/doiten', { key, ten });

/** POST thuvien/xoa (refused while used). */
export const deleteMedia = (key: string) => api.post<unknown>('/v1/client/thuvien/xoa', { key });
