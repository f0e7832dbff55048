import { useEffect } from 'react';
import { passwordChangeSignal } from '../../lib/passwordChangeSignal';
import { useAuth } from '../auth/useAuth';

/** Marks the user as having to change the password when the server says so (the reset happened after sign-in). */
export function usePasswordChangeRequired(): void {
  const { updateUser } = useAuth();
  useEffect(() => passwordChangeSignal.subscribe(() => updateUser({ doimatkhau: true })), [updateUser]);
}
