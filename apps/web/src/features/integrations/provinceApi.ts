import { api } from '../../lib/apiClient';

const BASE = '/v1/client/ketnoi/httt-nguon';

/** GET: the province connector's state and the administrator's unsent messages (ProvinceConnector). */
export const PROVINCE_CONNECTOR_PATH = BASE;

/** Sends one waiting or refused message again now, or all of them (no id). */
export const retryProvinceMessages = (id?: string): Promise<{ soluong: number }> => api.post<{ soluong: number }>(`${BASE}/guilai`, id ? { id } : {});

/** Pushes every area and device to the province again. */
export const resyncProvince = (): Promise<{ sodiaban: number; sothietbi: number }> => api.post<{ sodiaban: number; sothietbi: number }>(`${BASE}/dongbo`, {});
