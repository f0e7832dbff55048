import { useCallback, useState } from 'react';
import { DEFAULT_PATH } from '@loa/contract';
import { errorMessage } from '../../lib/apiClient';
import { hardNavigation, safeInternalPath } from '../../lib/navigation';
import { readStoredDeviceId, writeStoredUser } from '../../lib/userStorage';
import { login } from './api';
import { clientPlace } from './clientPlace';

/** Submits the login, saves the user and reloads the app at `from` (spec §4). */
export function useLogin(from: unknown) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(
    async (tentaikhoan: string, password: string) => {
      setSubmitting(true);
      setError(null);
      try {
        const user = await login({ tentaikhoan, password, token: null, DiaDiem: clientPlace(), DeviceID: readStoredDeviceId() });
        writeStoredUser(user);
        hardNavigation.go(safeInternalPath(from, DEFAULT_PATH));
      } catch (caught) {
        setError(errorMessage(caught));
        setSubmitting(false);
      }
    },
    [from],
  );
  return { submit, submitting, error };
}
