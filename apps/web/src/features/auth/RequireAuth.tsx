import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../../lib/sessionEnd';
import { useAuth } from './useAuth';

/** Sends a logged-out visitor to /login, remembering where they were going. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, endedBecause } = useAuth();
  const location = useLocation();
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={endedBecause ? loginPathFor(endedBecause) : '/login'} replace state={{ from }} />;
  }
  return children ?? <Outlet />;
}
