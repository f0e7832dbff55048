import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './api';
import { useAuth } from './useAuth';

/** Logout of spec §4: clear local user data first, then tell the server, then go to /login. */
export function useLogout(): () => Promise<void> {
  const { clearUser } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    clearUser();
    try {
      await logout();
    } catch {
      // The local session is already gone; a failed call changes nothing for the user.
    }
    navigate('/login', { replace: true });
  }, [clearUser, navigate]);
}
