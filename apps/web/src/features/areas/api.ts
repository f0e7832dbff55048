import type { Area, AreaCreateBody, AreaUpdateBody } from '@loa/contract';
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
