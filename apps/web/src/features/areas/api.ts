import type { Area, AreaCreateBody, AreaDetail, AreaUpdateBody } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** POST /v1/client/diaban/themmoi. */
export function createArea(body: AreaCreateBody): Promise<Area> {
  return api.post<Area>('/v1/client/diaban/themmoi', body);
}

/** POST /v1/client/diaban/capnhat: rename and/or move under another parent. */
export function updateArea(body: AreaUpdateBody): Promise<Area> {
  return api.post<Area>('/v1/client/diaban/capnhat', body);
}

/** POST /v1/client/diaban/xoa: refused while the area holds sub-areas, devices or accounts. */
export function deleteArea(id: string): Promise<null> {
  return api.post<null>('/v1/client/diaban/xoa', { id });
}

/** GET /v1/client/diaban: areas with their own configuration and device counts. */
export function fetchAreaDetails(): Promise<AreaDetail[]> {
  return api.get<AreaDetail[]>('/v1/client/diaban');
}
