import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth/useAuth';
import { apiKey } from '../../lib/query/apiKey';
import { fetchProfile, PROFILE_PATH } from './api';

/** Readings of the user started so far: an answer is kept only if no later reading began before it came. */
let readings = 0;

/**
 * Reads the user again (rights, type, area, whether a password change is due) and keeps it, then
 * marks every cached read stale: what the screens show follows the new rights and scope, and reads
 * refused before (a password change was due) are made again, without a reload. With
 * `{ reads: false }` only the user is read again.
 */
export function useRefreshUser(): (options?: { reads?: boolean }) => Promise<void> {
  const { updateUser } = useAuth();
  const client = useQueryClient();
  return useCallback(async ({ reads = true }: { reads?: boolean } = {}) => {
    const reading = (readings += 1);
    try {
      const fresh = await fetchProfile();
      // A slower, older answer (the reading when the connection came up) must not undo a newer one.
      if (reading !== readings) return;
      client.setQueryData(apiKey(PROFILE_PATH), fresh);
      updateUser({ ...fresh, doimatkhau: fresh.doimatkhau ?? false });
    } catch {
      updateUser({ doimatkhau: false });
    }
    if (!reads) return;
    await client.invalidateQueries({ predicate: (query) => query.queryKey.join('/') !== apiKey(PROFILE_PATH).join('/') });
  }, [updateUser, client]);
}
