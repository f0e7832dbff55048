import { vnIsoDay, type AsRunOutcome } from '@loa/contract';

/** The as-run screen's filters as it holds them (dates YYYY-MM-DD from the date inputs, '' for any). */
export interface AsRunFilters {
  from: string;
  to: string;
  areaId: string;
  messageType: string;
  kind: '' | 'phatngay' | 'phatlich';
  outcome: '' | AsRunOutcome;
}

/** Today in Vietnam: the day the screen opens on. */
export const todayFilters = (now = Date.now()): AsRunFilters => ({ from: vnIsoDay(now), to: '', areaId: '', messageType: '', kind: '', outcome: '' });

const WIRE: Record<keyof AsRunFilters, string> = { from: 'tu', to: 'den', areaId: 'diaban', messageType: 'loaibantin', kind: 'hinhthuc', outcome: 'ketqua' };

/** The filters as the server's query (tu, den, diaban, loaibantin, hinhthuc, ketqua); empty ones are left out. */
export function asRunParams(filters: AsRunFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(WIRE) as (keyof AsRunFilters)[]) {
    const value = filters[key].trim();
    if (value) params.set(WIRE[key], value);
  }
  return params;
}

/** Reads filters back from the screen's address; without a day it shows today. */
export function asRunFiltersFromParams(params: URLSearchParams, now = Date.now()): AsRunFilters {
  const filters = todayFilters(now);
  for (const key of Object.keys(WIRE) as (keyof AsRunFilters)[]) {
    const value = params.get(WIRE[key]);
    if (value !== null) (filters as unknown as Record<string, string>)[key] = value;
  }
  if (!params.get('tu') && params.get('den')) filters.from = '';
  return filters;
}

/** GET nhatkyphatsong: the as-run record (AsRunReport); every as-run read sits under it. */
export const AS_RUN_PATH = '/v1/client/nhatkyphatsong';
const base = AS_RUN_PATH;
const withQuery = (path: string, filters: AsRunFilters) => {
  const query = asRunParams(filters).toString();
  return `${path}${query ? `?${query}` : ''}`;
};

/** The report's address for these filters. */
export const asRunUrl = (filters: AsRunFilters): string => withQuery(base, filters);
/** The export's address (same filters, same rows). */
export const asRunExportUrl = (filters: AsRunFilters, format: 'csv' | 'xlsx'): string => withQuery(`${base}/xuat${format}`, filters);

/** A range whose start is after its end, which the server refuses. */
export const isRangeInverted = (f: AsRunFilters): boolean => !!f.from && !!f.to && f.from > f.to;
