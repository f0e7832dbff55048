import type { Overview, OverviewCharts } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** Cache keys of the overview's reads: the path each one asks. */
export const OVERVIEW_PATH = '/v1/client/tongquan';
export const OVERVIEW_CHARTS_PATH = '/v1/client/tongquan/bieudo';

/** GET /v1/client/tongquan: the overview counts. */
export function fetchOverview(): Promise<Overview> {
  return api.get<Overview>(OVERVIEW_PATH);
}

/** GET /v1/client/tongquan/bieudo: the overview's charts. */
export function fetchOverviewCharts(): Promise<OverviewCharts> {
  return api.get<OverviewCharts>(OVERVIEW_CHARTS_PATH);
}
