import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/** The cache is one user's: cleared when the user changes or signs out (in the first load, unlike the socket sync). */
export function useClearCacheOnUserChange(userID: string | null): void {
  const client = useQueryClient();
  const previousUser = useRef(userID);
  useEffect(() => {
    if (previousUser.current === userID) return;
    previousUser.current = userID;
    client.clear();
  }, [client, userID]);
}
