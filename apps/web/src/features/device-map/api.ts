import type { PublicSettings } from '@loa/contract';
import { api } from '../../lib/apiClient';

/** GET /v1/client/cauhinh: the map tile URL and attribution. */
export function fetchPublicSettings(): Promise<PublicSettings> {
  return api.get<PublicSettings>('/v1/client/cauhinh');
}
