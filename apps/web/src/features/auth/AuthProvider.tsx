import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '@loa/contract';
import type { SessionEndReason } from '../../lib/sessionEnd';
import { clearStoredUser, readStoredUser, USER_STORAGE_KEY, writeStoredUser } from '../../lib/userStorage';

export interface AuthValue {
  user: User | null;
  /** Replaces the user (merged into the stored one) and saves it. */
  updateUser: (patch: Partial<User>) => void;
  /** Clears the local user data; the caller decides where to go next. */
  clearUser: () => void;
  /** Ends the session for a reason not the user's own sign-out: the route guard takes the user to /login saying why. */
  endSession: (reason: SessionEndReason) => void;
  /** Why the last session ended, when it was not the user's own sign-out. */
  endedBecause: SessionEndReason | null;
}

export const AuthContext = createContext<AuthValue | null>(null);

/** Holds the logged-in user, kept in localStorage (spec §3, §4). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(readStoredUser);

  const updateUser = useCallback((patch: Partial<User>) => {
    setUser((current) => {
      if (!current) return current;
      const next: User = { ...current, ...patch, userID: patch.userID || current.userID, DeviceID: current.DeviceID || patch.DeviceID || '' };
      // The same user read again (as after each reconnection): nothing to save, no re-render of the console.
      if (JSON.stringify(next) === JSON.stringify(current)) return current;
      writeStoredUser(next);
      return next;
    });
  }, []);

  const [endedBecause, setEndedBecause] = useState<SessionEndReason | null>(null);
  const clearUser = useCallback(() => {
    clearStoredUser();
    setEndedBecause(null);
    setUser(null);
  }, []);
  // One end, two reasons (a lock also signs the account out on every device, and both events come
  // together): the first, which the server sends first, says why; a new sign-in starts afresh.
  const ended = useRef<SessionEndReason | null>(null);
  useEffect(() => {
    if (user) ended.current = null;
  }, [user]);
  const endSession = useCallback((reason: SessionEndReason) => {
    if (ended.current) return;
    ended.current = reason;
    clearStoredUser();
    setEndedBecause(reason);
    setUser(null);
  }, []);

  // A logout in another tab ends this tab's session too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === USER_STORAGE_KEY && event.newValue === null) setUser(null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo(() => ({ user, updateUser, clearUser, endSession, endedBecause }), [user, updateUser, clearUser, endSession, endedBecause]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
