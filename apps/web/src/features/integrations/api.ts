import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated } from '@loa/contract';
import { api } from '../../lib/apiClient';

const KEYS = '/v1/client/khoaapi';

/** GET danhsach: the administrator's keys, revoked ones too. */
export const fetchApiKeys = (): Promise<ApiKey[]> => api.get<ApiKey[]>(`${KEYS}/danhsach`);

/** POST themmoi: answers the key and its secret (shown once). */
export const createApiKey = (body: ApiKeyCreateBody): Promise<ApiKeyCreated> => api.post<ApiKeyCreated>(`${KEYS}/themmoi`, body);

/** POST thuhoi. */
export const revokeApiKey = (id: string): Promise<ApiKey> => api.post<ApiKey>(`${KEYS}/thuhoi`, { id });
