import type { Overview } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** GET /v1/client/tongquan: the overview counts. */
export function fetchOverview(): Promise<Overview> {
  return api.get<Overview>('/v1/client/tongquan');
}
