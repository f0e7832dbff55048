import type { AgentPackage, Rollout, RolloutCreateBody } from '@loa/contract';
import { api } from '../../lib/apiClient';

const BASE = '/v1/client/capnhat';
export const PACKAGES_PATH = `${BASE}/goi/danhsach`;
export const ROLLOUTS_PATH = `${BASE}/trienkhai/danhsach`;
/** However many boxes report at once, the rollouts are read again at most this often (EVENTS.rolloutsChanged). */
export const ROLLOUT_REFRESH_MS = 1000;

/** POST goi/tailen: a package and its detached signature (the .sig file's text). */
export function uploadPackage(file: File, signature: File): Promise<AgentPackage> {
  const form = new FormData();
  form.append('tep', file, file.name);
  form.append('chuky', signature, signature.name);
  return api.post<AgentPackage>(`${BASE}/goi/tailen`, form);
}

export function createRollout(body: RolloutCreateBody): Promise<Rollout> {
  return api.post<Rollout>(`${BASE}/trienkhai/themmoi`, body);
}

export type RolloutAction = 'tamdung' | 'tieptuc' | 'hoanlai';

/** POST trienkhai/tamdung | tieptuc | hoanlai. */
export function actOnRollout(action: RolloutAction, id: string): Promise<Rollout> {
  return api.post<Rollout>(`${BASE}/trienkhai/${action}`, { id });
}
