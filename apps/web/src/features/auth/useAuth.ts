import { useContext } from 'react';
import type { RightValue } from '@loa/contract';
import { AuthContext, type AuthValue } from './AuthProvider';

/** The logged-in user (or null) and its updaters. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/** The logged-in user; only for screens behind the route guard. */
export function useCurrentUser() {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser needs a logged-in user');
  return user;
}

/** Whether the user's quyenhan list holds the right (spec §6). */
export function hasRight(user: { quyenhan: { value: string }[] } | null, right: RightValue): boolean {
  return !!user?.quyenhan?.some((entry) => entry.value === right);
}
