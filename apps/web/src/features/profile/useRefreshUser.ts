import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { apiKey } from '../../lib/query/apiKey';
import { fetchProfile, PROFILE_PATH } from './api';

/**
 * Reads the user again (rights, type, area, whether a password change is due) and keeps it, then
 * marks every cached read stale: what the screens show follows the new rights and scope, and reads
 * refused before (a password change was due) are made again, without a reload.
 */
export function useRefreshUser(): () => Promise<void> {
  const { updateUser } = useAuth();
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      const fresh = await fetchProfile();
      client.setQueryData(apiKey(PROFILE_PATH), fresh);
      updateUser({ ...fresh, doimatkhau: fresh.doimatkhau ?? false });
    } catch {
      updateUser({ doimatkhau: false });
    }
    await client.invalidateQueries({ predicate: (query) => query.queryKey.join('/') !== apiKey(PROFILE_PATH).join('/') });
  }, [updateUser, client]);
}
