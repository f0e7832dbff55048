import type {
  Area, Device, DeviceConfigBody, DeviceCreateBody, DeviceSecret, DeviceUpdateBody,
} from '@loa/contract';
import { api } from '../../lib/apiClient';

const BASE = '/v1/client/thietbi';
/** The server's largest page: the console loads a whole fleet in one call and filters it locally. */
export const ALL_DEVICES_LIMIT = 20_000;

/** GET /v1/client/thietbi: the areas in the user's scope, sorted by level then name. */
export function fetchAreas(): Promise<Area[]> {
  return api.get<Area[]>(BASE);
}

/** The areas in scope (GET /v1/client/thietbi) and what invalidates every device read. */
export const DEVICES_BASE = BASE;
/** GET danhsachthietbi with the largest page: every device in scope. */
export const ALL_DEVICES_PATH = `${BASE}/danhsachthietbi?limit=${ALL_DEVICES_LIMIT}&sort=tenthietbi&order=asc`;

/** Every device in scope. */
export async function fetchAllDevices(): Promise<Device[]> {
  const answer = await api.get<{ items: Device[]; total: number }>(ALL_DEVICES_PATH);
  return answer.items;
}

/** GET thongtin: a device with its own and its effective configuration (DeviceDetail). */
export const deviceDetailPath = (id: string): string => `${BASE}/thongtin?id=${encodeURIComponent(id)}`;

/** POST themmoi: adds a device; the secret in the answer is never shown again. */
export function createDevice(body: DeviceCreateBody): Promise<{ thietbi: Device; secret: string }> {
  return api.post(`${BASE}/themmoi`, body);
}

/** POST capnhat: edits a device's registry data. */
export function updateDevice(body: DeviceUpdateBody): Promise<Device> {
  return api.post<Device>(`${BASE}/capnhat`, body);
}

/** POST reset: a new secret; the device's current connection is cut. */
export async function resetDeviceSecret(id: string): Promise<DeviceSecret> {
  const answer = await api.post<{ items: DeviceSecret[] }>(`${BASE}/reset`, { id });
  const issued = answer.items[0];
  if (!issued) throw new Error('reset answered no secret');
  return issued;
}

/** POST xoa. */
export function deleteDevice(id: string): Promise<null> {
  return api.post<null>(`${BASE}/xoa`, { id });
}

/** POST dieukhien: sets the volume (0..100). */
export function setDeviceVolume(id: string, amluong: number): Promise<null> {
  return api.post<null>(`${BASE}/dieukhien`, { id, lenh: 'amluong', amluong });
}

/** POST dieukhien: reboots the device. */
export function rebootDevice(id: string): Promise<null> {
  return api.post<null>(`${BASE}/dieukhien`, { id, lenh: 'khoidonglai' });
}

/** POST update: configures one device (id) or a whole area (diaban). */
export function configureDevices(body: DeviceConfigBody): Promise<null> {
  return api.post<null>(`${BASE}/update`, body);
}

/** GET lichsuketnoi: one page of connection history, newest first (ConnectionHistory). */
export const connectionHistoryPath = (id: string, page: number, limit: number): string => `${BASE}/lichsuketnoi?id=${encodeURIComponent(id)}&page=${page}&limit=${limit}`;

/** GET lichsubantin: one page of play history, newest first (PlayHistory). */
export const playHistoryPath = (id: string, page: number, limit: number): string => `${BASE}/lichsubantin?id=${encodeURIComponent(id)}&page=${page}&limit=${limit}`;
