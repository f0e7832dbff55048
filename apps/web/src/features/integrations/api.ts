import type { ApiKey, ApiKeyCreateBody, ApiKeyCreated, CapFeed, CapPolicy } from '@loa/contract';
import { api } from '../../lib/apiClient';

const KEYS = '/v1/client/khoaapi';

/** GET danhsach: the administrator's keys, revoked ones too (ApiKey[]). */
export const API_KEYS_PATH = `${KEYS}/danhsach`;

/** POST themmoi: answers the key and its secret (shown once). */
export const createApiKey = (body: ApiKeyCreateBody): Promise<ApiKeyCreated> => api.post<ApiKeyCreated>(`${KEYS}/themmoi`, body);

/** POST thuhoi. */
export const revokeApiKey = (id: string): Promise<ApiKey> => api.post<ApiKey>(`${KEYS}/thuhoi`, { id });

const CAP = '/v1/client/cap';

/** GET danhsach: the alerts received and what each became (CapAlert[]). */
export const CAP_ALERTS_PATH = `${CAP}/danhsach`;

/** GET / POST chinhsach: the administrator's policy (tudong: Extreme/Severe + Immediate at once; duyet: always a draft). */
export const CAP_POLICY_PATH = `${CAP}/chinhsach`;
export const saveCapPolicy = (chinhsach: CapPolicy): Promise<{ chinhsach: CapPolicy }> => api.post<{ chinhsach: CapPolicy }>(`${CAP}/chinhsach`, { chinhsach });

/** GET nguon: the feeds polled (CapFeed[]). */
export const CAP_FEEDS_PATH = `${CAP}/nguon`;

/** POST nguon/themmoi (the server polls it at once). */
export const addCapFeed = (url: string): Promise<CapFeed> => api.post<CapFeed>(`${CAP}/nguon/themmoi`, { url });

/** POST nguon/layngay. */
export const pollCapFeed = (id: string): Promise<CapFeed> => api.post<CapFeed>(`${CAP}/nguon/layngay`, { id });

/** POST nguon/xoa. */
export const removeCapFeed = (id: string): Promise<null> => api.post<null>(`${CAP}/nguon/xoa`, { id });
