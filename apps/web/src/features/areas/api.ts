import type { Area, AreaCreateBody, AreaGeography, AreaGeographyBody, AreaUpdateBody } from '@loa/contract';
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

/** GET /v1/client/diaban: areas with their own configuration and device counts (AreaDetail[]). */
export const AREA_DETAILS_PATH = '/v1/client/diaban';

/** GET /v1/client/diaban/diadanh: geocodes and GeoJSON boundaries of the areas in scope (AreaGeography[]). */
export const AREA_GEOGRAPHY_PATH = '/v1/client/diaban/diadanh';

/** POST /v1/client/diaban/diadanh/capnhat: an area's geocode (CAP) and/or boundary. */
export function setAreaGeography(body: AreaGeographyBody): Promise<AreaGeography> {
  return api.post<AreaGeography>('/v1/client/diaban/diadanh/capnhat', body);
}

/** POST /v1/client/diaban/diadanh/nhap: boundaries from a GeoJSON file, matched by "ma" or "ten". */
export function importAreaGeography(file: unknown): Promise<{ capnhat: string[]; bochon: string[] }> {
  return api.post<{ capnhat: string[]; bochon: string[] }>('/v1/client/diaban/diadanh/nhap', file);
}
