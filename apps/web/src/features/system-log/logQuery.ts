/** The system log's filters as the screen holds them (dates as YYYY-MM-DD from the date inputs). */
export interface LogFilters {
  user: string;
  action: string;
  areaId: string;
  from: string;
  to: string;
}

export const EMPTY_LOG_FILTERS: LogFilters = { user: '', action: '', areaId: '', from: '', to: '' };

const WIRE: Record<keyof LogFilters, string> = { user: 'nguoidung', action: 'hanhdong', areaId: 'diaban', from: 'tu', to: 'den' };

/** The filters as the server's query (nguoidung, hanhdong, diaban, tu, den); empty ones are left out. */
export function logFilterParams(filters: LogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(WIRE) as (keyof LogFilters)[]) {
    const value = filters[key].trim();
    if (value) params.set(WIRE[key], value);
  }
  return params;
}

/** Reads filters back from a query string (the screen keeps them in its address). */
export function logFiltersFromParams(params: URLSearchParams): LogFilters {
  const filters = { ...EMPTY_LOG_FILTERS };
  for (const key of Object.keys(WIRE) as (keyof LogFilters)[]) filters[key] = params.get(WIRE[key]) ?? '';
  return filters;
}

/** The query of one page: filters, page size and, after the first page, the cursor `sau`. */
export function logPageQuery(filters: LogFilters, pageSize: number, after: string | null): string {
  const params = logFilterParams(filters);
  params.set('sodong', String(pageSize));
  if (after) params.set('sau', after);
  return params.toString();
}

/** The CSV export's address with the same filters. */
export function logCsvUrl(filters: LogFilters): string {
  const query = logFilterParams(filters).toString();
  return `/v1/client/nhatky/xuatcsv${query ? `?${query}` : ''}`;
}

/** A date range whose start is after its end, which the server refuses. */
export function isRangeInverted(filters: LogFilters): boolean {
  return !!filters.from && !!filters.to && filters.from > filters.to;
}
