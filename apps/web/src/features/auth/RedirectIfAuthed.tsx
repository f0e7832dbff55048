import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { DEFAULT_PATH } from '@loa/contract';
import { useAuth } from './useAuth';

/** A logged-in user who opens /login goes to the default path (spec §2). */
export function RedirectIfAuthed({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? <Navigate to={DEFAULT_PATH} replace /> : children;
}
